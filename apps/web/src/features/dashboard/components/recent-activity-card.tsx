import { Anchor, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconActivity } from "@tabler/icons-react";
import { formatMoney } from "@vela/shared/money";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isSessionExpiredError } from "@/shared/api/api-error";
import { useLanguage } from "@/shared/i18n/use-language";
import { OrderStatusBadge } from "@/shared/ui/order-status-badge";
import { useRecentActivity } from "../api/get-recent-activity";
import classes from "./dashboard-list.module.css";

/** The dashboard's recent activity: the five latest orders, each opening its details. */
export const RecentActivityCard = () => {
  const { t } = useTranslation();
  const language = useLanguage();
  const recent = useRecentActivity();
  const orders = recent.data;

  return (
    <Card withBorder padding="xl">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <ThemeIcon variant="light" radius="xl" size={40} color="teal">
              <IconActivity size={22} aria-hidden />
            </ThemeIcon>
            <Title order={2} size="h4">
              {t("history.recent.title")}
            </Title>
          </Group>
          {orders && orders.length > 0 ? (
            <Anchor component={Link} to="/account/history" size="sm" fw={600}>
              {t("history.recent.viewAll")}
            </Anchor>
          ) : null}
        </Group>
        {recent.isPending || isSessionExpiredError(recent.error) ? (
          <Stack gap="xs" role="status" aria-busy="true">
            <Skeleton height={14} />
            <Skeleton height={14} width="80%" />
          </Stack>
        ) : null}
        {recent.isError && !orders && !isSessionExpiredError(recent.error) ? (
          <Text c="dimmed" size="sm">
            {t("history.recent.loadError")}
          </Text>
        ) : null}
        {orders && orders.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t("history.recent.empty")}
          </Text>
        ) : null}
        {orders && orders.length > 0 ? (
          <ul className={classes.list} aria-label={t("history.recent.label")}>
            {orders.map((order) => (
              <li key={order.id} className={classes.item}>
                <Link
                  to={`/account/history/${order.id}`}
                  className={classes.link}
                  aria-label={t("history.list.open", { ref: order.ref })}
                >
                  <Stack gap={4} miw={0}>
                    <Text fw={600} size="sm" truncate className={classes.who}>
                      {order.recipient_name
                        ? t("history.list.to", { name: order.recipient_name })
                        : order.service_name}
                    </Text>
                    <OrderStatusBadge status={order.status} size="sm" />
                  </Stack>
                  <Text size="sm" fw={650} className={classes.amount}>
                    {formatMoney(order.amount_paid, {
                      currencyIso: order.currency_from_iso,
                      locale: language,
                    })}
                  </Text>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </Stack>
    </Card>
  );
};
