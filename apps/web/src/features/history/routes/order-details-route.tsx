import { Alert, Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconArrowLeft, IconDownload, IconMapPin } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { dateText, dateTimeText } from "@vela/shared/dates";
import { moneyText, rateText } from "@vela/shared/money";
import type { OrderDetails } from "@vela/shared/orders";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ApiError, isSessionExpiredError } from "@/shared/api/api-error";
import { downloadReceipt } from "@/shared/api/download-receipt";
import { useLanguage } from "@/shared/i18n/use-language";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";
import { serviceLabel } from "@/shared/ui/order-service-label";
import { OrderStatusBadge } from "@/shared/ui/order-status-badge";
import { transferDetailRows } from "@/shared/ui/transfer-details";
import { useOrderDetails } from "../api/get-order-details";
import classes from "../components/history.module.css";
import { StatusTimeline } from "../components/status-timeline";

/** "Gift card VL-0007": an order's page is titled for its kind. */
const titleOf = (t: TFunction, order: OrderDetails) =>
  t("history.details.title", { service: serviceLabel(t, order.service, order.service_name), ref: order.ref });

type Fact = [label: string, value: ReactNode, strong?: boolean];

const Facts = ({ facts }: { facts: Fact[] }) => (
  <dl className={classes.facts}>
    {facts.map(([label, value, strong]) => (
      <div key={label} style={{ display: "contents" }}>
        <dt>{label}</dt>
        <dd className={strong ? classes.strong : undefined}>{value}</dd>
      </div>
    ))}
  </dl>
);

/** The delivery details the order kept ({label: value}, account numbers already masked). */
const deliveryFacts = (recipient: OrderDetails["recipient"]): Fact[] => {
  const delivery = recipient?.delivery;
  if (delivery === null || typeof delivery !== "object" || Array.isArray(delivery)) return [];
  return Object.entries(delivery)
    .filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === "string" || typeof entry[1] === "number",
    )
    .map(([label, value]) => [label, String(value)]);
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card withBorder radius="lg" padding="lg">
    <Title order={2} size="h4" mb="md">
      {title}
    </Title>
    {children}
  </Card>
);

const OrderDetailsView = ({ order }: { order: OrderDetails }) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const from = order.currency_from_iso;
  const receipt = useMutation({
    mutationFn: () => downloadReceipt(order.id),
    // The mutation cache shows the failure (spec §8), with this fallback when the server gave no message.
    meta: { errorFallback: t("history.details.receiptError") },
  });

  const amounts: Fact[] = [
    [t("history.details.sent"), moneyText(order.send_amount, from, language)],
    [t("history.details.fee"), moneyText(order.vela_fee_amount, from, language)],
  ];
  if (Number(order.external_fee_amount) !== 0)
    amounts.push([t("history.details.externalFee"), moneyText(order.external_fee_amount, from, language)]);
  if (Number(order.discount) !== 0)
    amounts.push([t("history.details.discount"), `−${moneyText(order.discount, from, language)}`]);
  amounts.push([t("history.details.total"), moneyText(order.amount_paid, from, language), true]);
  // No rate line where nothing was converted (a deposit into a wallet of its own currency).
  const rate = rateText(from, order.currency_to_iso, order.rate, language);
  if (rate) amounts.push([t("history.details.rate"), rate]);
  amounts.push([
    t("history.details.receives"),
    moneyText(order.receiving_amount, order.currency_to_iso, language),
    true,
  ]);
  if (rate && order.guaranteed_rate) amounts.push([t("history.details.guaranteed"), "✓"]);

  const summary: Fact[] = [
    [t("history.details.reference"), order.ref, true],
    [
      t("history.details.trackingNumber"),
      <Anchor key="tracking" component={Link} to={`/tracking/${encodeURIComponent(order.tracking_number)}`}>
        {order.tracking_number}
      </Anchor>,
      true,
    ],
    [t("history.details.placedOn"), dateTimeText(order.created_at, language)],
    [t("history.details.expectedArrival"), order.arrive ? dateText(order.arrive, language) : "—"],
  ];
  if (order.pickup_reference)
    summary.push([t("history.details.pickupReference"), order.pickup_reference, true]);
  if (order.status_reason) summary.push([t("history.details.statusReason"), order.status_reason]);

  const recipient: Fact[] = [
    [t("history.details.name"), order.recipient_name ?? "—", true],
    [t("history.details.deliveryMethod"), order.delivery_method || "—"],
  ];
  if (order.processing_time) recipient.push([t("history.details.transferTime"), order.processing_time]);
  recipient.push(...deliveryFacts(order.recipient));
  if (order.sender_name) recipient.push([t("history.details.sender"), order.sender_name]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6}>
          <Title order={1} size="h2">
            {titleOf(t, order)}
          </Title>
          <Group gap="sm">
            <OrderStatusBadge status={order.status} inReview={order.payment?.in_review === true} size="lg" />
            <Text c="dimmed" size="sm">
              {moneyText(order.amount_paid, from, language)} →{" "}
              {moneyText(order.receiving_amount, order.currency_to_iso, language)}
            </Text>
          </Group>
        </Stack>
        <Group gap="sm">
          <Button
            variant="default"
            component={Link}
            to={`/tracking/${encodeURIComponent(order.tracking_number)}`}
            leftSection={<IconMapPin size={18} aria-hidden />}
          >
            {t("history.details.track")}
          </Button>
          <Button
            leftSection={<IconDownload size={18} aria-hidden />}
            loading={receipt.isPending}
            onClick={() => receipt.mutate()}
          >
            {t("history.details.downloadReceipt")}
          </Button>
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="lg">
          <Section title={t("history.details.summary")}>
            <Facts facts={summary} />
          </Section>
          <Section title={t("history.details.amounts")}>
            <Facts facts={amounts} />
          </Section>
        </Stack>
        <Stack gap="lg">
          <Section title={t("history.details.recipient")}>
            <Facts facts={recipient} />
          </Section>
          {/* A push transfer (a deposit, a transfer paid by wire): its bank details and reference again. */}
          {order.payment?.instructions ? (
            <Section title={t("history.details.transferDetails")}>
              {order.payment.in_review ? (
                <Alert color="yellow" variant="light" mb="md">
                  {t("history.details.transferInReview")}
                </Alert>
              ) : null}
              <Facts facts={transferDetailRows(t, order.payment.instructions, language)} />
            </Section>
          ) : null}
          <Section title={t("history.details.timeline")}>
            <StatusTimeline steps={order.timeline} label={t("history.details.timeline")} />
          </Section>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
};

/** `/account/history/:id`: one order's details (GET /orders/{id}/details), its receipt and tracking link. */
export const OrderDetailsRoute = () => {
  const { t } = useTranslation();
  const { id } = useParams();
  const orderId = Number(id);
  const isValidId = Number.isInteger(orderId) && orderId > 0;
  const details = useOrderDetails(isValidId ? orderId : null);
  useDocumentTitle(`${details.data ? titleOf(t, details.data) : t("history.title")} · Vela`);
  const notFound = !isValidId || (details.error instanceof ApiError && details.error.status === 404);

  return (
    <Stack gap="lg" maw={1080}>
      <div>
        <Button
          component={Link}
          to="/account/history"
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          px={0}
        >
          {t("history.details.back")}
        </Button>
      </div>
      {notFound ? (
        <Alert color="gray" title={t("history.details.notFoundTitle")}>
          {t("history.details.notFoundText")}
        </Alert>
      ) : null}
      {!notFound && details.isError && !isSessionExpiredError(details.error) ? (
        <LoadErrorAlert text={t("history.details.loadError")} onRetry={() => void details.refetch()} />
      ) : null}
      {!notFound &&
      ((details.isPending && details.fetchStatus !== "idle") || isSessionExpiredError(details.error)) ? (
        <Stack gap="md" role="status" aria-busy="true">
          <Skeleton height={32} width="40%" />
          <Skeleton height={180} />
        </Stack>
      ) : null}
      {details.data ? <OrderDetailsView order={details.data} /> : null}
    </Stack>
  );
};
