import { Button, Stack } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { quotationQueryOptions } from "@/features/send-money/api/transaction";
import { TransferSummary } from "@/features/send-money/components/transfer-summary";
import { SEND_MONEY_STEPS, useSendMoneyStore } from "@/features/send-money/stores/send-money-store";
import { RightPanelContent } from "@/shared/layout/panel-slots";

/**
 * Elsewhere in the account, the right panel keeps the transfer being prepared (spec §2 sidebar
 * right panel) with the way back to its step, instead of an empty panel. Inside the flow, the
 * flow fills the panel itself.
 */
export const TransferInProgressPanel = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const quotationId = useSendMoneyStore((state) => state.quotation_id);
  const orderId = useSendMoneyStore((state) => state.order_id);
  const step = useSendMoneyStore((state) => state.step);
  const recipientName = useSendMoneyStore((state) => state.recipient_name);
  const senderName = useSendMoneyStore((state) => state.sender_name);
  const isInFlow = pathname.startsWith("/account/send-money");
  const isShown = !isInFlow && quotationId !== null && orderId === null;
  const quotation = useQuery({ ...quotationQueryOptions(quotationId ?? 0), enabled: isShown });
  if (!isShown || !quotation.data || quotation.data.status !== "open") return null;
  const stepName = SEND_MONEY_STEPS[Math.max(step, 1)] ?? "SENDER";
  return (
    <RightPanelContent>
      <Stack gap="md">
        <TransferSummary quotation={quotation.data} recipientName={recipientName} senderName={senderName} />
        <Button
          component={Link}
          to={`/account/send-money/${stepName.toLowerCase()}`}
          variant="light"
          rightSection={<IconArrowRight size={16} aria-hidden />}
        >
          {t("sendFlow.resume")}
        </Button>
      </Stack>
    </RightPanelContent>
  );
};
