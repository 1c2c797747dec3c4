import { Alert, Anchor, Group, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconDeviceMobile, IconMail, IconShieldLock } from "@tabler/icons-react";
import type { AuthSession, CodeChannel, CodeSent, TfaChallenge } from "@vela/shared/auth";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "@/shared/api/api-error";
import { CodeEntryForm } from "@/shared/forms/code-entry-form";
import { ResendCodeButton } from "@/shared/forms/resend-code-button";
import { secondsFromNow } from "@/shared/hooks/use-countdown";
import { tfaResend } from "../api/tfa-resend";
import { tfaSendCode } from "../api/tfa-send-code";
import { tfaVerifyAndLogin } from "../api/tfa-verify";
import { useAuthModalStore } from "../stores/auth-modal-store";
import { showFailure, showSignInFailure } from "../utils/auth-failure";

type TfaStepProps = {
  challenge: TfaChallenge;
  onSignedIn: (session: AuthSession) => void;
};

/**
 * The second factor of a login: the code sent by e-mail or SMS (with its masked destination, a
 * resend once the countdown ends and a switch to the other channel), or the authenticator app's.
 */
export const TfaStep = ({ challenge, onSignedIn }: TfaStepProps) => {
  const { t } = useTranslation();
  const errorMessage = useAuthModalStore((state) => state.errorMessage);
  const setErrorMessage = useAuthModalStore((state) => state.setErrorMessage);
  const setTfaChallenge = useAuthModalStore((state) => state.setTfaChallenge);
  const setStatus = useAuthModalStore((state) => state.setStatus);
  const isApp = challenge.method === "totp";
  const [channel, setChannel] = useState<CodeChannel>(challenge.method === "sms" ? "sms" : "email");
  const [destination, setDestination] = useState(challenge.destination);
  const [resendAtMs, setResendAtMs] = useState(() => secondsFromNow(challenge.seconds));
  const [isSending, setIsSending] = useState(false);
  const [sentNotice, setSentNotice] = useState<string | null>(null);

  const verify = async (code: string) => {
    setStatus("loading");
    try {
      const session = await tfaVerifyAndLogin({ tfa_token: challenge.tfa_token, code });
      setStatus("idle");
      onSignedIn(session);
    } catch (error) {
      showSignInFailure(error);
    }
  };

  const codeSent = (sent: CodeSent) => {
    setChannel(sent.channel);
    setDestination(sent.destination);
    setResendAtMs(secondsFromNow(sent.seconds));
    setErrorMessage(null);
    setSentNotice(t("auth.tfa.sent", { destination: sent.destination }));
  };

  const sendAgain = async (nextChannel?: CodeChannel) => {
    setIsSending(true);
    setSentNotice(null);
    try {
      codeSent(
        nextChannel && nextChannel !== channel
          ? await tfaSendCode({ tfa_token: challenge.tfa_token, channel: nextChannel })
          : await tfaResend({ tfa_token: challenge.tfa_token }),
      );
    } catch (error) {
      // Asked too soon: the server says how long to wait, and the countdown shows it.
      if (isApiError(error) && error.status === 429 && error.retryAfterSeconds !== null) {
        setResendAtMs(secondsFromNow(error.retryAfterSeconds));
      }
      showFailure(error);
    } finally {
      setIsSending(false);
    }
  };

  const otherChannel: CodeChannel = channel === "email" ? "sms" : "email";

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {isApp ? (
          <IconShieldLock size={22} aria-hidden />
        ) : channel === "email" ? (
          <IconMail size={22} aria-hidden />
        ) : (
          <IconDeviceMobile size={22} aria-hidden />
        )}
        <Text size="sm" data-testid="tfa-destination">
          {isApp
            ? t("auth.tfa.appText")
            : t(channel === "email" ? "auth.tfa.emailText" : "auth.tfa.smsText", {
                destination: destination ?? "",
              })}
        </Text>
      </Group>
      {errorMessage ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
          {errorMessage}
        </Alert>
      ) : null}
      {sentNotice ? (
        <Text size="sm" c="teal.9" role="status">
          {sentNotice}
        </Text>
      ) : null}
      <CodeEntryForm submitLabel={t("auth.tfa.submit")} onVerify={verify} />
      {isApp ? null : (
        <Stack gap={6} align="center">
          <ResendCodeButton resendAtMs={resendAtMs} isSending={isSending} onResend={() => void sendAgain()} />
          <Anchor
            component="button"
            type="button"
            size="sm"
            disabled={isSending}
            onClick={() => void sendAgain(otherChannel)}
          >
            {t(otherChannel === "sms" ? "auth.tfa.useSms" : "auth.tfa.useEmail")}
          </Anchor>
        </Stack>
      )}
      <Anchor component="button" type="button" size="sm" ta="center" onClick={() => setTfaChallenge(null)}>
        {t("auth.backToLogin")}
      </Anchor>
    </Stack>
  );
};
