import { Button } from "@mantine/core";
import type { Role } from "@vela/shared/api";
import type { ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormStack } from "@/shared/forms/form-stack";

import type { RegistrationBody } from "../api/register";
import { useRegistrationSubmit } from "../hooks/use-registration-submit";
import { TermsField } from "./registration-fields";

type RegistrationFormProps<K extends Role, V extends FieldValues> = {
  kind: K;
  /** The kind's form (its `useForm`), parsed into what its registration call takes. */
  methods: UseFormReturn<V, unknown, RegistrationBody[K]>;
  /** The kind's fields; the terms and the submit button follow them. */
  children: ReactNode;
};

/** What every kind's registration form shares: the form itself, sending it, the terms and the button. */
export const RegistrationForm = <K extends Role, V extends FieldValues>({
  kind,
  methods,
  children,
}: RegistrationFormProps<K, V>) => {
  const { t } = useTranslation();
  const submit = useRegistrationSubmit(kind, methods.setError);
  return (
    <FormStack
      methods={methods}
      onSubmit={methods.handleSubmit(submit)}
      aria-label={t(`auth.register.${kind}`)}
    >
      {children}
      <TermsField />
      <Button type="submit" fullWidth size="md" loading={methods.formState.isSubmitting}>
        {t("auth.register.submit")}
      </Button>
    </FormStack>
  );
};
