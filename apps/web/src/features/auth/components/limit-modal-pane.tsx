import { Button, Group, Image, Stack, Text } from "@mantine/core";
import type { RuleModal } from "@vela/shared/auth";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { verificationPathFrom } from "@/shared/flow/verification-path";
import { formatCountdown, secondsFromNow, useCountdown } from "@/shared/hooks/use-countdown";
import { useAuthModalStore } from "../stores/auth-modal-store";
import { useAuthStore } from "../stores/auth-store";
import { RULE_ACTIONS } from "../utils/rule-actions";

/** A rule that stops the user (a limit, a missing verification): its text, image and one action. */
export const LimitModalPane = ({ rule }: { rule: RuleModal }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const close = useAuthModalStore((state) => state.close);
  const setOnboardingStatus = useAuthModalStore((state) => state.setOnboardingStatus);
  const onboarding = useAuthStore((state) => state.onboarding);
  const [untilMs] = useState(() => secondsFromNow(rule.seconds));
  const secondsLeft = useCountdown(untilMs);

  const act = () => {
    const code = rule.button.code;
    if ((code === RULE_ACTIONS.verifyEmail || code === RULE_ACTIONS.verifyPhone) && onboarding) {
      setOnboardingStatus(onboarding, { start: code === RULE_ACTIONS.verifyPhone ? "phone" : "email" });
      return;
    }
    close();
    if (code === RULE_ACTIONS.contactSupport) navigate("/contact-us");
    // The flow the rule stopped is where the verification area leads back to once it is done.
    if (code === RULE_ACTIONS.verifyIdentity) navigate(verificationPathFrom(`${pathname}${search}`));
  };

  return (
    <Stack gap="md">
      {rule.img ? <Image src={rule.img} alt="" h={140} fit="contain" /> : null}
      <Text>{rule.text}</Text>
      {secondsLeft > 0 ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t("auth.limit.waitFor", { time: formatCountdown(secondsLeft) })}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        {rule.persistent ? null : (
          <Button variant="default" onClick={close}>
            {t("auth.limit.later")}
          </Button>
        )}
        <Button onClick={act}>{rule.button.label}</Button>
      </Group>
    </Stack>
  );
};
