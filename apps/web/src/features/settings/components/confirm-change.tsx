import { Button, SegmentedControl, Stack } from "@mantine/core";
import type { CodeChannel } from "@vela/shared/auth";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyApiError } from "@/shared/api/notify";
import { secondsFromNow } from "@/shared/hooks/use-countdown";
import { type Confirmation, sendSecurityCode } from "../api/update-security-settings";
import { CodeSentForm } from "./code-sent-form";
import { PasswordForm } from "./password-form";

type ConfirmChangeProps = {
  submitLabel: string;
  /** Where a confirmation code goes. */
  codeChannel: CodeChannel;
  onConfirm: (confirmation: Confirmation) => Promise<void>;
};

const PasswordConfirmation = ({ submitLabel, onConfirm }: Omit<ConfirmChangeProps, "codeChannel">) => (
  <PasswordForm submitLabel={submitLabel} onSubmit={(password) => onConfirm({ password })} />
);

const CodeConfirmation = ({ submitLabel, codeChannel, onConfirm }: ConfirmChangeProps) => {
  const { t } = useTranslation();
  const [sent, setSent] = useState<{ destination: string; resendAtMs: number | null } | null>(null);
  const [isSending, setIsSending] = useState(false);
  const send = async () => {
    setIsSending(true);
    try {
      const answer = await sendSecurityCode(codeChannel);
      setSent({ destination: answer.destination, resendAtMs: secondsFromNow(answer.seconds) });
    } catch (error) {
      notifyApiError(error);
    } finally {
      setIsSending(false);
    }
  };
  if (!sent) {
    return (
      <Button variant="light" loading={isSending} onClick={() => void send()}>
        {t(codeChannel === "sms" ? "settings.confirm.sendSms" : "settings.confirm.sendEmail")}
      </Button>
    );
  }
  return (
    <CodeSentForm
      sentText={t("settings.confirm.sent", { destination: sent.destination })}
      submitLabel={submitLabel}
      resendAtMs={sent.resendAtMs}
      onVerify={(code) => onConfirm({ code })}
      onResend={send}
    />
  );
};

/** Every security change is confirmed with the password, or with a code sent to the account. */
export const ConfirmChange = (props: ConfirmChangeProps) => {
  const { t } = useTranslation();
  const [mode, setMode] = useState<"password" | "code">("password");
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t("settings.confirm.with")}
        value={mode}
        onChange={(value) => setMode(value === "code" ? "code" : "password")}
        data={[
          { value: "password", label: t("settings.confirm.withPassword") },
          { value: "code", label: t("settings.confirm.withCode") },
        ]}
        fullWidth
      />
      {mode === "password" ? <PasswordConfirmation {...props} /> : <CodeConfirmation {...props} />}
    </Stack>
  );
};
