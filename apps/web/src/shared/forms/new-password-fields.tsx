import { PASSWORD_MIN_LENGTH } from "@vela/shared/auth";
import { useTranslation } from "react-i18next";
import { FormPasswordInput } from "./form-inputs";

type NewPasswordFieldsProps = {
  /** "Password" when opening an account; "New password" (the default) when replacing one. */
  passwordLabel?: string;
  /** Focuses the password when the step opens (in a modal). */
  autoFocus?: boolean;
};

/**
 * A new password and its repeat (`password`, `password_confirmation`), the pair `confirmPassword`
 * checks. No layout of their own: side by side in a registration, stacked elsewhere.
 */
export const NewPasswordFields = ({ passwordLabel, autoFocus = false }: NewPasswordFieldsProps) => {
  const { t } = useTranslation();
  return (
    <>
      <FormPasswordInput
        name="password"
        label={passwordLabel ?? t("auth.fields.newPassword")}
        description={t("auth.fields.passwordHint", { min: PASSWORD_MIN_LENGTH })}
        // The hint goes under the field, so that side-by-side fields stay aligned.
        inputWrapperOrder={["label", "input", "description", "error"]}
        autoComplete="new-password"
        required
        // Absent rather than "false": the modal's focus trap looks for the attribute.
        data-autofocus={autoFocus || undefined}
      />
      <FormPasswordInput
        name="password_confirmation"
        label={t("auth.fields.passwordConfirmation")}
        autoComplete="new-password"
        required
      />
    </>
  );
};
