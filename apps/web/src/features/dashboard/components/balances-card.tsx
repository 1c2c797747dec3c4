import { Anchor, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconWallet } from "@tabler/icons-react";
import { compareAmounts } from "@vela/shared/decimal";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useWalletDashboard } from "@/features/wallets/api/get-wallets";
import { moneyText } from "@/features/wallets/utils/format";
import { isSessionExpiredError } from "@/shared/api/api-error";
import { useLanguage } from "@/shared/i18n/use-language";
import { FlagImage } from "@/shared/ui/flag-image";
import classes from "./dashboard-list.module.css";

/**
 * The dashboard's balances: each wallet's ledger balance, with what is on hold when something is,
 * each opening the wallets page; a user without a wallet is offered to open one.
 */
export const BalancesCard = () => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const dashboard = useWalletDashboard();
  const wallets = dashboard.data?.wallets;

  return (
    <Card withBorder padding="xl">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <ThemeIcon variant="light" radius="xl" size={40}>
              <IconWallet size={22} aria-hidden />
            </ThemeIcon>
            <Title order={2} size="h4">
              {t("account.dashboardBalancesTitle")}
            </Title>
          </Group>
          {wallets && wallets.length > 0 ? (
            <Anchor component={Link} to="/account/wallets" size="sm" fw={600}>
              {t("account.dashboardBalancesAll")}
            </Anchor>
          ) : null}
        </Group>
        {dashboard.isPending || isSessionExpiredError(dashboard.error) ? (
          <Stack gap="xs" role="status" aria-busy="true">
            <Skeleton height={14} />
            <Skeleton height={14} width="70%" />
          </Stack>
        ) : null}
        {dashboard.isError && !wallets && !isSessionExpiredError(dashboard.error) ? (
          <Text c="dimmed" size="sm">
            {t("account.dashboardBalancesError")}
          </Text>
        ) : null}
        {wallets && wallets.length === 0 ? (
          <Stack gap="sm" align="flex-start">
            <Text c="dimmed" size="sm">
              {t("account.dashboardBalancesEmpty")}
            </Text>
            <Button component={Link} to="/account/wallets" variant="light">
              {t("account.dashboardOpenWallet")}
            </Button>
          </Stack>
        ) : null}
        {wallets && wallets.length > 0 ? (
          <ul className={classes.list} aria-label={t("account.dashboardBalancesTitle")}>
            {wallets.map((wallet) => {
              const iso = wallet.currency.iso;
              const onHold = compareAmounts(wallet.on_hold, "0") !== 0;
              return (
                <li key={wallet.id} className={classes.item}>
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
          </ul>
        ) : null}
      </Stack>
    </Card>
  );
};
