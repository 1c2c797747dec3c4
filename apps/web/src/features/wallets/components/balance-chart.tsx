import "@mantine/charts/styles.css";
import { AreaChart } from "@mantine/charts";
import { dayMonthText } from "@vela/shared/dates";
import { formatMoney, type MoneyLocale } from "@vela/shared/money";
import type { BalanceHistory } from "../api/types";

/**
 * The balance over time as an area chart (@mantine/charts, on Recharts). It is its own chunk,
 * loaded only when a wallet's chart is shown: the chart library never weighs on other pages.
 * Balances are read as numbers only to draw them; every figure shown goes through the one money
 * formatter.
 */
export const BalanceChart = ({
  history,
  label,
  locale,
}: {
  history: BalanceHistory;
  label: string;
  locale: MoneyLocale;
}) => {
  const data = history.points.map((point) => ({
    day: dayMonthText(point.date, locale),
    balance: Number(point.balance),
  }));
  return (
    <AreaChart
      h={220}
      data={data}
      dataKey="day"
      series={[{ name: "balance", label, color: "vela.6" }]}
      curveType="stepAfter"
      withDots={false}
      gridAxis="y"
      tickLine="none"
      yAxisProps={{ width: 72 }}
      valueFormatter={(value) => formatMoney(value.toFixed(2), { decimals: 2, locale })}
      fillOpacity={0.25}
    />
  );
};
