import { Anchor, Checkbox, Group, PasswordInput, SimpleGrid, TextInput } from "@mantine/core";
import { PASSWORD_MIN_LENGTH } from "@vela/shared/auth";
import type { Country } from "@vela/shared/reference";
import { useState } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { useCountries } from "@/shared/api/reference/get-countries";
import { usePrefixes } from "@/shared/api/reference/get-prefixes";
import { CountrySearchSelect } from "@/shared/ui/country-search-select";
import { PhonePrefixSelect } from "@/shared/ui/phone-prefix-select";
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

/** An id field's form value (the contract coerces it) as the number a select wants, or null. */
export const idValue = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;

export const NameFields = () => {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = useFormContext<RegistrationBaseValues>();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <TextInput
        label={t("auth.fields.firstName")}
        autoComplete="given-name"
        required
        error={errors.first_name?.message}
        {...register("first_name")}
      />
      <TextInput
        label={t("auth.fields.lastName")}
        autoComplete="family-name"
        required
        error={errors.last_name?.message}
        {...register("last_name")}
      />
    </SimpleGrid>
  );
};

export const AccountFields = () => {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = useFormContext<RegistrationBaseValues>();
  return (
    <>
      <TextInput
        label={t("auth.fields.email")}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={errors.email?.message}
        {...register("email")}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <PasswordInput
          label={t("auth.fields.password")}
          description={t("auth.fields.passwordHint", { min: PASSWORD_MIN_LENGTH })}
          // The hint goes under the field, so that side-by-side fields stay aligned.
          inputWrapperOrder={["label", "input", "description", "error"]}
          autoComplete="new-password"
          required
          error={errors.password?.message}
          {...register("password")}
        />
        <PasswordInput
          label={t("auth.fields.passwordConfirmation")}
          autoComplete="new-password"
          required
          error={errors.password_confirmation?.message}
          {...register("password_confirmation")}
        />
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
  const countries = useCountries();
  const prefixes = usePrefixes();
  const setCountryId = useAuthModalStore((state) => state.setCountryId);
  const [prefixIso2, setPrefixIso2] = useState<string | null>(null);
  const {
    control,
    register,
    setValue,
    formState: { errors },
  } = useFormContext<RegistrationBaseValues>();
  return (
    <>
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
              setCountryId(country?.id ?? null);
              if (country) {
                setPrefixIso2(country.iso2);
                setValue("phone_prefix", country.phone_prefix, { shouldValidate: false });
              }
              onCountryChange?.(country);
            }}
          />
        )}
      />
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Controller
          control={control}
          name="phone_prefix"
          render={({ field }) => (
            <PhonePrefixSelect
              label={t("auth.fields.phonePrefix")}
              required
              w={150}
              style={{ flex: "none" }}
              prefixes={prefixes.data ?? []}
              disabled={!prefixes.data}
              iso2={
                prefixIso2 ?? prefixes.data?.find((prefix) => prefix.prefix === field.value)?.iso2 ?? null
              }
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.phone_prefix?.message}
              comboboxProps={{ width: 280, position: "bottom-start" }}
              onChange={(prefix) => {
                setPrefixIso2(prefix?.iso2 ?? null);
                field.onChange(prefix?.prefix ?? "");
              }}
            />
          )}
        />
        <TextInput
          label={t("auth.fields.phoneNumber")}
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          required
          style={{ flex: 1, minWidth: 0 }}
          error={errors.phone_number?.message}
          {...register("phone_number")}
        />
      </Group>
    </>
  );
};

export const TermsField = () => {
  const {
    control,
    formState: { errors },
  } = useFormContext<RegistrationBaseValues>();
  return (
    <Controller
      control={control}
      name="terms"
      render={({ field }) => (
        <Checkbox
          checked={field.value === true}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
          ref={field.ref}
          error={errors.terms?.message}
          label={
            <Trans
              i18nKey="auth.register.terms"
              components={{
                terms: <Anchor href="/terms-and-conditions" target="_blank" rel="noopener" inherit />,
              }}
            />
          }
        />
      )}
    />
  );
};
