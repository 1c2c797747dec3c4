import type { Country } from "@vela/shared/reference";
import { Controller, useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useCountries } from "@/shared/api/reference/get-countries";
import { CountrySearchSelect } from "@/shared/ui/country-search-select";
import { idValue } from "./id-value";

type CountryValues = { country_id: unknown };

/** The country of residence (`country_id`), searchable, with flags. */
export const CountryField = ({
  onCountryChange,
}: {
  /** What else follows the choice, once the field holds it. */
  onCountryChange?: (country: Country | null) => void;
}) => {
  const { t } = useTranslation();
  const countries = useCountries();
  const {
    control,
    formState: { errors },
  } = useFormContext<CountryValues>();
  return (
    <Controller
      control={control}
      name="country_id"
      render={({ field }) => (
        <CountrySearchSelect
          label={t("auth.fields.country")}
          placeholder={t("auth.fields.countryPlaceholder")}
          required
          countries={countries.data ?? []}
          disabled={!countries.data}
          value={idValue(field.value)}
          onBlur={field.onBlur}
          ref={field.ref}
          error={errors.country_id?.message}
          onChange={(country) => {
            field.onChange(country?.id ?? null);
            onCountryChange?.(country);
          }}
        />
      )}
    />
  );
};
