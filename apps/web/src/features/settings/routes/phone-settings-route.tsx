import { Stack } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { type CodeSent, changePhoneFields, PASSWORD_MAX_LENGTH } from "@vela/shared/auth";
import { refinePhoneNumber } from "@vela/shared/phone";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { isSessionExpiredError } from "@/shared/api/api-error";
import { notifyApiError } from "@/shared/api/notify";
import { formResolver } from "@/shared/forms/form-resolver";
import { PhoneNumberFields } from "@/shared/forms/phone-number-fields";
import { secondsFromNow } from "@/shared/hooks/use-countdown";
import { changePhone } from "../api/change-phone";
import { PHONE_SETTINGS_QUERY_KEY, usePhoneSettings } from "../api/get-phone-settings";
import { sendPhoneCode } from "../api/send-phone-code";
import { verifyPhone } from "../api/verify-phone";
import { CodeSentForm } from "../components/code-sent-form";
import { ContactChangeForm, ContactStatus } from "../components/contact-settings";
import { SettingsCard } from "../components/settings-card";
import { SettingsFallback } from "../components/settings-fallback";
import { usePendingCode } from "../hooks/use-pending-code";
import { useVerifyContact } from "../hooks/use-verify-contact";

/**
 * The change form: the new number and the current password, which the API asks for so that a
 * stolen session alone cannot move the phone (and with it, recovery by SMS).
 */
const phoneChangeForm = changePhoneFields
  .omit({ code: true })
  .extend({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) })
  .superRefine(refinePhoneNumber);

/** A code on its way to a phone: where, and when another can be asked for. */
type PendingCode = { destination: string; resendAtMs: number | null; resend: () => Promise<CodeSent> };

/** The phone: verify the current one, or change it (the new number is confirmed with a texted code). */
export const PhoneSettingsRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("settings.phone.title")} · Vela`);
  const settings = usePhoneSettings();
  const { setPending, shownWith, cancel } = usePendingCode<PendingCode>();
  const [prefixIso2, setPrefixIso2] = useState<string | null>(null);
  const methods = useForm({
    resolver: formResolver(phoneChangeForm),
    defaultValues: { phone_prefix: "", phone_number: "", password: "" },
  });
  const { handleSubmit, reset, resetField } = methods;

  const startCode = async (send: () => Promise<CodeSent>) => {
    try {
      const sent = await send();
      setPending({ destination: sent.destination, resendAtMs: secondsFromNow(sent.seconds), resend: send });
    } catch (error) {
      notifyApiError(error);
    }
  };

  const submitChange = handleSubmit(async (values) => {
    await startCode(() => changePhone(values));
    // The password is asked for each change; it is not kept in the form.
    resetField("password");
  });

  const verifyCode = useVerifyContact({
    queryKey: PHONE_SETTINGS_QUERY_KEY,
    verifiedMessage: t("settings.phone.verified"),
    onVerified: () => {
      setPending(null);
      // The prefix picker keeps its country beside the form: both start over together.
      reset();
      setPrefixIso2(null);
    },
  });

  if (!settings.data || isSessionExpiredError(settings.error)) {
    return <SettingsFallback query={settings} height={240} />;
  }
  // A change started earlier (another visit) is still waiting for its code; asking again texts
  // the new number, as the server sends a change's code there.
  const shown = shownWith(
    settings.data.pending_phone
      ? { destination: settings.data.pending_phone, resendAtMs: null, resend: sendPhoneCode }
      : null,
  );
  const current = settings.data.phone_number
    ? `${settings.data.phone_prefix ?? ""} ${settings.data.phone_number}`.trim()
    : null;

  return (
    <Stack gap="lg">
      <SettingsCard
        title={t("settings.phone.title")}
        text={t("settings.phone.text")}
        aside={
          <ContactStatus
            value={current ?? t("settings.phone.none")}
            verified={current ? settings.data.phone_verified : null}
            testId="current-phone"
          />
        }
      >
        {shown ? (
          <CodeSentForm
            sentText={t("settings.confirm.sent", { destination: shown.destination })}
            submitLabel={t("settings.phone.verify")}
            resendAtMs={shown.resendAtMs}
            onVerify={(code) => verifyCode(() => verifyPhone(code))}
            onResend={() => startCode(shown.resend)}
            onCancel={cancel}
          />
        ) : (
          <ContactChangeForm
            contact="phone"
            methods={methods}
            onSubmit={submitChange}
            onVerifyCurrent={
              current && !settings.data.phone_verified ? () => void startCode(sendPhoneCode) : null
            }
          >
            <PhoneNumberFields
              numberLabel={t("settings.phone.newNumber")}
              prefixIso2={prefixIso2}
              onPrefixIso2Change={setPrefixIso2}
            />
          </ContactChangeForm>
        )}
      </SettingsCard>
    </Stack>
  );
};
