import { Alert, Button, Group, PasswordInput, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import { type CodeSent, changeEmailRequest } from "@vela/shared/auth";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { isSessionExpiredError } from "@/shared/api/api-error";
import { sessionHandlers } from "@/shared/api/auth-source";
import { notifyApiError, notifySuccess } from "@/shared/api/notify";
import { CodeEntryForm } from "@/shared/forms/code-entry-form";
import { formResolver } from "@/shared/forms/form-resolver";
import { secondsFromNow } from "@/shared/hooks/use-countdown";
import { StatusBadge } from "@/shared/ui/status-badge";
import { changeEmail } from "../api/change-email";
import { EMAIL_SETTINGS_QUERY_KEY, useEmailSettings } from "../api/get-email-settings";
import { SECURITY_SETTINGS_QUERY_KEY } from "../api/get-security-settings";
import { resendVerificationEmail, verifyCurrentEmail } from "../api/verify-current-email";
import { verifyEmailChange } from "../api/verify-email";
import { SettingsCard } from "../components/settings-card";

type PendingCode = {
  /** Which address the code confirms: the account's own (unverified) one, or a new one. */
  kind: "current" | "change";
  destination: string;
  resendAtMs: number | null;
  resend?: () => Promise<CodeSent>;
};

/** The e-mail address: verify it, or change it (the new address is confirmed with its code). */
export const EmailSettingsRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("settings.email.title")} · Vela`);
  const queryClient = useQueryClient();
  const settings = useEmailSettings();
  const [pending, setPending] = useState<PendingCode | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: formResolver(changeEmailRequest), defaultValues: { email: "", password: "" } });

  const submitChange = handleSubmit(async (values) => {
    try {
      const sent = await changeEmail(values);
      setPending({ kind: "change", destination: sent.destination, resendAtMs: secondsFromNow(sent.seconds) });
      reset({ email: values.email, password: "" });
    } catch (error) {
      notifyApiError(error);
    }
  });

  const sendCurrent = async () => {
    try {
      const sent = await resendVerificationEmail();
      setPending({
        kind: "current",
        destination: sent.destination,
        resendAtMs: secondsFromNow(sent.seconds),
        resend: resendVerificationEmail,
      });
    } catch (error) {
      notifyApiError(error);
    }
  };

  const verify = async (code: string) => {
    if (!pending) return;
    try {
      if (pending.kind === "change") await verifyEmailChange(code);
      else await verifyCurrentEmail(code);
      setPending(null);
      reset({ email: "", password: "" });
      notifySuccess(t("settings.email.verified"));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: EMAIL_SETTINGS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: SECURITY_SETTINGS_QUERY_KEY }),
        sessionHandlers().reloadSession(),
      ]);
    } catch (error) {
      notifyApiError(error);
    }
  };

  if (settings.isPending || isSessionExpiredError(settings.error))
    return <Skeleton height={240} radius="lg" />;
  if (!settings.data) {
    return (
      <Alert color="red" title={t("errors.title")}>
        {t("settings.loadError")}
      </Alert>
    );
  }
  const { email, email_verified, pending_email } = settings.data;
  // A change started earlier (another visit) is still waiting for its code.
  const shown: PendingCode | null =
    pending ?? (pending_email ? { kind: "change", destination: pending_email, resendAtMs: null } : null);

  return (
    <SettingsCard
      title={t("settings.email.title")}
      text={t("settings.email.text")}
      aside={
        <Group gap="xs" mt="sm">
          <Text fw={600} data-testid="current-email">
            {email}
          </Text>
          <StatusBadge isPositive={email_verified}>
            {email_verified ? t("profile.verified") : t("profile.unverified")}
          </StatusBadge>
        </Group>
      }
    >
      {shown ? (
        <Stack gap="sm">
          <Text size="sm" role="status">
            {t(shown.kind === "change" ? "settings.email.sentToNew" : "settings.confirm.sent", {
              destination: shown.destination,
            })}
          </Text>
          <CodeEntryForm
            submitLabel={t("settings.email.verify")}
            resendAtMs={shown.resendAtMs}
            onVerify={verify}
            onResend={shown.kind === "current" ? sendCurrent : undefined}
          />
          {pending ? (
            <Button variant="subtle" color="gray" onClick={() => setPending(null)}>
              {t("settings.cancel")}
            </Button>
          ) : null}
        </Stack>
      ) : (
        <Stack gap="lg">
          {email_verified ? null : (
            <Button variant="light" w="fit-content" onClick={() => void sendCurrent()}>
              {t("settings.email.verifyCurrent")}
            </Button>
          )}
          <form onSubmit={submitChange} noValidate aria-label={t("settings.email.changeTitle")}>
            <Stack gap="md">
              <Text fw={600}>{t("settings.email.changeTitle")}</Text>
              <TextInput
                label={t("settings.email.newEmail")}
                type="email"
                autoComplete="email"
                required
                error={errors.email?.message}
                {...register("email")}
              />
              <PasswordInput
                label={t("settings.confirm.password")}
                autoComplete="current-password"
                required
                error={errors.password?.message}
                {...register("password")}
              />
              <Button type="submit" loading={isSubmitting} w="fit-content">
                {t("settings.email.sendCode")}
              </Button>
            </Stack>
          </form>
        </Stack>
      )}
    </SettingsCard>
  );
};
