import { Button, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconSend } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { BalancesCard } from "@/features/dashboard/components/balances-card";
import { RecentActivityCard } from "@/features/dashboard/components/recent-activity-card";
import { ServicesCard } from "@/features/dashboard/components/services-card";

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
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <div>
          <Title order={1} size="h2">
            {t("account.dashboardTitle")}
          </Title>
          <Text c="dimmed" mt={6}>
            {t("account.dashboardText")}
          </Text>
        </div>
        <Button component={Link} to="/account/send-money" leftSection={<IconSend size={18} aria-hidden />}>
          {t("account.sendMoney")}
        </Button>
      </Group>

      <ServicesCard permissions={permissions} />

      <SimpleGrid cols={{ base: 1, md: hasWallets ? 2 : 1 }} spacing="lg">
        {hasWallets ? <BalancesCard /> : null}
        <RecentActivityCard />
      </SimpleGrid>
    </Stack>
  );
};
