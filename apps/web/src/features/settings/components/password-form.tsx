import { Button, PasswordInput, type PasswordInputProps, Stack, Text } from "@mantine/core";
import { PASSWORD_MAX_LENGTH } from "@vela/shared/auth";
import type { ReactNode, Ref } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { formResolver } from "@/shared/forms/form-resolver";

/** The account's current password, which confirms a change on the settings pages. */
export const CurrentPasswordInput = (props: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) => {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={t("settings.confirm.password")}
      autoComplete="current-password"
      required
      {...props}
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
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: formResolver(passwordForm), defaultValues: { password: "" } });
  return (
    <form onSubmit={handleSubmit(({ password }) => onSubmit(password))} noValidate>
      <Stack gap="md">
        {intro ? <Text size="sm">{intro}</Text> : null}
        <CurrentPasswordInput error={errors.password?.message} {...register("password")} />
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
};
