import type { Country } from "@vela/shared/reference";
import { useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useCountries } from "@/shared/api/reference/get-countries";
import { CountrySearchSelect } from "@/shared/ui/country-search-select";
import { idValue } from "./id-value";

/** The form fields that hold a country id. */
type CountryFieldName = "country_id" | "document_country_id" | "nationality_country_id";
type CountryValues = Partial<Record<CountryFieldName, unknown>>;

type CountryFieldProps = {
  /** The country of residence unless told otherwise. */
  name?: CountryFieldName;
  label?: string;
  /** What else follows the choice, once the field holds it. */
  onCountryChange?: (country: Country | null) => void;
  /** Required unless told otherwise (an optional section's country is not). */
  required?: boolean;
};

/** A country field (the country of residence, `country_id`, by default), searchable, with flags. */
export const CountryField = ({
  name = "country_id",
  label,
  onCountryChange,
  required = true,
}: CountryFieldProps) => {
  const { t } = useTranslation();
  const countries = useCountries();
  const { field, fieldState } = useController<CountryValues>({ name });
  return (
    <CountrySearchSelect
      label={label ?? t("auth.fields.country")}
      placeholder={t("auth.fields.countryPlaceholder")}
      required={required}
      countries={countries.data ?? []}
      disabled={!countries.data}
      value={idValue(field.value)}
      onBlur={field.onBlur}
      ref={field.ref}
      error={fieldState.error?.message}
      onChange={(country) => {
        field.onChange(country?.id ?? null);
        onCountryChange?.(country);
      }}
    />
  );
};
