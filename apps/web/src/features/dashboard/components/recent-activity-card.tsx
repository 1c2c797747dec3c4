import { Stack, Text } from "@mantine/core";
import { IconActivity } from "@tabler/icons-react";
import { moneyText } from "@vela/shared/money";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLanguage } from "@/shared/i18n/use-language";
import { DividedList } from "@/shared/ui/divided-list";
import { serviceLabel } from "@/shared/ui/order-service-label";
import { OrderStatusBadge } from "@/shared/ui/order-status-badge";
import { useRecentActivity } from "../api/get-recent-activity";
import { DashboardCard } from "./dashboard-card";
import classes from "./dashboard-list.module.css";

/** The dashboard's recent activity: the five latest orders, each opening its details. */
export const RecentActivityCard = () => {
  const { t } = useTranslation();
  const language = useLanguage();
  const recent = useRecentActivity();

  return (
    <DashboardCard
      icon={<IconActivity size={22} aria-hidden />}
      color="teal"
      title={t("history.recent.title")}
      query={recent}
      allLink={{
        to: "/account/history",
        label: t("history.recent.viewAll"),
        show: (orders) => orders.length > 0,
      }}
      loadError={t("history.recent.loadError")}
    >
      {(orders) =>
        orders.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t("history.recent.empty")}
          </Text>
        ) : (
          <DividedList label={t("history.recent.label")}>
            {orders.map((order) => {
              const service = serviceLabel(t, order.service, order.service_name);
              return (
                <li key={order.id}>
                  <Link
                    to={`/account/history/${order.id}`}
                    className={classes.link}
                    aria-label={t("history.list.open", { service: service.toLowerCase(), ref: order.ref })}
                  >
                    <Stack gap={4} miw={0}>
                      <Text fw={600} size="sm" truncate className={classes.who}>
                        {order.recipient_name
                          ? t("history.list.serviceTo", { service, name: order.recipient_name })
                          : service}
                      </Text>
                      <OrderStatusBadge status={order.status} inReview={order.in_review} size="sm" />
                    </Stack>
                    <Text size="sm" fw={650} className={classes.amount}>
                      {moneyText(order.amount_paid, order.currency_from_iso, language)}
                    </Text>
                  </Link>
                </li>
              );
            })}
          </DividedList>
        )
      }
    </DashboardCard>
  );
};
