import { Anchor } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatCountdown, useCountdown } from "@/shared/hooks/use-countdown";

type ResendCodeButtonProps = {
  /** When "send again" opens (the server's `seconds`); null when it is open now. */
  resendAtMs: number | null;
  /** A code is on its way: no second request meanwhile. */
  isSending: boolean;
  onResend: () => void;
};

/** "Send a new code", which waits out the server's countdown first and shows it. */
export const ResendCodeButton = ({ resendAtMs, isSending, onResend }: ResendCodeButtonProps) => {
  const { t } = useTranslation();
  const secondsLeft = useCountdown(resendAtMs);
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      ta="center"
      disabled={secondsLeft > 0 || isSending}
      c={secondsLeft > 0 ? "dimmed" : undefined}
      onClick={onResend}
    >
      {secondsLeft > 0
        ? t("auth.code.resendIn", { time: formatCountdown(secondsLeft) })
        : t("auth.code.resend")}
    </Anchor>
  );
};
