import { Alert, Anchor, Button, Divider, Text } from "@mantine/core";
import { IconCircleCheck, IconRepeat, IconRoute } from "@tabler/icons-react";
import { dateTimeText } from "@vela/shared/dates";
import { moneyText, rateText } from "@vela/shared/money";
import type { ConfirmationRecord } from "@vela/shared/orders";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { downloadReceipt } from "@/shared/api/download-receipt";
import { ConfirmationShell, ReceiptButton } from "@/shared/flow/confirmation-shell";
import { SummaryList } from "@/shared/flow/summary-list";
import { useLanguage } from "@/shared/i18n/use-language";
import { OrderStatusBadge } from "@/shared/ui/order-status-badge";

/** The tracking page of an order: public, by tracking number. */
export const trackingPath = (trackingNumber: string) => `/tracking/${encodeURIComponent(trackingNumber)}`;

const formatDate = (iso: string | null, locale: string) => (iso ? dateTimeText(iso, locale) : "—");

/**
 * CONFIRMATION: the confirmation record (spec §3) — reference, tracking number, status, amounts,
 * rate, fees, who receives and when — with the receipt download, the tracking link and "send again".
 */
export const ConfirmationStep = ({
  record,
  paymentText = null,
  onSendAgain,
}: {
  record: ConfirmationRecord;
  /** How it was paid ("Visa •••• 4242"), when the payment is known; the record's method otherwise. */
  paymentText?: string | null;
  onSendAgain: () => void;
}) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const from = record.currency_from_iso;
  const to = record.currency_to_iso;
  const money = (amount: string, iso: string) => moneyText(amount, iso, locale);
  const isFailed = record.status === "payment_failed" || record.status === "failed";

  return (
    <ConfirmationShell
      color={isFailed ? "red" : "teal"}
      icon={<IconCircleCheck size={28} aria-hidden />}
      title={isFailed ? t("confirmation.failedTitle") : t("confirmation.title")}
      subtitle={
        <Text c="dimmed" mt={4}>
          {t("confirmation.text", {
            name: record.recipient_name ?? "—",
            amount: money(record.receiving_amount, to),
          })}
        </Text>
      }
      actions={
        <>
          <ReceiptButton
            download={() => downloadReceipt(record.order_id)}
            label={t("confirmation.receipt")}
            errorFallback={t("confirmation.receiptFailed")}
          />
          <Button
            component={Link}
            to={trackingPath(record.tracking_number)}
            variant="light"
            leftSection={<IconRoute size={18} aria-hidden />}
          >
            {t("confirmation.track")}
          </Button>
          <Button variant="default" leftSection={<IconRepeat size={18} aria-hidden />} onClick={onSendAgain}>
            {t("confirmation.sendAgain")}
          </Button>
        </>
      }
    >
      {record.status_reason ? (
        <Alert color={isFailed ? "red" : "blue"} variant="light">
          {record.status_reason}
        </Alert>
      ) : null}
      <SummaryList
        label={t("confirmation.order")}
        rows={[
          [t("confirmation.statusLabel"), <OrderStatusBadge key="status" status={record.status} />],
          [t("confirmation.ref"), record.ref],
          [
            t("confirmation.trackingNumber"),
            <Anchor key="tracking" component={Link} to={trackingPath(record.tracking_number)}>
              {record.tracking_number}
            </Anchor>,
          ],
          [t("confirmation.date"), formatDate(record.created_at, locale)],
          [
            t("confirmation.arrive"),
            record.arrive ? formatDate(record.arrive, locale) : record.processing_time,
          ],
          ...(record.pickup_reference
            ? ([[t("confirmation.pickupReference"), record.pickup_reference]] as [string, string][])
            : []),
        ]}
      />
      <Divider />
      <SummaryList
        label={t("review.amounts")}
        rows={[
          [t("sendFlow.summary.send"), money(record.send_amount, from)],
          [t("sendFlow.summary.fee"), money(record.vela_fee_amount, from)],
          [t("sendFlow.summary.total"), money(record.amount_paid, from)],
          [t("sendFlow.summary.rate"), rateText(from, to, record.rate, locale)],
          [t("sendFlow.summary.receive"), money(record.receiving_amount, to)],
          [t("sendFlow.summary.method"), record.delivery_method],
          [t("review.sender"), record.sender_name ?? "—"],
          [t("review.payment"), paymentText ?? record.payment_method],
        ]}
      />
    </ConfirmationShell>
  );
};
