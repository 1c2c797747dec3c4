import { Button, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { businessRegistration } from "@vela/shared/auth";
import { Controller, FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { formResolver } from "@/shared/forms/form-resolver";
import { confirmPassword } from "@/shared/forms/password-confirmation";
import { useBusinessTypes } from "../api/get-business-types";
import { useRegistrationSubmit } from "../hooks/use-registration-submit";
import { AccountFields, ContactFields, idValue, NameFields, TermsField } from "./registration-fields";

const businessForm = confirmPassword(businessRegistration);

/** A company: legal name, type and tax id, then the person who opens the account. */
export const BusinessRegisterForm = () => {
  const { t } = useTranslation();
  const businessTypes = useBusinessTypes();
  const methods = useForm({
    resolver: formResolver(businessForm),
    defaultValues: {
      legal_name: "",
      business_type_id: null,
      tax_id: "",
      first_name: "",
      last_name: "",
      email: "",
      password: "",
      password_confirmation: "",
      country_id: null,
      phone_prefix: "",
      phone_number: "",
    },
  });
  const {
    control,
    register,
    formState: { errors },
  } = methods;
  const submit = useRegistrationSubmit("business", methods.setError);

  return (
    <FormProvider {...methods}>
      <form onSubmit={methods.handleSubmit(submit)} noValidate aria-label={t("auth.register.business")}>
        <Stack gap="md">
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
          <NameFields />
          <ContactFields />
          <AccountFields />
          <TermsField />
          <Button type="submit" fullWidth size="md" loading={methods.formState.isSubmitting}>
            {t("auth.register.submit")}
          </Button>
        </Stack>
      </form>
    </FormProvider>
  );
};
