import { Alert, Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconDeviceMobile, IconMail, IconShieldLock } from "@tabler/icons-react";
import {
  type AuthSession,
  type CodeChannel,
  type CodeSent,
  codeField,
  type TfaChallenge,
} from "@vela/shared/auth";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { isApiError } from "@/shared/api/api-error";
import { formResolver } from "@/shared/forms/form-resolver";
import { formatCountdown, secondsFromNow, useCountdown } from "@/shared/hooks/use-countdown";
import { CodeInput } from "@/shared/ui/code-input";
import { tfaResend } from "../api/tfa-resend";
import { tfaSendCode } from "../api/tfa-send-code";
import { tfaVerifyAndLogin } from "../api/tfa-verify";
import { useAuthModalStore } from "../stores/auth-modal-store";
import { failureText, showSignInFailure } from "../utils/auth-failure";

const codeForm = z.object({ code: codeField });

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
  const secondsLeft = useCountdown(resendAtMs);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: formResolver(codeForm), defaultValues: { code: "" } });

  const submit = handleSubmit(async ({ code }) => {
    setStatus("loading");
    try {
      const session = await tfaVerifyAndLogin({ tfa_token: challenge.tfa_token, code });
      setStatus("idle");
      onSignedIn(session);
    } catch (error) {
      showSignInFailure(error);
    }
  });

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
      setErrorMessage(failureText(error, t("errors.unexpected")));
    } finally {
      setIsSending(false);
    }
  };

  const otherChannel: CodeChannel = channel === "email" ? "sms" : "email";

  return (
    <form onSubmit={submit} noValidate>
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
        <CodeInput
          label={t("auth.fields.code")}
          required
          data-autofocus
          error={errors.code?.message}
          {...register("code")}
        />
        <Button type="submit" fullWidth size="md" loading={isSubmitting}>
          {t("auth.tfa.submit")}
        </Button>
        {isApp ? null : (
          <Stack gap={6} align="center">
            <Anchor
              component="button"
              type="button"
              size="sm"
              disabled={secondsLeft > 0 || isSending}
              onClick={() => void sendAgain()}
              c={secondsLeft > 0 ? "dimmed" : undefined}
            >
              {secondsLeft > 0
                ? t("auth.code.resendIn", { time: formatCountdown(secondsLeft) })
                : t("auth.code.resend")}
            </Anchor>
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
    </form>
  );
};
