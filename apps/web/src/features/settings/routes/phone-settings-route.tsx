import { Alert, Button, Group, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import { type CodeSent, changePhoneRequest } from "@vela/shared/auth";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { isSessionExpiredError } from "@/shared/api/api-error";
import { sessionHandlers } from "@/shared/api/auth-source";
import { notifyApiError, notifySuccess } from "@/shared/api/notify";
import { usePrefixes } from "@/shared/api/reference/get-prefixes";
import { CodeEntryForm } from "@/shared/forms/code-entry-form";
import { formResolver } from "@/shared/forms/form-resolver";
import { secondsFromNow } from "@/shared/hooks/use-countdown";
import { PhonePrefixSelect } from "@/shared/ui/phone-prefix-select";
import { StatusBadge } from "@/shared/ui/status-badge";
import { changePhone } from "../api/change-phone";
import { PHONE_SETTINGS_QUERY_KEY, usePhoneSettings } from "../api/get-phone-settings";
import { SECURITY_SETTINGS_QUERY_KEY } from "../api/get-security-settings";
import { sendPhoneCode } from "../api/send-phone-code";
import { verifyPhone } from "../api/verify-phone";
import { SettingsCard } from "../components/settings-card";

/** A code on its way to a phone: where, and when another can be asked for. */
type PendingCode = { destination: string; resendAtMs: number | null; resend: () => Promise<CodeSent> };

/** The phone: verify the current one, or change it (the new number is confirmed with a texted code). */
export const PhoneSettingsRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("settings.phone.title")} · Vela`);
  const queryClient = useQueryClient();
  const settings = usePhoneSettings();
  const prefixes = usePrefixes();
  const [pending, setPending] = useState<PendingCode | null>(null);
  const [prefixIso2, setPrefixIso2] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: formResolver(changePhoneRequest),
    defaultValues: { phone_prefix: "", phone_number: "" },
  });

  const startCode = async (send: () => Promise<CodeSent>) => {
    try {
      const sent = await send();
      setPending({ destination: sent.destination, resendAtMs: secondsFromNow(sent.seconds), resend: send });
    } catch (error) {
      notifyApiError(error);
    }
  };

  const submitChange = handleSubmit((values) => startCode(() => changePhone(values)));

  const verify = async (code: string) => {
    try {
      await verifyPhone(code);
      setPending(null);
      reset();
      notifySuccess(t("settings.phone.verified"));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: PHONE_SETTINGS_QUERY_KEY }),
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
  const current = settings.data.phone_number
    ? `${settings.data.phone_prefix ?? ""} ${settings.data.phone_number}`.trim()
    : null;

  return (
    <Stack gap="lg">
      <SettingsCard
        title={t("settings.phone.title")}
        text={t("settings.phone.text")}
        aside={
          <Group gap="xs" mt="sm">
            <Text fw={600} data-testid="current-phone">
              {current ?? t("settings.phone.none")}
            </Text>
            {current ? (
              <StatusBadge isPositive={settings.data.phone_verified}>
                {settings.data.phone_verified ? t("profile.verified") : t("profile.unverified")}
              </StatusBadge>
            ) : null}
          </Group>
        }
      >
        {pending ? (
          <Stack gap="sm">
            <Text size="sm" role="status">
              {t("settings.confirm.sent", { destination: pending.destination })}
            </Text>
            <CodeEntryForm
              submitLabel={t("settings.phone.verify")}
              resendAtMs={pending.resendAtMs}
              onVerify={verify}
              onResend={() => startCode(pending.resend)}
            />
            <Button variant="subtle" color="gray" onClick={() => setPending(null)}>
              {t("settings.cancel")}
            </Button>
          </Stack>
        ) : (
          <Stack gap="lg">
            {current && !settings.data.phone_verified ? (
              <Button variant="light" w="fit-content" onClick={() => void startCode(sendPhoneCode)}>
                {t("settings.phone.verifyCurrent")}
              </Button>
            ) : null}
            <form onSubmit={submitChange} noValidate aria-label={t("settings.phone.changeTitle")}>
              <Stack gap="md">
                <Text fw={600}>{t("settings.phone.changeTitle")}</Text>
                <Group gap="sm" align="flex-start" wrap="nowrap">
                  <Controller
                    control={control}
                    name="phone_prefix"
                    render={({ field }) => (
                      <PhonePrefixSelect
                        label={t("auth.fields.phonePrefix")}
                        required
                        w={150}
                        style={{ flex: "none" }}
                        prefixes={prefixes.data ?? []}
                        disabled={!prefixes.data}
                        iso2={prefixIso2}
                        onBlur={field.onBlur}
                        ref={field.ref}
                        error={errors.phone_prefix?.message}
                        comboboxProps={{ width: 280, position: "bottom-start" }}
                        onChange={(prefix) => {
                          setPrefixIso2(prefix?.iso2 ?? null);
                          field.onChange(prefix?.prefix ?? "");
                        }}
                      />
                    )}
                  />
                  <TextInput
                    label={t("settings.phone.newNumber")}
                    type="tel"
                    autoComplete="tel-national"
                    inputMode="tel"
                    required
                    style={{ flex: 1, minWidth: 0 }}
                    error={errors.phone_number?.message}
                    {...register("phone_number")}
                  />
                </Group>
                <Button type="submit" loading={isSubmitting} w="fit-content">
                  {t("settings.phone.sendCode")}
                </Button>
              </Stack>
            </form>
          </Stack>
        )}
      </SettingsCard>
    </Stack>
  );
};
