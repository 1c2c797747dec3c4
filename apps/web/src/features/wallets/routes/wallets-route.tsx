import { Alert, Button, Card, Skeleton, Stack, Text, ThemeIcon } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconPlus, IconWallet } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { isSessionExpiredError } from "@/shared/api/api-error";
import { PageHeader } from "@/shared/ui/page-header";
import type { WalletTransactionFilters } from "../api/get-wallet-transactions";
import { useWalletDashboard } from "../api/get-wallets";
import { BalanceChartCard } from "../components/balance-chart-card";
import { NewWalletModal } from "../components/new-wallet-modal";
import { WalletCard } from "../components/wallet-card";
import { WalletPanel } from "../components/wallet-panel";
import { transactionFiltersOf, WalletTransactions } from "../components/wallet-transactions";
import classes from "../components/wallets.module.css";

const CardsSkeleton = () => (
  <div className={classes.cards} role="status" aria-busy="true">
    {[0, 1, 2].map((index) => (
      <Skeleton key={index} height={128} radius="lg" />
    ))}
  </div>
);

/**
 * `/account/wallets`: the wallet dashboard (spec §2, §3 Wallet, §7 Wallets). The balances per
 * currency (available and on hold), then the chosen wallet (`?wallet=<id>`, the first by default):
 * its services, its shares, the balance over time and its transactions, whose filters are in the
 * address too (`service`, `status`, `date_from`, `date_to`, `page`).
 */
export const WalletsRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("wallets.title")} · Vela`);
  const [search, setSearch] = useSearchParams();
  const [isOpening, setIsOpening] = useState(false);
  const dashboard = useWalletDashboard();
  const wallets = dashboard.data?.wallets ?? [];
  const chosenId = Number(search.get("wallet"));
  const chosen = wallets.find((wallet) => wallet.id === chosenId) ?? wallets[0] ?? null;
  const filters = transactionFiltersOf(search);

  const choose = (walletId: number, nextFilters?: WalletTransactionFilters) => {
    const params: Record<string, string> = { wallet: String(walletId) };
    if (nextFilters) {
      if (nextFilters.page > 1) params.page = String(nextFilters.page);
      for (const key of ["service", "status", "date_from", "date_to"] as const) {
        if (nextFilters[key]) params[key] = nextFilters[key];
      }
    }
    setSearch(params, { replace: !nextFilters });
  };

  return (
    <Stack gap="lg" maw={1080}>
      <PageHeader title={t("wallets.title")} text={t("wallets.text")}>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setIsOpening(true)}>
          {t("wallets.new.open")}
        </Button>
      </PageHeader>

      {dashboard.isPending || isSessionExpiredError(dashboard.error) ? <CardsSkeleton /> : null}
      {dashboard.isError && !isSessionExpiredError(dashboard.error) ? (
        <Alert color="red" title={t("errors.title")}>
          <Text size="sm">{t("wallets.loadError")}</Text>
          <Button size="xs" variant="default" mt="sm" onClick={() => void dashboard.refetch()}>
            {t("common.retry")}
          </Button>
        </Alert>
      ) : null}
      {dashboard.data && wallets.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Stack align="center" gap="sm" ta="center" maw={420} mx="auto">
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconWallet size={28} aria-hidden />
            </ThemeIcon>
            <Text fw={650} size="lg">
              {t("wallets.emptyTitle")}
            </Text>
            <Text c="dimmed" size="sm">
              {t("wallets.emptyText")}
            </Text>
            <Button mt="xs" onClick={() => setIsOpening(true)}>
              {t("wallets.new.first")}
            </Button>
          </Stack>
        </Card>
      ) : null}
      {wallets.length > 0 ? (
        <section aria-label={t("wallets.balances")}>
          <div className={classes.cards}>
            {wallets.map((wallet) => (
              <WalletCard
                key={wallet.id}
                wallet={wallet}
                isSelected={wallet.id === chosen?.id}
                onSelect={() => choose(wallet.id)}
              />
            ))}
          </div>
        </section>
      ) : null}
      {chosen ? (
        <>
          {/* A closed wallet leaves the list: the first remaining one is shown, with a clean address. */}
          <WalletPanel wallet={chosen} onClosed={() => setSearch({}, { replace: true })} />
          <BalanceChartCard key={chosen.id} walletId={chosen.id} currencyIso={chosen.currency.iso} />
          <WalletTransactions
            walletId={chosen.id}
            filters={filters}
            onFiltersChange={(next) => choose(chosen.id, next)}
          />
        </>
      ) : null}
      <NewWalletModal
        opened={isOpening}
        onClose={() => setIsOpening(false)}
        onOpened={(wallet) => choose(wallet.id)}
      />
    </Stack>
  );
};
