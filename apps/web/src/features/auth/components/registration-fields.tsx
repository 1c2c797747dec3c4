import { Anchor, Checkbox, SimpleGrid } from "@mantine/core";
import type { Country } from "@vela/shared/reference";
import { useState } from "react";
import { useController, useFormContext } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { CountryField } from "@/shared/forms/country-field";
import { FormTextInput } from "@/shared/forms/form-inputs";
import { NameFields } from "@/shared/forms/name-fields";
import { NewPasswordFields } from "@/shared/forms/new-password-fields";
import { PhoneNumberFields } from "@/shared/forms/phone-number-fields";
import { useAuthModalStore } from "../stores/auth-modal-store";

/** The fields every kind of registration has (the contract's registrationBase), plus the names. */
export type RegistrationBaseValues = {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password_confirmation?: string;
  country_id: unknown;
  phone_prefix: string;
  phone_number: string;
  terms: true;
};

/** An empty registration form; each kind adds its own fields. */
export const EMPTY_REGISTRATION = {
  first_name: "",
  last_name: "",
  email: "",
  password: "",
  password_confirmation: "",
  country_id: null,
  phone_prefix: "",
  phone_number: "",
} satisfies Omit<RegistrationBaseValues, "terms">;

/** First and last name side by side (one column on a phone). */
export const NameRow = () => (
  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
    <NameFields />
  </SimpleGrid>
);

export const AccountFields = () => {
  const { t } = useTranslation();
  return (
    <>
      <FormTextInput
        name="email"
        label={t("auth.fields.email")}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <NewPasswordFields passwordLabel={t("auth.fields.password")} />
      </SimpleGrid>
    </>
  );
};

/**
 * Country (with flags) and phone. Choosing the country fills in its dialling prefix, which can
 * still be changed (a number from another country).
 */
export const ContactFields = ({
  onCountryChange,
}: {
  onCountryChange?: (country: Country | null) => void;
}) => {
  const { t } = useTranslation();
  const setCountryId = useAuthModalStore((state) => state.setCountryId);
  const [prefixIso2, setPrefixIso2] = useState<string | null>(null);
  const { setValue } = useFormContext<RegistrationBaseValues>();
  return (
    <>
      <CountryField
        onCountryChange={(country) => {
          setCountryId(country?.id ?? null);
          if (country) {
            setPrefixIso2(country.iso2);
            setValue("phone_prefix", country.phone_prefix, { shouldValidate: false });
          }
          onCountryChange?.(country);
        }}
      />
      <PhoneNumberFields
        numberLabel={t("auth.fields.phoneNumber")}
        prefixIso2={prefixIso2}
        onPrefixIso2Change={setPrefixIso2}
      />
    </>
  );
};

export const TermsField = () => {
  const { field, fieldState } = useController<RegistrationBaseValues, "terms">({ name: "terms" });
  return (
    <Checkbox
      checked={field.value === true}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
      ref={field.ref}
      error={fieldState.error?.message}
      label={
        <Trans
          i18nKey="auth.register.terms"
          components={{
            terms: <Anchor href="/terms-and-conditions" target="_blank" rel="noopener" inherit />,
          }}
        />
      }
    />
  );
};
