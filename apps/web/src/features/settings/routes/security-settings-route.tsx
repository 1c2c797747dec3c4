import { Anchor, Group, Radio, Stack, Text } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import type { SecuritySettings, TfaMethod } from "@vela/shared/auth";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isSessionExpiredError } from "@/shared/api/api-error";
import { sessionHandlers } from "@/shared/api/auth-source";
import { notifyApiError, notifySuccess } from "@/shared/api/notify";
import { StatusBadge } from "@/shared/ui/status-badge";
import { SECURITY_SETTINGS_QUERY_KEY, useSecuritySettings } from "../api/get-security-settings";
import { type Confirmation, disableTfa, enableTfa } from "../api/update-security-settings";
import { ConfirmChange } from "../components/confirm-change";
import { SettingsCard } from "../components/settings-card";
import { SettingsFallback } from "../components/settings-fallback";
import { TotpSetup } from "../components/totp-setup";

const METHOD_LABELS = {
  email: "settings.security.methodEmail",
  sms: "settings.security.methodSms",
  totp: "settings.security.methodTotp",
} as const satisfies Record<TfaMethod, string>;

const isMethod = (value: string): value is TfaMethod => value in METHOD_LABELS;

/** Two-step verification: on or off, by e-mail, SMS or an authenticator app; each change confirmed. */
export const SecuritySettingsRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("settings.security.title")} · Vela`);
  const queryClient = useQueryClient();
  const settings = useSecuritySettings();
  const [method, setMethod] = useState<TfaMethod>("email");

  /** Sends a change; on success the page, the session's user and a notice all say so. */
  const apply = async (change: () => Promise<SecuritySettings>, doneMessage: string) => {
    try {
      queryClient.setQueryData(SECURITY_SETTINGS_QUERY_KEY, await change());
      notifySuccess(doneMessage);
      await sessionHandlers().reloadSession();
    } catch (error) {
      notifyApiError(error);
    }
  };

  if (!settings.data || isSessionExpiredError(settings.error)) {
    return <SettingsFallback query={settings} height={280} />;
  }
  const { tfa_enabled, tfa_method, phone_verified, email, phone } = settings.data;
  const destination = (chosen: TfaMethod) =>
    chosen === "email" ? email : chosen === "sms" ? (phone ?? "") : t("settings.security.appDestination");

  return (
    <SettingsCard
      title={t("settings.security.title")}
      text={t("settings.security.text")}
      aside={
        <Group gap="xs" mt="sm">
          <StatusBadge isPositive={tfa_enabled} data-testid="tfa-status">
            {tfa_enabled ? t("settings.security.on") : t("settings.security.off")}
          </StatusBadge>
          {tfa_enabled && tfa_method ? (
            <Text size="sm">
              {t("settings.security.currentMethod", { method: t(METHOD_LABELS[tfa_method]) })}
            </Text>
          ) : null}
        </Group>
      }
    >
      {tfa_enabled ? (
        <Stack gap="sm">
          <Text fw={600}>{t("settings.security.turnOffTitle")}</Text>
          <ConfirmChange
            key="disable"
            submitLabel={t("settings.security.turnOff")}
            codeChannel={tfa_method === "sms" ? "sms" : "email"}
            onConfirm={(confirmation: Confirmation) =>
              apply(() => disableTfa(confirmation), t("settings.security.turnedOff"))
            }
          />
        </Stack>
      ) : (
        <Stack gap="lg">
          <Radio.Group
            label={t("settings.security.methodLabel")}
            value={method}
            onChange={(value) => {
              if (isMethod(value)) setMethod(value);
            }}
          >
            <Stack gap="sm" mt="xs">
              {(["email", "sms", "totp"] as const).map((option) => (
                <Radio
                  key={option}
                  value={option}
                  disabled={option === "sms" && !phone_verified}
                  label={t(METHOD_LABELS[option])}
                  description={
                    option === "sms" && !phone_verified ? (
                      <>
                        {t("settings.security.smsNeedsPhone")}{" "}
                        <Anchor component={Link} to="/account/settings/phone" size="xs">
                          {t("settings.phone.title")}
                        </Anchor>
                      </>
                    ) : (
                      destination(option)
                    )
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
          {method === "totp" ? (
            <TotpSetup
              onEnable={(code) => apply(() => enableTfa("totp", { code }), t("settings.security.turnedOn"))}
            />
          ) : (
            <ConfirmChange
              key={method}
              submitLabel={t("settings.security.turnOn")}
              codeChannel={method}
              onConfirm={(confirmation) =>
                apply(() => enableTfa(method, confirmation), t("settings.security.turnedOn"))
              }
            />
          )}
        </Stack>
      )}
    </SettingsCard>
  );
};
