import { Code, Group, Image, Stack, Text } from "@mantine/core";
import type { TotpSetup as TotpSetupAnswer } from "@vela/shared/auth";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyApiError } from "@/shared/api/notify";
import { CodeEntryForm } from "@/shared/forms/code-entry-form";
import { CopyTextButton } from "@/shared/ui/copy-text-button";
import { setUpTotp } from "../api/update-security-settings";
import { PasswordForm } from "./password-form";

/** The secret in groups of four, the way authenticator apps show typed-in keys. */
const groupSecret = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

/**
 * Authenticator-app set-up: the password starts it, the server answers a secret and its QR code,
 * and the first code the app shows turns two-step verification on.
 */
export const TotpSetup = ({ onEnable }: { onEnable: (code: string) => Promise<void> }) => {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TotpSetupAnswer | null>(null);

  if (!setup) {
    return (
      <PasswordForm
        intro={t("settings.security.totpStart")}
        submitLabel={t("settings.security.totpContinue")}
        onSubmit={async (password) => {
          try {
            setSetup(await setUpTotp(password));
          } catch (error) {
            notifyApiError(error);
          }
        }}
      />
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">{t("settings.security.totpScan")}</Text>
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Image
          src={setup.qr_code}
          alt={t("settings.security.qrAlt")}
          w={184}
          h={184}
          fit="contain"
          radius="md"
          style={{ border: "1px solid var(--mantine-color-gray-3)" }}
          data-testid="totp-qr"
        />
        <Stack gap="xs" style={{ flex: 1, minWidth: 200 }}>
          <Text size="sm" c="dimmed">
            {t("settings.security.secretLabel")}
          </Text>
          {/* Wrapped, never scrolled: a scrolling box would need its own keyboard focus. */}
          <Code
            fz="md"
            p="sm"
            data-testid="totp-secret"
            style={{ display: "block", whiteSpace: "normal", overflowWrap: "anywhere", lineHeight: 1.6 }}
          >
            {groupSecret(setup.secret)}
          </Code>
          <CopyTextButton value={setup.secret} label={t("settings.security.copySecret")} w="fit-content" />
        </Stack>
      </Group>
      <Text size="sm">{t("settings.security.totpEnter")}</Text>
      <CodeEntryForm submitLabel={t("settings.security.turnOn")} onVerify={onEnable} />
    </Stack>
  );
};
