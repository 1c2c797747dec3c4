import { Button, SimpleGrid, Stack } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconSend } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { BalancesCard } from "@/features/dashboard/components/balances-card";
import { RecentActivityCard } from "@/features/dashboard/components/recent-activity-card";
import { ServicesCard } from "@/features/dashboard/components/services-card";
import { PageHeader } from "@/shared/ui/page-header";

/**
 * The account's first page: the wallets' balances (not for agents) and the latest transfers. Composed
 * here, in app/, because it reads the session (features/auth) around the dashboard's own cards.
 */
export const DashboardRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("account.dashboard")} · Vela`);
  // Agents send for walk-in customers and hold no wallets (the sidebar has none for them either).
  const hasWallets = useAuthStore((state) => state.type !== "agent");
  const permissions = useAuthStore((state) => state.permissions);
  return (
    <Stack gap="xl" maw={960}>
      <PageHeader title={t("account.dashboardTitle")} text={t("account.dashboardText")}>
        <Button component={Link} to="/account/send-money" leftSection={<IconSend size={18} aria-hidden />}>
          {t("account.sendMoney")}
        </Button>
      </PageHeader>

      <ServicesCard permissions={permissions} />

      <SimpleGrid cols={{ base: 1, md: hasWallets ? 2 : 1 }} spacing="lg">
        {hasWallets ? <BalancesCard /> : null}
        <RecentActivityCard />
      </SimpleGrid>
    </Stack>
  );
};
