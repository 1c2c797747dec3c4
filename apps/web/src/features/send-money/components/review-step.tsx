import { Alert, Divider, Skeleton } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { moneyText, rateText } from "@vela/shared/money";
import type { ConfirmationRecord } from "@vela/shared/orders";
import type { Payment } from "@vela/shared/payments";
import type { Quotation } from "@vela/shared/pricing";
import { useTranslation } from "react-i18next";
import { paymentName } from "@/shared/flow/payment-name";
import { ReviewShell, useFlowTransaction } from "@/shared/flow/review-shell";
import { SummaryList } from "@/shared/flow/summary-list";
import { useLanguage } from "@/shared/i18n/use-language";
import { createTransaction } from "../api/transaction";
import { useSendMoneyStore } from "../stores/send-money-store";

export type ReviewStepProps = {
  quotation: Quotation;
  payment: Payment | undefined;
  isPaymentLoading: boolean;
  recipientName: string | null;
  senderName: string | null;
  paymentId: number;
  onConfirmed: (record: ConfirmationRecord) => void;
  onBack: () => void;
};

/**
 * SEND: everything once more — amounts, rate, fees, recipient, sender, payment — then the
 * transaction. Its Idempotency-Key is made once per attempt and kept (in the flow's store) across
 * a double click, a retry after a lost answer and a reload, so the order is placed once.
 */
export const ReviewStep = ({
  quotation,
  payment,
  isPaymentLoading,
  recipientName,
  senderName,
  paymentId,
  onConfirmed,
  onBack,
}: ReviewStepProps) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const from = quotation.currency_from_iso;
  const to = quotation.currency_to_iso;
  const money = (amount: string, iso: string) => moneyText(amount, iso, locale);

  const transaction = useFlowTransaction({
    store: useSendMoneyStore,
    place: (key) => createTransaction({ quotation_id: quotation.id, payment_id: paymentId }, key),
    onSuccess: onConfirmed,
  });

  return (
    <ReviewShell
      title={t("review.title")}
      text={t("review.text")}
      backLabel={t("sendFlow.back")}
      onBack={onBack}
      confirmLabel={t("review.confirm", { amount: money(quotation.amount_paid, from) })}
      confirmIcon={<IconSend size={18} aria-hidden />}
      transaction={transaction}
    >
      <SummaryList
        label={t("review.amounts")}
        rows={[
          [t("sendFlow.summary.send"), money(quotation.send_amount, from)],
          [t("sendFlow.summary.fee"), money(quotation.vela_fee_amount, from)],
          ...(quotation.discount && Number(quotation.discount) > 0
            ? ([[t("review.discount"), `−${money(quotation.discount, from)}`]] as [string, string][])
            : []),
          [t("sendFlow.summary.total"), money(quotation.amount_paid, from)],
          [t("sendFlow.summary.rate"), rateText(from, to, quotation.rate, locale)],
          [t("sendFlow.summary.receive"), money(quotation.receiving_amount, to)],
        ]}
      />
      <Divider />
      <SummaryList
        label={t("review.parties")}
        rows={[
          [t("review.sender"), senderName ?? "—"],
          [t("sendFlow.summary.recipient"), recipientName ?? "—"],
          [t("sendFlow.summary.method"), quotation.shipping_method.name],
          [t("review.transferTime"), quotation.transfer_time],
          [
            t("review.payment"),
            isPaymentLoading ? (
              <Skeleton key="payment" height={14} width={120} />
            ) : payment ? (
              paymentName(payment, (reference) => t("review.transferReference", { reference }))
            ) : (
              "—"
            ),
          ],
        ]}
      />
      {quotation.guaranteed_rate ? (
        <Alert color="teal" variant="light">
          {t("review.guaranteed")}
        </Alert>
      ) : null}
    </ReviewShell>
  );
};
