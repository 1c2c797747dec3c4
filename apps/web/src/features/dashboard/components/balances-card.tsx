import { Button, Group, Stack, Text } from "@mantine/core";
import { IconWallet } from "@tabler/icons-react";
import { compareAmounts } from "@vela/shared/decimal";
import { moneyText } from "@vela/shared/money";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLanguage } from "@/shared/i18n/use-language";
import { DividedList } from "@/shared/ui/divided-list";
import { FlagImage } from "@/shared/ui/flag-image";
import { useWalletBalances } from "../api/get-wallet-balances";
import { DashboardCard } from "./dashboard-card";
import classes from "./dashboard-list.module.css";

/**
 * The dashboard's balances: each wallet's ledger balance, with what is on hold when something is,
 * each opening the wallets page; a user without a wallet is offered to open one.
 */
export const BalancesCard = () => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const dashboard = useWalletBalances();

  return (
    <DashboardCard
      icon={<IconWallet size={22} aria-hidden />}
      title={t("account.dashboardBalancesTitle")}
      query={dashboard}
      allLink={{
        to: "/account/wallets",
        label: t("account.dashboardBalancesAll"),
        show: ({ wallets }) => wallets.length > 0,
      }}
      loadError={t("account.dashboardBalancesError")}
    >
      {({ wallets }) =>
        wallets.length === 0 ? (
          <Stack gap="sm" align="flex-start">
            <Text c="dimmed" size="sm">
              {t("account.dashboardBalancesEmpty")}
            </Text>
            <Button component={Link} to="/account/wallets" variant="light">
              {t("account.dashboardOpenWallet")}
            </Button>
          </Stack>
        ) : (
          <DividedList label={t("account.dashboardBalancesTitle")}>
            {wallets.map((wallet) => {
              const iso = wallet.currency.iso;
              const onHold = compareAmounts(wallet.on_hold, "0") !== 0;
              return (
                <li key={wallet.id}>
                  <Link to="/account/wallets" className={classes.link}>
                    <Group gap="xs" wrap="nowrap" miw={0}>
                      {wallet.currency.flag_currency ? (
                        <FlagImage url={wallet.currency.flag_currency} size={18} />
                      ) : null}
                      <Text fw={600} className={classes.who}>
                        {iso}
                      </Text>
                      <Text size="sm" c="dimmed" truncate>
                        {wallet.currency.name}
                      </Text>
                    </Group>
                    <div className={classes.amount}>
                      <Text fw={600} data-testid={`dashboard-balance-${iso}`}>
                        {moneyText(wallet.balance, iso, locale)}
                      </Text>
                      {onHold ? (
                        <Text size="xs" c="dimmed">
                          {t("wallets.card.onHold", { amount: moneyText(wallet.on_hold, iso, locale) })}
                        </Text>
                      ) : null}
                    </div>
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
