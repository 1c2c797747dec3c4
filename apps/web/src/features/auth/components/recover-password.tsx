import { Alert, Anchor, Button, PasswordInput, Radio, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import {
  type CodeChannel,
  codeField,
  forgotPasswordMaskingRequest,
  PASSWORD_MIN_LENGTH,
  passwordField,
} from "@vela/shared/auth";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { formResolver } from "@/shared/forms/form-resolver";
import { confirmPassword } from "@/shared/forms/password-confirmation";
import { formatCountdown, secondsFromNow, useCountdown } from "@/shared/hooks/use-countdown";
import { CodeInput } from "@/shared/ui/code-input";
import { forgotPasswordMasking, type MaskedContacts } from "../api/forgot-password-masking";
import { forgotPasswordSendCode } from "../api/forgot-password-send-code";
import { forgotPasswordValidateCode } from "../api/forgot-password-validate-code";
import { resetPassword } from "../api/reset-password";
import { useAuthModalStore } from "../stores/auth-modal-store";
import { failureText } from "../utils/auth-failure";

/** The steps of recovery, in order: who, where to send the code, the code, the new password. */
type RecoveryStep =
  | { name: "email" }
  | { name: "channel"; email: string; contacts: MaskedContacts }
  | { name: "code"; email: string; contacts: MaskedContacts; channel: CodeChannel; resendAtMs: number | null }
  | { name: "password"; resetToken: string };

const codeForm = z.object({ code: codeField });

const newPasswordForm = confirmPassword(
  z.object({ password: passwordField, password_confirmation: z.string() }),
);

const StepError = () => {
  const errorMessage = useAuthModalStore((state) => state.errorMessage);
  return errorMessage ? (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
      {errorMessage}
    </Alert>
  ) : null;
};

const EmailStep = ({ onNext }: { onNext: (email: string, contacts: MaskedContacts) => void }) => {
  const { t } = useTranslation();
  const setErrorMessage = useAuthModalStore((state) => state.setErrorMessage);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: formResolver(forgotPasswordMaskingRequest), defaultValues: { email: "" } });
  const submit = handleSubmit(async ({ email }) => {
    try {
      onNext(email, await forgotPasswordMasking({ email }));
    } catch (error) {
      setErrorMessage(failureText(error, t("errors.unexpected")));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t("auth.recover.emailText")}</Text>
        <StepError />
        <TextInput
          label={t("auth.fields.email")}
          type="email"
          autoComplete="username"
          required
          data-autofocus
          error={errors.email?.message}
          {...register("email")}
        />
        <Button type="submit" fullWidth size="md" loading={isSubmitting}>
          {t("auth.recover.continue")}
        </Button>
      </Stack>
    </form>
  );
};

const ChannelStep = ({
  email,
  contacts,
  onSent,
}: {
  email: string;
  contacts: MaskedContacts;
  onSent: (channel: CodeChannel, seconds: number) => void;
}) => {
  const { t } = useTranslation();
  const setErrorMessage = useAuthModalStore((state) => state.setErrorMessage);
  const [channel, setChannel] = useState<CodeChannel>("email");
  const [isSending, setIsSending] = useState(false);
  const send = async () => {
    setIsSending(true);
    try {
      const sent = await forgotPasswordSendCode({ email, channel });
      setErrorMessage(null);
      onSent(channel, sent.seconds);
    } catch (error) {
      setErrorMessage(failureText(error, t("errors.unexpected")));
    } finally {
      setIsSending(false);
    }
  };
  return (
    <Stack gap="md">
      <StepError />
      <Radio.Group
        label={t("auth.recover.channelLabel")}
        value={channel}
        onChange={(value) => setChannel(value === "sms" ? "sms" : "email")}
      >
        <Stack gap="sm" mt="xs">
          <Radio value="email" label={t("auth.recover.byEmail", { destination: contacts.email })} />
          {contacts.phone ? (
            <Radio value="sms" label={t("auth.recover.bySms", { destination: contacts.phone })} />
          ) : null}
        </Stack>
      </Radio.Group>
      <Button fullWidth size="md" loading={isSending} onClick={() => void send()}>
        {t("auth.recover.sendCode")}
      </Button>
    </Stack>
  );
};

const CodeStep = ({
  email,
  contacts,
  channel,
  resendAtMs,
  onResent,
  onValid,
}: {
  email: string;
  contacts: MaskedContacts;
  channel: CodeChannel;
  resendAtMs: number | null;
  onResent: (seconds: number) => void;
  onValid: (resetToken: string) => void;
}) => {
  const { t } = useTranslation();
  const setErrorMessage = useAuthModalStore((state) => state.setErrorMessage);
  const secondsLeft = useCountdown(resendAtMs);
  const [isSending, setIsSending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: formResolver(codeForm), defaultValues: { code: "" } });
  const submit = handleSubmit(async ({ code }) => {
    try {
      const { reset_token } = await forgotPasswordValidateCode({ email, code });
      setErrorMessage(null);
      onValid(reset_token);
    } catch (error) {
      setErrorMessage(failureText(error, t("errors.unexpected")));
    }
  });
  const resend = async () => {
    setIsSending(true);
    try {
      onResent((await forgotPasswordSendCode({ email, channel })).seconds);
      setErrorMessage(null);
    } catch (error) {
      setErrorMessage(failureText(error, t("errors.unexpected")));
    } finally {
      setIsSending(false);
    }
  };
  const destination = channel === "sms" ? (contacts.phone ?? "") : contacts.email;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t("auth.recover.codeText", { destination })}</Text>
        <StepError />
        <CodeInput
          label={t("auth.fields.code")}
          required
          data-autofocus
          error={errors.code?.message}
          {...register("code")}
        />
        <Button type="submit" fullWidth size="md" loading={isSubmitting}>
          {t("auth.recover.checkCode")}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="center"
          disabled={secondsLeft > 0 || isSending}
          c={secondsLeft > 0 ? "dimmed" : undefined}
          onClick={() => void resend()}
        >
          {secondsLeft > 0
            ? t("auth.code.resendIn", { time: formatCountdown(secondsLeft) })
            : t("auth.code.resend")}
        </Anchor>
      </Stack>
    </form>
  );
};

const PasswordStep = ({ resetToken, onDone }: { resetToken: string; onDone: () => void }) => {
  const { t } = useTranslation();
  const setErrorMessage = useAuthModalStore((state) => state.setErrorMessage);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: formResolver(newPasswordForm),
    defaultValues: { password: "", password_confirmation: "" },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await resetPassword({ reset_token: resetToken, ...values });
      onDone();
    } catch (error) {
      setErrorMessage(failureText(error, t("errors.unexpected")));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t("auth.recover.passwordText")}</Text>
        <StepError />
        <PasswordInput
          label={t("auth.fields.newPassword")}
          description={t("auth.fields.passwordHint", { min: PASSWORD_MIN_LENGTH })}
          // The hint goes under the field, so that side-by-side fields stay aligned.
          inputWrapperOrder={["label", "input", "description", "error"]}
          autoComplete="new-password"
          required
          data-autofocus
          error={errors.password?.message}
          {...register("password")}
        />
        <PasswordInput
          label={t("auth.fields.passwordConfirmation")}
          autoComplete="new-password"
          required
          error={errors.password_confirmation?.message}
          {...register("password_confirmation")}
        />
        <Button type="submit" fullWidth size="md" loading={isSubmitting}>
          {t("auth.recover.save")}
        </Button>
      </Stack>
    </form>
  );
};

/**
 * Password recovery inside the modal: masking → send code → validate → new password. A reset
 * ends every session, so it finishes on the login form with a note saying so.
 */
export const RecoverPassword = () => {
  const { t } = useTranslation();
  const setRecoverPassword = useAuthModalStore((state) => state.setRecoverPassword);
  const setStatus = useAuthModalStore((state) => state.setStatus);
  const [step, setStep] = useState<RecoveryStep>({ name: "email" });

  return (
    <Stack gap="md">
      {step.name === "email" ? (
        <EmailStep onNext={(email, contacts) => setStep({ name: "channel", email, contacts })} />
      ) : null}
      {step.name === "channel" ? (
        <ChannelStep
          email={step.email}
          contacts={step.contacts}
          onSent={(channel, seconds) =>
            setStep({ ...step, name: "code", channel, resendAtMs: secondsFromNow(seconds) })
          }
        />
      ) : null}
      {step.name === "code" ? (
        <CodeStep
          email={step.email}
          contacts={step.contacts}
          channel={step.channel}
          resendAtMs={step.resendAtMs}
          onResent={(seconds) => setStep({ ...step, resendAtMs: secondsFromNow(seconds) })}
          onValid={(resetToken) => setStep({ name: "password", resetToken })}
        />
      ) : null}
      {step.name === "password" ? (
        <PasswordStep
          resetToken={step.resetToken}
          onDone={() => {
            setRecoverPassword(false);
            setStatus("success", t("auth.recover.done"));
          }}
        />
      ) : null}
      <Anchor
        component="button"
        type="button"
        size="sm"
        ta="center"
        onClick={() => setRecoverPassword(false)}
      >
        {t("auth.backToLogin")}
      </Anchor>
    </Stack>
  );
};
