import { Alert, Anchor, Button, Group } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { type AuthSession, loginRequest } from "@vela/shared/auth";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormPasswordInput, FormTextInput } from "@/shared/forms/form-inputs";
import { formResolver } from "@/shared/forms/form-resolver";
import { FormStack } from "@/shared/forms/form-stack";

import { isTfaChallenge, login } from "../api/login";
import { useAuthModalStore } from "../stores/auth-modal-store";
import { showSignInFailure } from "../utils/auth-failure";

type LoginFormProps = {
  onSignedIn: (session: AuthSession) => void;
  /** The e-mail to start with (the session-expired modal knows whose session it was). */
  defaultEmail?: string;
};

/** E-mail and password. A two-factor account answers a challenge, and the flow moves to its step. */
export const LoginForm = ({ onSignedIn, defaultEmail = "" }: LoginFormProps) => {
  const { t } = useTranslation();
  const errorMessage = useAuthModalStore((state) => state.errorMessage);
  const status = useAuthModalStore((state) => state.status);
  const statusMessage = useAuthModalStore((state) => state.statusMessage);
  const setStatus = useAuthModalStore((state) => state.setStatus);
  const setTfaChallenge = useAuthModalStore((state) => state.setTfaChallenge);
  const setRecoverPassword = useAuthModalStore((state) => state.setRecoverPassword);
  const methods = useForm({
    resolver: formResolver(loginRequest),
    defaultValues: { email: defaultEmail, password: "" },
  });
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = methods;

  const submit = handleSubmit(async (values) => {
    setStatus("loading");
    try {
      const answer = await login(values);
      if (isTfaChallenge(answer)) {
        setTfaChallenge(answer);
        return;
      }
      setStatus("idle");
      onSignedIn(answer);
    } catch (error) {
      showSignInFailure(error);
    }
  });

  return (
    <FormStack methods={methods} onSubmit={submit}>
      {status === "success" && statusMessage ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} aria-hidden />} role="status">
          {statusMessage}
        </Alert>
      ) : null}
      {errorMessage ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
          {errorMessage}
        </Alert>
      ) : null}
      <FormTextInput
        name="email"
        label={t("auth.fields.email")}
        type="email"
        autoComplete="username"
        inputMode="email"
        required
      />
      <FormPasswordInput
        name="password"
        label={t("auth.fields.password")}
        autoComplete="current-password"
        required
      />
      <Group justify="flex-end">
        <Anchor component="button" type="button" size="sm" onClick={() => setRecoverPassword(true)}>
          {t("auth.login.forgot")}
        </Anchor>
      </Group>
      <Button type="submit" fullWidth size="md" loading={isSubmitting}>
        {t("auth.login.submit")}
      </Button>
    </FormStack>
  );
};
