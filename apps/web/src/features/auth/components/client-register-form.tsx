import { Button, Stack } from "@mantine/core";
import { clientRegistration } from "@vela/shared/auth";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { formResolver } from "@/shared/forms/form-resolver";
import { confirmPassword } from "@/shared/forms/password-confirmation";
import { useRegistrationSubmit } from "../hooks/use-registration-submit";
import { AccountFields, ContactFields, NameFields, TermsField } from "./registration-fields";

const clientForm = confirmPassword(clientRegistration);

/** A personal account: the contract's clientRegistration. */
export const ClientRegisterForm = () => {
  const { t } = useTranslation();
  const methods = useForm({
    resolver: formResolver(clientForm),
    defaultValues: {
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
  const submit = useRegistrationSubmit("client", methods.setError);
  return (
    <FormProvider {...methods}>
      <form onSubmit={methods.handleSubmit(submit)} noValidate aria-label={t("auth.register.client")}>
        <Stack gap="md">
          <NameFields />
          <AccountFields />
          <ContactFields />
          <TermsField />
          <Button type="submit" fullWidth size="md" loading={methods.formState.isSubmitting}>
            {t("auth.register.submit")}
          </Button>
        </Stack>
      </form>
    </FormProvider>
  );
};
