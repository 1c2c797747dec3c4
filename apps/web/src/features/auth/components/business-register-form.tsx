import { Select, SimpleGrid, TextInput } from "@mantine/core";
import { businessRegistration } from "@vela/shared/auth";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { formResolver } from "@/shared/forms/form-resolver";
import { idValue } from "@/shared/forms/id-value";
import { confirmPassword } from "@/shared/forms/password-confirmation";
import { useBusinessTypes } from "../api/get-business-types";
import { AccountFields, ContactFields, EMPTY_REGISTRATION, NameRow } from "./registration-fields";
import { RegistrationForm } from "./registration-form";

const businessForm = confirmPassword(businessRegistration);

/** A company: legal name, type and tax id, then the person who opens the account. */
export const BusinessRegisterForm = () => {
  const { t } = useTranslation();
  const businessTypes = useBusinessTypes();
  const methods = useForm({
    resolver: formResolver(businessForm),
    defaultValues: { ...EMPTY_REGISTRATION, legal_name: "", business_type_id: null, tax_id: "" },
  });
  const {
    control,
    register,
    formState: { errors },
  } = methods;

  return (
    <RegistrationForm kind="business" methods={methods}>
      <TextInput
        label={t("auth.fields.legalName")}
        autoComplete="organization"
        required
        error={errors.legal_name?.message}
        {...register("legal_name")}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Controller
          control={control}
          name="business_type_id"
          render={({ field }) => (
            <Select
              label={t("auth.fields.businessType")}
              required
              data={(businessTypes.data ?? []).map((type) => ({
                value: String(type.id),
                label: type.name,
              }))}
              disabled={!businessTypes.data}
              value={idValue(field.value) ? String(field.value) : null}
              onChange={(value) => field.onChange(value ? Number(value) : null)}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.business_type_id?.message}
            />
          )}
        />
        <TextInput
          label={t("auth.fields.taxId")}
          required
          error={errors.tax_id?.message}
          {...register("tax_id")}
        />
      </SimpleGrid>
      <NameRow />
      <ContactFields />
      <AccountFields />
    </RegistrationForm>
  );
};
