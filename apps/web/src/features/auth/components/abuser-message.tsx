import { Alert, Anchor, Button, Stack, Text } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatCountdown, useCountdown } from "@/shared/hooks/use-countdown";
import { useAuthModalStore } from "../stores/auth-modal-store";

/** After too many tries: the server's own words and when the form opens again. */
export const AbuserMessage = () => {
  const { t } = useTranslation();
  const abuserMessage = useAuthModalStore((state) => state.abuserMessage);
  const setAbuserMessage = useAuthModalStore((state) => state.setAbuserMessage);
  const setRecoverPassword = useAuthModalStore((state) => state.setRecoverPassword);
  const setTfaChallenge = useAuthModalStore((state) => state.setTfaChallenge);
  const secondsLeft = useCountdown(abuserMessage?.retryAtMs ?? null);
  if (!abuserMessage) return null;

  const tryAgain = () => {
    setAbuserMessage(null);
    setTfaChallenge(null);
  };

  return (
    <Stack gap="md">
      <Alert color="orange" variant="light" icon={<IconLock size={20} aria-hidden />} role="alert">
        <Text size="sm">{abuserMessage.message}</Text>
      </Alert>
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="abuser-countdown">
        {secondsLeft > 0
          ? t("auth.abuser.waitFor", { time: formatCountdown(secondsLeft) })
          : t("auth.abuser.canRetry")}
      </Text>
      <Button fullWidth disabled={secondsLeft > 0} onClick={tryAgain}>
        {t("auth.abuser.tryAgain")}
      </Button>
      <Anchor
        component="button"
        type="button"
        size="sm"
        ta="center"
        onClick={() => {
          tryAgain();
          setRecoverPassword(true);
        }}
      >
        {t("auth.login.forgot")}
      </Anchor>
    </Stack>
  );
};
