import { Button } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { changePasswordRequest } from "@vela/shared/auth";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { isApiError } from "@/shared/api/api-error";
import { sessionHandlers } from "@/shared/api/auth-source";
import { notifyApiError, notifySuccess } from "@/shared/api/notify";
import { FormPasswordInput } from "@/shared/forms/form-inputs";
import { formResolver } from "@/shared/forms/form-resolver";
import { FormStack } from "@/shared/forms/form-stack";

import { NewPasswordFields } from "@/shared/forms/new-password-fields";
import { confirmPassword } from "@/shared/forms/password-confirmation";
import { changePassword } from "../api/change-password";
import { SettingsCard } from "../components/settings-card";

const passwordForm = confirmPassword(changePasswordRequest);

/** The password: the current one, then the new one twice. Every other session ends with it. */
export const PasswordSettingsRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("settings.password.title")} · Vela`);
  const methods = useForm({
    resolver: formResolver(passwordForm),
    defaultValues: { current_password: "", password: "", password_confirmation: "" },
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { isSubmitting },
  } = methods;

  const submit = handleSubmit(async (values) => {
    try {
      // The answer carries this session's new tokens; the old ones stop working at once.
      sessionHandlers().storeSession(await changePassword(values));
      reset();
      notifySuccess(t("settings.password.changed"));
    } catch (error) {
      notifyApiError(error);
      const errors = isApiError(error) ? error.errors : null;
      if (errors?.current_password?.[0]) {
        setError("current_password", { type: "server", message: errors.current_password[0] });
      }
      if (errors?.password?.[0]) setError("password", { type: "server", message: errors.password[0] });
    }
  });

  return (
    <SettingsCard title={t("settings.password.title")} text={t("settings.password.text")}>
      <FormStack
        methods={methods}
        onSubmit={submit}
        aria-label={t("settings.password.title")}
        stackProps={{ maw: 420 }}
      >
        <FormPasswordInput
          name="current_password"
          label={t("settings.password.current")}
          autoComplete="current-password"
          required
        />
        <NewPasswordFields />
        <Button type="submit" loading={isSubmitting} w="fit-content">
          {t("settings.password.submit")}
        </Button>
      </FormStack>
    </SettingsCard>
  );
};
