import { NativeSelect } from "@mantine/core";
import type { Country } from "@vela/shared/reference";
import { CountryFlagSection, useCountryOptions } from "./flag-select-parts";

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
  const { byId, data, selected } = useCountryOptions(countries, value);

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
      leftSection={<CountryFlagSection country={selected} />}
      leftSectionPointerEvents="none"
    />
  );
};
