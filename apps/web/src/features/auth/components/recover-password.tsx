import { Alert, Anchor, Button, Radio, Stack, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { type CodeChannel, forgotPasswordMaskingRequest, passwordField } from "@vela/shared/auth";
import { type ReactNode, useState } from "react";
import { type FieldValues, type UseFormReturn, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { CodeEntryForm } from "@/shared/forms/code-entry-form";
import { FormTextInput } from "@/shared/forms/form-inputs";
import { formResolver } from "@/shared/forms/form-resolver";
import { FormStack } from "@/shared/forms/form-stack";
import { NewPasswordFields } from "@/shared/forms/new-password-fields";
import { confirmPassword } from "@/shared/forms/password-confirmation";
import { secondsFromNow } from "@/shared/hooks/use-countdown";
import { forgotPasswordMasking, type MaskedContacts } from "../api/forgot-password-masking";
import { forgotPasswordSendCode } from "../api/forgot-password-send-code";
import { forgotPasswordValidateCode } from "../api/forgot-password-validate-code";
import { resetPassword } from "../api/reset-password";
import { useAuthModalStore } from "../stores/auth-modal-store";
import { showFailure } from "../utils/auth-failure";

/** The steps of recovery, in order: who, where to send the code, the code, the new password. */
type RecoveryStep =
  | { name: "email" }
  | { name: "channel"; email: string; contacts: MaskedContacts }
  | { name: "code"; email: string; contacts: MaskedContacts; channel: CodeChannel; resendAtMs: number | null }
  | { name: "password"; resetToken: string };

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

type RecoveryFormProps<V extends FieldValues, C, T> = {
  methods: UseFormReturn<V, C, T>;
  /** What the step asks for, above its fields. */
  intro: string;
  submitLabel: string;
  /** Takes the step's valid values; a failure shows above the step. */
  onValid: (values: T) => Promise<void>;
  children: ReactNode;
};

/** A step that is a form: what it asks for, the step's error, its fields and its button. */
const RecoveryForm = <V extends FieldValues, C, T>({
  methods,
  intro,
  submitLabel,
  onValid,
  children,
}: RecoveryFormProps<V, C, T>) => {
  const submit = methods.handleSubmit(async (values) => {
    try {
      await onValid(values);
    } catch (error) {
      showFailure(error);
    }
  });
  return (
    <FormStack methods={methods} onSubmit={submit}>
      <Text size="sm">{intro}</Text>
      <StepError />
      {children}
      <Button type="submit" fullWidth size="md" loading={methods.formState.isSubmitting}>
        {submitLabel}
      </Button>
    </FormStack>
  );
};

const EmailStep = ({ onNext }: { onNext: (email: string, contacts: MaskedContacts) => void }) => {
  const { t } = useTranslation();
  const methods = useForm({
    resolver: formResolver(forgotPasswordMaskingRequest),
    defaultValues: { email: "" },
  });
  return (
    <RecoveryForm
      methods={methods}
      intro={t("auth.recover.emailText")}
      submitLabel={t("auth.recover.continue")}
      onValid={async ({ email }) => onNext(email, await forgotPasswordMasking({ email }))}
    >
      <FormTextInput
        name="email"
        label={t("auth.fields.email")}
        type="email"
        autoComplete="username"
        required
        data-autofocus
      />
    </RecoveryForm>
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
      showFailure(error);
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
  const verify = async (code: string) => {
    try {
      const { reset_token } = await forgotPasswordValidateCode({ email, code });
      setErrorMessage(null);
      onValid(reset_token);
    } catch (error) {
      showFailure(error);
    }
  };
  const resend = async () => {
    try {
      onResent((await forgotPasswordSendCode({ email, channel })).seconds);
      setErrorMessage(null);
    } catch (error) {
      showFailure(error);
    }
  };
  const destination = channel === "sms" ? (contacts.phone ?? "") : contacts.email;
  return (
    <Stack gap="md">
      <Text size="sm">{t("auth.recover.codeText", { destination })}</Text>
      <StepError />
      <CodeEntryForm
        submitLabel={t("auth.recover.checkCode")}
        resendAtMs={resendAtMs}
        onVerify={verify}
        onResend={resend}
      />
    </Stack>
  );
};

const PasswordStep = ({ resetToken, onDone }: { resetToken: string; onDone: () => void }) => {
  const { t } = useTranslation();
  const methods = useForm({
    resolver: formResolver(newPasswordForm),
    defaultValues: { password: "", password_confirmation: "" },
  });
  return (
    <RecoveryForm
      methods={methods}
      intro={t("auth.recover.passwordText")}
      submitLabel={t("auth.recover.save")}
      onValid={async (values) => {
        await resetPassword({ reset_token: resetToken, ...values });
        onDone();
      }}
    >
      <NewPasswordFields autoFocus />
    </RecoveryForm>
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
