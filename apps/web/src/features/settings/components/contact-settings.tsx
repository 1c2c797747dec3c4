import { Button, Group, Stack, Text } from "@mantine/core";
import type { FormEventHandler, ReactNode } from "react";
import { useFormState } from "react-hook-form";
import { useTranslation } from "react-i18next";
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

type ContactChangeFormProps = {
  title: string;
  submitLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Offered while the current contact is unverified: sends it a code. */
  verifyCurrent: { label: string; onClick: () => void } | null;
  /** The new contact's fields. */
  children: ReactNode;
};

/**
 * Verify the contact the account has, or change it: the new one, the password, "send code". The
 * fields belong to the form around it (its `FormProvider`), which has the `password`.
 */
export const ContactChangeForm = ({
  title,
  submitLabel,
  onSubmit,
  verifyCurrent,
  children,
}: ContactChangeFormProps) => {
  const { isSubmitting } = useFormState();
  return (
    <Stack gap="lg">
      {verifyCurrent ? (
        <Button variant="light" w="fit-content" onClick={verifyCurrent.onClick}>
          {verifyCurrent.label}
        </Button>
      ) : null}
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="md">
          <Text fw={600}>{title}</Text>
          {children}
          <CurrentPasswordInput />
          <Button type="submit" loading={isSubmitting} w="fit-content">
            {submitLabel}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
};
