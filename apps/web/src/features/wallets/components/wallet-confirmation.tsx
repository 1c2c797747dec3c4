import { Alert, Button, Divider, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconDownload,
  IconFileDescription,
  IconRepeat,
  IconWallet,
} from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import type { ConfirmationRecord } from "@vela/shared/orders";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { downloadReceipt } from "@/shared/api/download-receipt";
import { useLanguage } from "@/shared/i18n/use-language";
import { OrderStatusBadge } from "@/shared/ui/order-status-badge";
import type { WalletFlowName } from "../stores/wallet-flow-store";
import { dateTimeText, moneyText, rateText } from "../utils/format";
import { SummaryList } from "./summary-list";
import { StepPending } from "./wallet-flow-frame";

/**
 * CONFIRMATION of the wallet flows: the order as it stands (it follows the order while a deposit's
 * payment arrives or a withdrawal's payout settles), with its details page, its receipt, the way
 * back to the wallets and "again".
 */
export const WalletConfirmation = ({
  record,
  title,
  text,
  receiveLabel,
  againLabel,
  paymentText = null,
  onAgain,
}: {
  record: ConfirmationRecord;
  title: string;
  text: string;
  receiveLabel: string;
  againLabel: string;
  /** How it was paid, in words ("Your USD wallet"); the record's method otherwise. */
  paymentText?: string | null;
  onAgain: () => void;
}) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const from = record.currency_from_iso;
  const to = record.currency_to_iso;
  const isFailed = ["payment_failed", "failed", "cancelled", "refunded"].includes(record.status);
  const receipt = useMutation({
    mutationFn: () => downloadReceipt(record.order_id),
    meta: { errorFallback: t("wallets.transactions.receiptError") },
  });

  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={48} radius="xl" color={isFailed ? "red" : "teal"} variant="light">
          {isFailed ? <IconAlertTriangle size={28} aria-hidden /> : <IconCircleCheck size={28} aria-hidden />}
        </ThemeIcon>
        <div>
          <Title order={2} size="h3">
            {isFailed ? t("wallets.confirmation.failedTitle") : title}
          </Title>
          <Text c="dimmed" mt={4}>
            {text}
          </Text>
        </div>
      </Group>
      {record.status_reason ? (
        <Alert color={isFailed ? "red" : "blue"} variant="light">
          {record.status_reason}
        </Alert>
      ) : null}
      <SummaryList
        label={t("wallets.confirmation.order")}
        rows={[
          [t("wallets.confirmation.status"), <OrderStatusBadge key="status" status={record.status} />],
          [t("wallets.confirmation.ref"), record.ref],
          [t("wallets.confirmation.date"), dateTimeText(record.created_at, locale)],
        ]}
      />
      <Divider />
      <SummaryList
        label={t("wallets.summary.price")}
        rows={[
          [t("wallets.summary.amount"), moneyText(record.send_amount, from, locale)],
          [t("wallets.summary.fee"), moneyText(record.vela_fee_amount, from, locale)],
          [t("wallets.summary.total"), moneyText(record.amount_paid, from, locale)],
          ...(from === to
            ? []
            : ([[t("wallets.summary.rate"), rateText(from, to, record.rate, locale)]] as [string, string][])),
          [receiveLabel, moneyText(record.receiving_amount, to, locale)],
          ...(record.recipient_name
            ? ([[t("wallets.summary.recipient"), record.recipient_name]] as [string, string][])
            : []),
          [t("wallets.summary.payment"), paymentText ?? record.payment_method],
        ]}
      />
      <Group gap="sm" wrap="wrap">
        <Button
          component={Link}
          to={`/account/history/${record.order_id}`}
          leftSection={<IconFileDescription size={18} aria-hidden />}
        >
          {t("wallets.confirmation.details")}
        </Button>
        <Button
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={receipt.isPending}
          onClick={() => receipt.mutate()}
        >
          {t("wallets.confirmation.receipt")}
        </Button>
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
      </Group>
    </Stack>
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
  order: { data: ConfirmationRecord | undefined; isError: boolean };
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
  return (
    <WalletConfirmation
      record={record}
      title={t(`wallets.flows.${flow}.doneTitle`)}
      text={t(`wallets.flows.${flow}.doneText`, {
        amount: moneyText(record.receiving_amount, record.currency_to_iso, locale),
        name: record.recipient_name ?? recipientName ?? "—",
      })}
      receiveLabel={t(`wallets.flows.${flow}.receive`)}
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
