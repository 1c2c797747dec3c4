import { Alert, Button, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck, IconDeviceMobile, IconMail } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Role } from "@vela/shared/api";
import { CODE_RESEND_SECONDS, type CodeSent, type OnboardingStatus } from "@vela/shared/auth";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { isApiError } from "@/shared/api/api-error";
import { CodeEntryForm } from "@/shared/forms/code-entry-form";
import { secondsFromNow } from "@/shared/hooks/use-countdown";
import { getOnboardingPhoneCode } from "../api/get-onboarding-phone-code";
import { resendOnboardingEmail } from "../api/resend-onboarding-email";
import { sendOnboardingPhoneCode } from "../api/send-onboarding-phone-code";
import { verifyOnboardingEmail } from "../api/verify-onboarding-email";
import { verifyOnboardingPhone } from "../api/verify-onboarding-phone";
import { RULES_QUERY_KEY } from "../hooks/use-dashboard-rule-check";
import { useAuthModalStore } from "../stores/auth-modal-store";
import { useAuthStore } from "../stores/auth-store";
import { showFailure } from "../utils/auth-failure";

type Step = "email" | "phone" | "done";

const firstStep = (status: OnboardingStatus, start: "email" | "phone"): Step => {
  if (!status.email_verified && start === "email") return "email";
  if (!status.phone_verified) return "phone";
  return status.email_verified ? "done" : "email";
};

/**
 * Verification after registration (or when a rule asks for it): the e-mail code first, then the
 * phone's, which can be left for later. The account is usable from the start; these unlock the
 * services that need them.
 */
export const OnboardingVerification = ({ status }: { status: OnboardingStatus }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const type: Role = useAuthStore((state) => state.type) ?? "client";
  const user = useAuthStore((state) => state.user);
  const setOnboarding = useAuthStore((state) => state.setOnboarding);
  const start = useAuthModalStore((state) => state.onboardingStart);
  const emailCodeSentAtMs = useAuthModalStore((state) => state.emailCodeSentAtMs);
  const errorMessage = useAuthModalStore((state) => state.errorMessage);
  const setErrorMessage = useAuthModalStore((state) => state.setErrorMessage);
  const setOnboardingStatus = useAuthModalStore((state) => state.setOnboardingStatus);
  const close = useAuthModalStore((state) => state.close);
  const [step, setStep] = useState<Step>(() => firstStep(status, start));
  const [emailResendAtMs, setEmailResendAtMs] = useState(() =>
    emailCodeSentAtMs ? emailCodeSentAtMs + CODE_RESEND_SECONDS * 1000 : null,
  );
  const [phoneCode, setPhoneCode] = useState<{ sent: CodeSent; resendAtMs: number | null } | null>(null);
  const [isSendingPhone, setIsSendingPhone] = useState(false);

  // A phone code may already be on its way (sent before a reload): pick up its countdown.
  const pending = useQuery({
    queryKey: ["onboarding", type, "phone-code"],
    queryFn: ({ signal }) => getOnboardingPhoneCode(type, signal),
    enabled: step === "phone",
    staleTime: 0,
    meta: { notifyOnError: false },
  });
  const shownPhoneCode =
    phoneCode ??
    (pending.data ? { sent: pending.data, resendAtMs: secondsFromNow(pending.data.seconds) } : null);

  const advance = (next: OnboardingStatus) => {
    setOnboarding(next);
    // What the rules stopped may now be allowed.
    void queryClient.invalidateQueries({ queryKey: RULES_QUERY_KEY });
    setOnboardingStatus(next, { start: "phone" });
    setErrorMessage(null);
    setStep(firstStep(next, "phone"));
  };

  const finish = () => {
    // Where the new user was headed before signing up (the home calculator's priced transfer).
    const { returnTo } = useAuthModalStore.getState();
    close();
    navigate(returnTo ?? "/account");
  };

  const fail = (error: unknown) => {
    if (isApiError(error) && error.status === 429 && error.retryAfterSeconds !== null) {
      const retryAtMs = secondsFromNow(error.retryAfterSeconds);
      if (step === "email") setEmailResendAtMs(retryAtMs);
      else if (shownPhoneCode) setPhoneCode({ ...shownPhoneCode, resendAtMs: retryAtMs });
    }
    showFailure(error);
  };

  const sendPhoneCode = async () => {
    setIsSendingPhone(true);
    try {
      const sent = await sendOnboardingPhoneCode(type);
      setPhoneCode({ sent, resendAtMs: secondsFromNow(sent.seconds) });
      setErrorMessage(null);
    } catch (error) {
      fail(error);
    } finally {
      setIsSendingPhone(false);
    }
  };

  const phoneNumber = user?.phone_number ? `${user.phone_prefix ?? ""} ${user.phone_number}`.trim() : "";

  return (
    <Stack gap="md">
      {errorMessage ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
          {errorMessage}
        </Alert>
      ) : null}

      {step === "email" ? (
        <>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconMail size={22} aria-hidden />
            <Text size="sm">{t("auth.onboarding.emailText", { email: user?.email ?? "" })}</Text>
          </Group>
          <CodeEntryForm
            submitLabel={t("auth.onboarding.verifyEmail")}
            resendAtMs={emailResendAtMs}
            onVerify={async (code) => {
              try {
                advance(await verifyOnboardingEmail(type, code));
              } catch (error) {
                fail(error);
              }
            }}
            onResend={async () => {
              try {
                const sent = await resendOnboardingEmail(type);
                setEmailResendAtMs(secondsFromNow(sent.seconds));
                setErrorMessage(null);
              } catch (error) {
                fail(error);
              }
            }}
          />
        </>
      ) : null}

      {step === "phone" ? (
        <>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconDeviceMobile size={22} aria-hidden />
            <Text size="sm">
              {shownPhoneCode
                ? t("auth.onboarding.phoneSent", { destination: shownPhoneCode.sent.destination })
                : t("auth.onboarding.phoneText", { phone: phoneNumber })}
            </Text>
          </Group>
          {shownPhoneCode ? (
            <CodeEntryForm
              submitLabel={t("auth.onboarding.verifyPhone")}
              resendAtMs={shownPhoneCode.resendAtMs}
              onVerify={async (code) => {
                try {
                  advance(await verifyOnboardingPhone(type, code));
                } catch (error) {
                  fail(error);
                }
              }}
              onResend={sendPhoneCode}
            />
          ) : (
            <Button fullWidth size="md" loading={isSendingPhone} onClick={() => void sendPhoneCode()}>
              {t("auth.onboarding.sendPhoneCode")}
            </Button>
          )}
          <Button variant="subtle" fullWidth onClick={finish}>
            {t("auth.onboarding.skipPhone")}
          </Button>
        </>
      ) : null}

      {step === "done" ? (
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light">
            <IconCircleCheck size={32} aria-hidden />
          </ThemeIcon>
          <Text fw={600}>{t("auth.onboarding.doneTitle")}</Text>
          <Text size="sm" c="dimmed">
            {t("auth.onboarding.doneText")}
          </Text>
          <Button fullWidth size="md" onClick={finish}>
            {t("auth.onboarding.goToAccount")}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
};
