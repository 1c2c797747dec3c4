import { Group, Select, type SelectProps } from "@mantine/core";
import { IconWorld } from "@tabler/icons-react";
import type { Country } from "@vela/shared/reference";
import { useMemo } from "react";
import { FlagImage } from "./flag-image";

type CountrySearchSelectProps = Omit<SelectProps, "data" | "value" | "onChange"> & {
  countries: Country[];
  value: number | null;
  onChange: (country: Country | null) => void;
};

/**
 * A searchable country picker with each country's flag, for long lists (every country in the
 * world) where typing a few letters beats scrolling. Keyed by country id.
 */
export const CountrySearchSelect = ({ countries, value, onChange, ...props }: CountrySearchSelectProps) => {
  const byId = useMemo(() => new Map(countries.map((country) => [String(country.id), country])), [countries]);
  const data = useMemo(
    () => countries.map((country) => ({ value: String(country.id), label: country.name })),
    [countries],
  );
  const selected = value === null ? undefined : byId.get(String(value));
  return (
    <Select
      searchable
      limit={60}
      nothingFoundMessage="—"
      {...props}
      data={data}
      value={selected ? String(selected.id) : null}
      onChange={(id) => onChange(id ? (byId.get(id) ?? null) : null)}
      leftSection={
        selected ? <FlagImage url={selected.flag_url} size={16} /> : <IconWorld size={18} aria-hidden />
      }
      leftSectionPointerEvents="none"
      renderOption={({ option }) => {
        const country = byId.get(option.value);
        return (
          <Group gap="sm" wrap="nowrap">
            {country ? <FlagImage url={country.flag_url} size={14} /> : null}
            <span>{option.label}</span>
          </Group>
        );
      }}
    />
  );
};
