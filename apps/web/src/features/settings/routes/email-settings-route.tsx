import { useDocumentTitle } from "@mantine/hooks";
import { type CodeSent, changeEmailRequest } from "@vela/shared/auth";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { isSessionExpiredError } from "@/shared/api/api-error";
import { notifyApiError } from "@/shared/api/notify";
import { FormTextInput } from "@/shared/forms/form-inputs";
import { formResolver } from "@/shared/forms/form-resolver";
import { secondsFromNow } from "@/shared/hooks/use-countdown";
import { changeEmail } from "../api/change-email";
import { EMAIL_SETTINGS_QUERY_KEY, useEmailSettings } from "../api/get-email-settings";
import { resendVerificationEmail, verifyCurrentEmail } from "../api/verify-current-email";
import { verifyEmailChange } from "../api/verify-email";
import { CodeSentForm } from "../components/code-sent-form";
import { ContactChangeForm, ContactStatus } from "../components/contact-settings";
import { SettingsCard } from "../components/settings-card";
import { SettingsFallback } from "../components/settings-fallback";
import { usePendingCode } from "../hooks/use-pending-code";
import { useVerifyContact } from "../hooks/use-verify-contact";

type PendingCode = {
  /** Which address the code confirms: the account's own (unverified) one, or a new one. */
  kind: "current" | "change";
  destination: string;
  resendAtMs: number | null;
  resend?: () => Promise<CodeSent>;
};

/** The e-mail address: verify it, or change it (the new address is confirmed with its code). */
export const EmailSettingsRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("settings.email.title")} · Vela`);
  const settings = useEmailSettings();
  const { setPending, shownWith, cancel } = usePendingCode<PendingCode>();
  const methods = useForm({
    resolver: formResolver(changeEmailRequest),
    defaultValues: { email: "", password: "" },
  });
  const { handleSubmit, reset } = methods;

  const submitChange = handleSubmit(async (values) => {
    try {
      const sent = await changeEmail(values);
      setPending({ kind: "change", destination: sent.destination, resendAtMs: secondsFromNow(sent.seconds) });
      reset({ email: values.email, password: "" });
    } catch (error) {
      notifyApiError(error);
    }
  });

  const sendCurrent = async () => {
    try {
      const sent = await resendVerificationEmail();
      setPending({
        kind: "current",
        destination: sent.destination,
        resendAtMs: secondsFromNow(sent.seconds),
        resend: resendVerificationEmail,
      });
    } catch (error) {
      notifyApiError(error);
    }
  };

  const verifyCode = useVerifyContact({
    queryKey: EMAIL_SETTINGS_QUERY_KEY,
    verifiedMessage: t("settings.email.verified"),
    onVerified: () => {
      setPending(null);
      reset({ email: "", password: "" });
    },
  });

  if (!settings.data || isSessionExpiredError(settings.error)) {
    return <SettingsFallback query={settings} height={240} />;
  }
  const { email, email_verified, pending_email } = settings.data;
  // A change started earlier (another visit) is still waiting for its code.
  const shown = shownWith(
    pending_email ? { kind: "change", destination: pending_email, resendAtMs: null } : null,
  );
  const verify = async (code: string) => {
    if (!shown) return;
    await verifyCode(() => (shown.kind === "change" ? verifyEmailChange(code) : verifyCurrentEmail(code)));
  };

  return (
    <SettingsCard
      title={t("settings.email.title")}
      text={t("settings.email.text")}
      aside={<ContactStatus value={email} verified={email_verified} testId="current-email" />}
    >
      {shown ? (
        <CodeSentForm
          sentText={t(shown.kind === "change" ? "settings.email.sentToNew" : "settings.confirm.sent", {
            destination: shown.destination,
          })}
          submitLabel={t("settings.email.verify")}
          resendAtMs={shown.resendAtMs}
          onVerify={verify}
          onResend={shown.kind === "current" ? sendCurrent : undefined}
          onCancel={cancel}
        />
      ) : (
        <ContactChangeForm
          contact="email"
          methods={methods}
          onSubmit={submitChange}
          onVerifyCurrent={email_verified ? null : () => void sendCurrent()}
        >
          <FormTextInput
            name="email"
            label={t("settings.email.newEmail")}
            type="email"
            autoComplete="email"
            required
          />
        </ContactChangeForm>
      )}
    </SettingsCard>
  );
};
