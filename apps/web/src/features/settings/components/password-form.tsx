import { Button, Text } from "@mantine/core";
import { PASSWORD_MAX_LENGTH } from "@vela/shared/auth";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormPasswordInput } from "@/shared/forms/form-inputs";
import { formResolver } from "@/shared/forms/form-resolver";
import { FormStack } from "@/shared/forms/form-stack";

/** The account's current password (the surrounding form's `password`), which confirms a change on the settings pages. */
export const CurrentPasswordInput = () => {
  const { t } = useTranslation();
  return (
    <FormPasswordInput
      name="password"
      label={t("settings.confirm.password")}
      autoComplete="current-password"
      required
    />
  );
};

const passwordForm = z.object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) });

type PasswordFormProps = {
  /** A line above the field, saying what the password is asked for. */
  intro?: ReactNode;
  submitLabel: string;
  onSubmit: (password: string) => Promise<void>;
};

/** A form of the current password alone, for a step that only the account's owner may take. */
export const PasswordForm = ({ intro, submitLabel, onSubmit }: PasswordFormProps) => {
  const methods = useForm({ resolver: formResolver(passwordForm), defaultValues: { password: "" } });
  return (
    <FormStack methods={methods} onSubmit={methods.handleSubmit(({ password }) => onSubmit(password))}>
      {intro ? <Text size="sm">{intro}</Text> : null}
      <CurrentPasswordInput />
      <Button type="submit" loading={methods.formState.isSubmitting}>
        {submitLabel}
      </Button>
    </FormStack>
  );
};
