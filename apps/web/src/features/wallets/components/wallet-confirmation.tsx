import { Alert, Button, Divider, Text } from "@mantine/core";
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClockHour4,
  IconRepeat,
  IconWallet,
} from "@tabler/icons-react";
import { dateTimeText } from "@vela/shared/dates";
import { moneyText } from "@vela/shared/money";
import type { ParseKeys, TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { downloadReceipt } from "@/shared/api/download-receipt";
import { ConfirmationShell, OrderDetailsButton, ReceiptButton } from "@/shared/flow/confirmation-shell";
import { StepPending } from "@/shared/flow/flow-frame";
import { SummaryList } from "@/shared/flow/summary-list";
import { useLanguage } from "@/shared/i18n/use-language";
import { OrderStatusBadge } from "@/shared/ui/order-status-badge";
import { transferDetailRows } from "@/shared/ui/transfer-details";
import type { WalletOrderRecord } from "../api/get-order";
import type { WalletFlowName } from "../stores/wallet-flow-store";
import { useQuotationRows } from "./wallet-review-step";

type Tone = "done" | "waiting" | "failed";

/** Statuses after which the money has reached its end: delivered. */
const DELIVERED = new Set(["sent", "completed"]);
/** Statuses of an order that did not go through (its money never moved, or came back). */
const NOT_DONE = new Set(["payment_failed", "failed", "cancelled", "refunded"]);

/**
 * What the confirmation says of the order as it stands, flow by flow: a deposit waiting for its
 * payment (a transfer still to send, or held in review), credited, or failed; a withdrawal on its
 * way (held), paid out, refused (returning, then back in the wallet) or cancelled.
 */
export const confirmationWords = (
  t: TFunction,
  flow: WalletFlowName,
  record: WalletOrderRecord,
  locale: ReturnType<typeof useLanguage>,
  recipientName: string | null,
): { title: string; text: string; tone: Tone } => {
  const amount = moneyText(record.receiving_amount, record.currency_to_iso, locale);
  const held = moneyText(record.amount_paid, record.currency_from_iso, locale);
  const name = record.recipient_name ?? recipientName ?? "—";
  const status = record.status;
  const words = (
    key: ParseKeys,
    tone: Tone,
    title: ParseKeys = `wallets.flows.${flow}.doneTitle`,
    values: Record<string, string> = {},
  ) => ({
    title: String(t(title)),
    text: String(t(key, { amount, held, name, ...values })),
    tone,
  });
  if (flow === "deposit") {
    const payment = record.payment;
    if (DELIVERED.has(status))
      return words("wallets.flows.deposit.creditedText", "done", "wallets.flows.deposit.creditedTitle");
    if (NOT_DONE.has(status))
      return words("wallets.flows.deposit.failedText", "failed", "wallets.confirmation.failedTitle");
    const due = payment ? moneyText(payment.amount, payment.currency, locale) : held;
    if (payment?.in_review)
      return words(
        payment.received_amount
          ? "wallets.flows.deposit.inReviewReceivedText"
          : "wallets.flows.deposit.inReviewText",
        "waiting",
        "wallets.flows.deposit.inReviewTitle",
        {
          due,
          received: payment.received_amount
            ? moneyText(payment.received_amount, payment.currency, locale)
            : "",
        },
      );
    if (payment?.instructions && status === "awaiting_payment")
      return words("wallets.flows.deposit.transferText", "waiting", "wallets.flows.deposit.transferTitle", {
        due,
        reference: payment.instructions.reference,
      });
    return words("wallets.flows.deposit.doneText", "waiting");
  }
  if (flow === "withdraw") {
    if (DELIVERED.has(status))
      return words("wallets.flows.withdraw.paidText", "done", "wallets.flows.withdraw.paidTitle");
    if (status === "refunded")
      return words("wallets.flows.withdraw.refundedText", "failed", "wallets.flows.withdraw.refusedTitle");
    if (status === "failed")
      return words("wallets.flows.withdraw.returningText", "failed", "wallets.flows.withdraw.refusedTitle");
    if (NOT_DONE.has(status))
      return words("wallets.flows.withdraw.cancelledText", "failed", "wallets.flows.withdraw.cancelledTitle");
    return words("wallets.flows.withdraw.doneText", "waiting");
  }
  if (NOT_DONE.has(status))
    return words("wallets.confirmation.failedText", "failed", "wallets.confirmation.failedTitle");
  return words(`wallets.flows.${flow}.doneText`, "done");
};

const TONE_ICONS = {
  done: { color: "teal", Icon: IconCircleCheck },
  waiting: { color: "blue", Icon: IconClockHour4 },
  failed: { color: "red", Icon: IconAlertTriangle },
} as const;

/**
 * CONFIRMATION of the wallet flows: the order as it stands (it follows the order while a deposit's
 * payment arrives or a withdrawal's payout settles), with a push transfer's details to send it by,
 * its details page, its receipt, the way back to the wallets and "again".
 */
export const WalletConfirmation = ({
  record,
  title,
  text,
  tone,
  receiveLabel,
  againLabel,
  paymentText = null,
  onAgain,
}: {
  record: WalletOrderRecord;
  title: string;
  text: string;
  tone: Tone;
  receiveLabel: string;
  againLabel: string;
  /** How it was paid, in words ("Your USD wallet"); the record's method otherwise. */
  paymentText?: string | null;
  onAgain: () => void;
}) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const priceRows = useQuotationRows(record, receiveLabel);
  const { color, Icon } = TONE_ICONS[tone];
  const instructions = record.payment?.instructions ?? null;

  return (
    <ConfirmationShell
      color={color}
      icon={<Icon size={28} aria-hidden />}
      title={title}
      subtitle={
        <Text c="dimmed" mt={4}>
          {text}
        </Text>
      }
      actions={
        <>
          <OrderDetailsButton orderId={record.order_id} label={t("wallets.confirmation.details")} />
          <ReceiptButton
            download={() => downloadReceipt(record.order_id)}
            label={t("wallets.confirmation.receipt")}
            errorFallback={t("wallets.transactions.receiptError")}
            variant="light"
          />
          <Button
            component={Link}
            to="/account/wallets"
            variant="default"
            leftSection={<IconWallet size={18} aria-hidden />}
          >
            {t("wallets.confirmation.backToWallets")}
          </Button>
          <Button variant="subtle" leftSection={<IconRepeat size={18} aria-hidden />} onClick={onAgain}>
            {againLabel}
          </Button>
        </>
      }
    >
      {record.status_reason ? (
        <Alert color={tone === "failed" ? "red" : "blue"} variant="light">
          {record.status_reason}
        </Alert>
      ) : null}
      <SummaryList
        label={t("wallets.confirmation.order")}
        rows={[
          [
            t("wallets.confirmation.status"),
            <OrderStatusBadge
              key="status"
              status={record.status}
              inReview={record.payment?.in_review === true}
            />,
          ],
          [t("wallets.confirmation.ref"), record.ref],
          [t("wallets.confirmation.date"), dateTimeText(record.created_at, locale)],
        ]}
      />
      {instructions ? (
        <>
          <Divider />
          <SummaryList
            label={t("wallets.flows.deposit.transferDetails")}
            rows={transferDetailRows(t, instructions, locale)}
          />
        </>
      ) : null}
      <Divider />
      <SummaryList
        label={t("wallets.summary.price")}
        rows={[
          ...priceRows,
          ...(record.recipient_name
            ? ([[t("wallets.summary.recipient"), record.recipient_name]] as [string, string][])
            : []),
          [t("wallets.summary.payment"), paymentText ?? record.payment_method],
        ]}
      />
    </ConfirmationShell>
  );
};

/**
 * A flow route's CONFIRMATION step: the placed order (the transaction's own answer until its
 * details arrive) in the flow's words, or the skeleton, or that it was lost.
 */
export const WalletOrderConfirmation = ({
  flow,
  order,
  recipientName = null,
  paymentText,
  onAgain,
}: {
  flow: WalletFlowName;
  order: { data: WalletOrderRecord | undefined; isError: boolean };
  /** Who received it, while the record does not say. */
  recipientName?: string | null;
  /** How it was paid, in words; the wallet it left by default. */
  paymentText?: string | null;
  onAgain: () => void;
}) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const record = order.data;
  if (!record) return <StepPending isError={order.isError} lostText={t("wallets.flows.orderLost")} />;
  const words = confirmationWords(t, flow, record, locale, recipientName);
  // Money not yet delivered is what is to be added or paid out, not what was.
  const receiveKey =
    flow === "deposit" && words.tone !== "done"
      ? "wallets.flows.deposit.receivePending"
      : flow === "withdraw" && words.tone === "waiting"
        ? "wallets.flows.withdraw.receivePending"
        : flow === "withdraw" && words.tone === "failed"
          ? "wallets.flows.withdraw.receiveRefused"
          : (`wallets.flows.${flow}.receive` as const);
  return (
    <WalletConfirmation
      record={record}
      {...words}
      receiveLabel={t(receiveKey)}
      againLabel={t(`wallets.flows.${flow}.again`)}
      paymentText={
        paymentText === undefined
          ? t("wallets.summary.fromWallet", { currency: record.currency_from_iso })
          : paymentText
      }
      onAgain={onAgain}
    />
  );
};
