import { Button, Group, Stack, Text } from "@mantine/core";
import type { FormEventHandler, ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormStack } from "@/shared/forms/form-stack";
import { StatusBadge } from "@/shared/ui/status-badge";
import { CurrentPasswordInput } from "./password-form";

type ContactStatusProps = {
  /** What the account has now, or what to say when it has none. */
  value: string;
  /** Null when there is no contact to verify (no badge then). */
  verified: boolean | null;
  testId: string;
};

/** A contact (e-mail or phone) as the account has it, and whether it is verified. */
export const ContactStatus = ({ value, verified, testId }: ContactStatusProps) => {
  const { t } = useTranslation();
  return (
    <Group gap="xs" mt="sm">
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
      {verified === null ? null : (
        <StatusBadge isPositive={verified}>
          {verified ? t("profile.verified") : t("profile.unverified")}
        </StatusBadge>
      )}
    </Group>
  );
};

type ContactChangeFormProps<V extends FieldValues, C, T> = {
  /** Which contact changes: its texts are `settings.<contact>.*`. */
  contact: "email" | "phone";
  /** The change's form, with the new contact's fields and the current `password`. */
  methods: UseFormReturn<V, C, T>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Offered while the current contact is unverified: sends it a code. */
  onVerifyCurrent: (() => void) | null;
  /** The new contact's fields. */
  children: ReactNode;
};

/** Verify the contact the account has, or change it: the new one, the password, "send code". */
export const ContactChangeForm = <V extends FieldValues, C, T>({
  contact,
  methods,
  onSubmit,
  onVerifyCurrent,
  children,
}: ContactChangeFormProps<V, C, T>) => {
  const { t } = useTranslation();
  const title = t(`settings.${contact}.changeTitle`);
  return (
    <Stack gap="lg">
      {onVerifyCurrent ? (
        <Button variant="light" w="fit-content" onClick={onVerifyCurrent}>
          {t(`settings.${contact}.verifyCurrent`)}
        </Button>
      ) : null}
      <FormStack methods={methods} onSubmit={onSubmit} aria-label={title}>
        <Text fw={600}>{title}</Text>
        {children}
        <CurrentPasswordInput />
        <Button type="submit" loading={methods.formState.isSubmitting} w="fit-content">
          {t(`settings.${contact}.sendCode`)}
        </Button>
      </FormStack>
    </Stack>
  );
};
