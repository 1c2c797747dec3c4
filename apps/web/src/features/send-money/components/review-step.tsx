import { Alert, Button, Divider, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconSend } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { moneyText, rateText } from "@vela/shared/money";
import type { ConfirmationRecord } from "@vela/shared/orders";
import type { Payment } from "@vela/shared/payments";
import type { Quotation } from "@vela/shared/pricing";
import { useTranslation } from "react-i18next";
import { isApiError } from "@/shared/api/api-error";
import { notifyApiError } from "@/shared/api/notify";
import { SummaryList } from "@/shared/flow/summary-list";
import { useLanguage } from "@/shared/i18n/use-language";
import { createTransaction } from "../api/transaction";
import { useSendMoneyStore } from "../stores/send-money-store";

/** How a payment is named in the review: "Visa •••• 4242", "Bank account •••• 6789", the method. */
export const paymentLabel = (payment: Payment, transferText: (reference: string) => string) => {
  // The masked number never breaks across lines.
  if (payment.card) return `${payment.card.brand} ••••\u00a0${payment.card.last4}`;
  if (payment.bank) return `${payment.bank.bank_name} ••••\u00a0${payment.bank.last4}`;
  if (payment.instructions) return transferText(payment.instructions.reference);
  return payment.method;
};

/** A failure that is the answer to this attempt (not a lost connection): the next try is a new attempt. */
const isFinalAnswer = (error: unknown) =>
  isApiError(error) &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 409 &&
  error.status !== 429;

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
  const ensureTransactionKey = useSendMoneyStore((state) => state.ensureTransactionKey);
  const from = quotation.currency_from_iso;
  const to = quotation.currency_to_iso;
  const money = (amount: string, iso: string) => moneyText(amount, iso, locale);

  const transaction = useMutation({
    mutationFn: () =>
      createTransaction({ quotation_id: quotation.id, payment_id: paymentId }, ensureTransactionKey()),
    onSuccess: onConfirmed,
    onError: (error) => {
      if (isFinalAnswer(error)) useSendMoneyStore.setState({ transactionKey: null });
      notifyApiError(error);
    },
  });

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} size="h3">
          {t("review.title")}
        </Title>
        <Text c="dimmed" mt={4}>
          {t("review.text")}
        </Text>
      </div>
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
              paymentLabel(payment, (reference) => t("review.transferReference", { reference }))
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
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onBack}>
          {t("sendFlow.back")}
        </Button>
        <Button
          rightSection={<IconSend size={18} aria-hidden />}
          loading={transaction.isPending}
          onClick={() => {
            if (!transaction.isPending) transaction.mutate();
          }}
        >
          {t("review.confirm", { amount: money(quotation.amount_paid, from) })}
        </Button>
      </Group>
    </Stack>
  );
};
