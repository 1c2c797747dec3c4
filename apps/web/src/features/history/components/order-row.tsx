import { Stack, Text } from "@mantine/core";
import { dateText } from "@vela/shared/dates";
import { moneyText } from "@vela/shared/money";
import type { OrderListItem } from "@vela/shared/orders";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLanguage } from "@/shared/i18n/use-language";
import { serviceLabel } from "@/shared/ui/order-service-label";
import { OrderStatusBadge } from "@/shared/ui/order-status-badge";
import classes from "./history.module.css";

/**
 * One order in a list: which service, for whom, when, how much, where it stands; the whole row
 * opens its details.
 */
export const OrderRow = ({ order }: { order: OrderListItem }) => {
  const { t } = useTranslation();
  const language = useLanguage();
  const service = serviceLabel(t, order.service, order.service_name);
  const who = order.recipient_name
    ? t("history.list.serviceTo", { service, name: order.recipient_name })
    : service;
  return (
    <li>
      <Link
        to={`/account/history/${order.id}`}
        className={classes.link}
        aria-label={t("history.list.open", { service: service.toLowerCase(), ref: order.ref })}
      >
        <Stack gap={2} miw={0} className={classes.whoCell}>
          <Text fw={650} truncate className={classes.who}>
            {who}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {order.ref} · <time dateTime={order.created_at}>{dateText(order.created_at, language)}</time>
          </Text>
        </Stack>
        <div className={classes.statusCell}>
          <OrderStatusBadge status={order.status} inReview={order.in_review} />
        </div>
        <Stack gap={2} className={classes.amounts}>
          <Text fw={650}>{moneyText(order.amount_paid, order.currency_from_iso, language)}</Text>
          <Text size="sm" c="dimmed">
            {moneyText(order.receiving_amount, order.currency_to_iso, language)}
          </Text>
        </Stack>
      </Link>
    </li>
  );
};
