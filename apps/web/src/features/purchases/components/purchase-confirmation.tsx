import { Alert, Button, CopyButton, Divider, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import {
  IconAlertTriangle,
  IconCheck,
  IconCircleCheck,
  IconCopy,
  IconEye,
  IconHourglass,
  IconReceiptRefund,
  IconRepeat,
} from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dateTimeText } from "@vela/shared/dates";
import type { PurchaseConfirmation, PurchaseService, RedeemCode } from "@vela/shared/purchases";
import { useTranslation } from "react-i18next";
import { isApiError } from "@/shared/api/api-error";
import { downloadReceipt } from "@/shared/api/download-receipt";
import { notifyApiError } from "@/shared/api/notify";
import { ConfirmationShell, OrderDetailsButton, ReceiptButton } from "@/shared/flow/confirmation-shell";
import { SummaryList } from "@/shared/flow/summary-list";
import { useLanguage } from "@/shared/i18n/use-language";
import { OrderStatusBadge } from "@/shared/ui/order-status-badge";
import { FINAL_PURCHASE_STATUSES, purchaseOrderQueryOptions, revealRedeemCode } from "../api/orders";
import { useItemRows, usePriceRows } from "./purchase-review";
import classes from "./purchases.module.css";

const FAILED = new Set(["payment_failed", "failed", "cancelled"]);

/** A gift card's code: "Show code" once it is ready (answered once), then code and PIN with copy buttons. */
const RedeemCodePanel = ({ record }: { record: PurchaseConfirmation }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reveal = useMutation({
    mutationFn: () => revealRedeemCode(record.order_id),
    meta: { notifyOnError: false },
    onError: (error) => notifyApiError(error),
    // Shown once: the order now says so.
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: purchaseOrderQueryOptions("gift-cards", record.order_id).queryKey,
      }),
  });
  const code: RedeemCode | undefined = reveal.data;
  if (code) {
    return (
      <Paper withBorder radius="md" p="md" role="region" aria-label={t("purchases.code.title")}>
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t("purchases.code.title")}
          </Title>
          <CodeRow label={t("purchases.code.code")} value={code.code} />
          {code.pin ? <CodeRow label={t("purchases.code.pin")} value={code.pin} /> : null}
          <Text size="sm">{code.redeem_instructions}</Text>
          <Alert color="yellow" variant="light">
            {t("purchases.code.onlyOnce")}
          </Alert>
        </Stack>
      </Paper>
    );
  }
  const status = record.redeem_code_status;
  if (status === "shown" || (isApiError(reveal.error) && reveal.error.status === 409 && status !== "ready")) {
    return (
      <Alert color="blue" variant="light" role="status">
        {t("purchases.code.shown")}
      </Alert>
    );
  }
  if (status === "pending") {
    if (FINAL_PURCHASE_STATUSES.has(record.status)) return null;
    return (
      <Group gap="sm" role="status">
        <Loader size="xs" />
        <Text size="sm">{t("purchases.code.pending")}</Text>
      </Group>
    );
  }
  if (status !== "ready") return null;
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{t("purchases.code.ready")}</Text>
      <Button
        leftSection={<IconEye size={18} aria-hidden />}
        loading={reveal.isPending}
        onClick={() => reveal.mutate()}
      >
        {t("purchases.code.show")}
      </Button>
    </Stack>
  );
};

const CodeRow = ({ label, value }: { label: string; value: string }) => {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text className={classes.codeBox} data-testid={`redeem-${label}`}>
          {value}
        </Text>
      </div>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            variant="light"
            size="xs"
            onClick={copy}
            leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            aria-label={t("purchases.code.copy", { what: label })}
          >
            {copied ? t("purchases.code.copied") : t("purchases.code.copyShort")}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
};

/**
 * CONFIRMATION: the purchase as it stands (asked every 2 s until its status is final), its status
 * and why, what was bought and paid, the receipt, the order in the history, and a gift card's code.
 */
export const PurchaseConfirmationView = ({
  service,
  record,
  paymentText,
  onAgain,
}: {
  service: PurchaseService;
  record: PurchaseConfirmation;
  paymentText: string | null;
  onAgain: () => void;
}) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const itemRows = useItemRows(record.item);
  const priceRows = usePriceRows(record);
  const isRefunded = record.status === "refunded";
  const isFailed = FAILED.has(record.status);
  const isDone = record.status === "completed";
  const isMoving = !FINAL_PURCHASE_STATUSES.has(record.status);
  const title = isRefunded
    ? t("purchases.done.refunded")
    : isFailed
      ? t("purchases.done.failed")
      : isDone
        ? t(`purchases.done.${service}`)
        : t("purchases.done.processing");
  const icon = isRefunded ? (
    <IconReceiptRefund size={28} aria-hidden />
  ) : isFailed ? (
    <IconAlertTriangle size={28} aria-hidden />
  ) : isDone ? (
    <IconCircleCheck size={28} aria-hidden />
  ) : (
    <IconHourglass size={28} aria-hidden />
  );
  return (
    <ConfirmationShell
      color={isRefunded ? "orange" : isFailed ? "red" : isDone ? "teal" : "blue"}
      icon={icon}
      title={title}
      subtitle={
        <Group gap="xs" mt={6} role="status" aria-live="polite">
          <OrderStatusBadge status={record.status} />
          <Text size="sm" c="dimmed">
            {record.status_label}
          </Text>
          {isMoving ? <Loader size="xs" role="status" aria-label={t("purchases.done.updating")} /> : null}
        </Group>
      }
      actions={
        <>
          <OrderDetailsButton orderId={record.order_id} label={t("purchases.done.details")} />
          <ReceiptButton
            download={() => downloadReceipt(record.order_id)}
            label={t("purchases.done.receipt")}
            errorFallback={t("purchases.receiptFailed")}
            variant="light"
          />
          <Button variant="subtle" leftSection={<IconRepeat size={18} aria-hidden />} onClick={onAgain}>
            {t(`purchases.again.${service}`)}
          </Button>
        </>
      }
    >
      {record.status_reason ? (
        <Alert
          // Orange's light title is too pale for the contrast check; a refund is told in red like a failure.
          color={isRefunded || isFailed ? "red" : "blue"}
          variant="light"
          title={isRefunded ? t("purchases.done.refundedWhy") : undefined}
        >
          {record.status_reason}
        </Alert>
      ) : null}
      {record.item.service === "gift-cards" ? <RedeemCodePanel record={record} /> : null}
      <SummaryList
        label={t("purchases.done.order")}
        rows={[
          [t("purchases.done.ref"), record.ref],
          [t("purchases.done.date"), dateTimeText(record.created_at, locale)],
          ...itemRows,
        ]}
      />
      <Divider />
      <SummaryList
        label={t("purchases.review.price")}
        rows={[...priceRows, [t("purchases.review.paidWith"), paymentText ?? record.payment_method]]}
      />
    </ConfirmationShell>
  );
};
