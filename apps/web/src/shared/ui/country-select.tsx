import { NativeSelect } from "@mantine/core";
import { IconWorld } from "@tabler/icons-react";
import type { Country } from "@vela/shared/reference";
import { useMemo } from "react";
import { FlagImage } from "./flag-image";

type CountrySelectProps = {
  label: string;
  countries: Country[];
  value: number | null;
  onChange: (country: Country) => void;
  id?: string;
};

/**
 * A country picker keyed by country id, with the chosen country's flag beside its name. It is a
 * native select: type-ahead, the phone's own picker, and no positioning library on the first page.
 */
export const CountrySelect = ({ label, countries, value, onChange, id }: CountrySelectProps) => {
  const byId = useMemo(() => new Map(countries.map((country) => [String(country.id), country])), [countries]);
  const data = useMemo(
    () => countries.map((country) => ({ value: String(country.id), label: country.name })),
    [countries],
  );
  const selected = value === null ? undefined : byId.get(String(value));

  return (
    <NativeSelect
      id={id}
      label={label}
      data={data}
      value={selected ? String(selected.id) : ""}
      onChange={(event) => {
        const country = byId.get(event.currentTarget.value);
        if (country) onChange(country);
      }}
      leftSection={
        selected ? <FlagImage url={selected.flag_url} size={16} /> : <IconWorld size={18} aria-hidden />
      }
      leftSectionPointerEvents="none"
    />
  );
};
