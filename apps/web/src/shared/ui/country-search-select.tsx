import { Select, type SelectProps } from "@mantine/core";
import type { Country } from "@vela/shared/reference";
import { CountryFlagSection, FlagOption, SEARCHABLE_PICKER, useCountryOptions } from "./flag-select-parts";

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
  const { byId, data, selected } = useCountryOptions(countries, value);
  return (
    <Select
      {...SEARCHABLE_PICKER}
      {...props}
      data={data}
      value={selected ? String(selected.id) : null}
      onChange={(id) => onChange(id ? (byId.get(id) ?? null) : null)}
      leftSection={<CountryFlagSection country={selected} />}
      leftSectionPointerEvents="none"
      renderOption={({ option }) => (
        <FlagOption flagUrl={byId.get(option.value)?.flag_url}>
          <span>{option.label}</span>
        </FlagOption>
      )}
    />
  );
};
