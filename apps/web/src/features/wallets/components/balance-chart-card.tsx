import { Button, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { moneyText } from "@vela/shared/money";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "@/shared/i18n/use-language";
import { QueryNotices } from "@/shared/ui/query-notices";
import { BALANCE_HISTORY_DAYS, type BalanceHistoryDays, useBalanceHistory } from "../api/get-balance-history";

// The chart library is loaded with the first chart, in its own chunk.
const BalanceChart = lazy(() => import("./balance-chart").then((m) => ({ default: m.BalanceChart })));

const ChartSkeleton = () => <Skeleton height={220} radius="md" aria-busy />;

/** "Balance over time": the wallet's end-of-day balances for the last 7, 30 or 90 days. */
export const BalanceChartCard = ({ walletId, currencyIso }: { walletId: number; currencyIso: string }) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const [days, setDays] = useState<BalanceHistoryDays>(30);
  const history = useBalanceHistory(walletId, days);
  const points = history.data?.points ?? [];
  const first = points[0];
  const last = points.at(-1);

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} size="h4">
              {t("wallets.chart.title")}
            </Title>
            {first && last ? (
              <Text size="sm" c="dimmed" mt={4}>
                {t("wallets.chart.summary", {
                  from: moneyText(first.balance, currencyIso, locale),
                  to: moneyText(last.balance, currencyIso, locale),
                })}
              </Text>
            ) : null}
          </div>
          <Group gap={4} role="group" aria-label={t("wallets.chart.period")}>
            {BALANCE_HISTORY_DAYS.map((option) => (
              <Button
                key={option}
                size="compact-sm"
                variant={option === days ? "filled" : "default"}
                aria-pressed={option === days}
                onClick={() => setDays(option)}
              >
                {t("wallets.chart.days", { count: option })}
              </Button>
            ))}
          </Group>
        </Group>
        <QueryNotices query={history} loading={<ChartSkeleton />} errorText={t("wallets.chart.loadError")} />
        {history.data && points.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("wallets.chart.empty")}
          </Text>
        ) : null}
        {history.data && points.length > 0 ? (
          <figure style={{ margin: 0 }} aria-label={t("wallets.chart.label", { currency: currencyIso })}>
            <Suspense fallback={<ChartSkeleton />}>
              <BalanceChart history={history.data} label={t("wallets.chart.balance")} locale={locale} />
            </Suspense>
          </figure>
        ) : null}
      </Stack>
    </Card>
  );
};
