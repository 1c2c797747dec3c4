import { SimpleGrid } from "@mantine/core";
import { businessRegistration } from "@vela/shared/auth";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormTextInput } from "@/shared/forms/form-inputs";
import { formResolver } from "@/shared/forms/form-resolver";
import { IdSelectField } from "@/shared/forms/id-select-field";
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

  return (
    <RegistrationForm kind="business" methods={methods}>
      <FormTextInput
        name="legal_name"
        label={t("auth.fields.legalName")}
        autoComplete="organization"
        required
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <IdSelectField
          name="business_type_id"
          label={t("auth.fields.businessType")}
          required
          records={businessTypes.data}
          disabled={!businessTypes.data}
          clearedValue={null}
        />
        <FormTextInput name="tax_id" label={t("auth.fields.taxId")} required />
      </SimpleGrid>
      <NameRow />
      <ContactFields />
      <AccountFields />
    </RegistrationForm>
  );
};
