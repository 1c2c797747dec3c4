import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconSend, IconWallet } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { RecentActivityCard } from "../components/recent-activity-card";

/**
 * The account's first page: balances (which arrive with the wallet feature; until then it says so
 * instead of showing invented figures) and the latest transfers.
 */
export const DashboardRoute = () => {
  const { t } = useTranslation();
  useDocumentTitle(`${t("account.dashboard")} · Vela`);
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

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder padding="xl">
          <Stack gap="md">
            <Group gap="sm">
              <ThemeIcon variant="light" radius="xl" size={40}>
                <IconWallet size={22} aria-hidden />
              </ThemeIcon>
              <Title order={2} size="h4">
                {t("account.dashboardBalancesTitle")}
              </Title>
            </Group>
            <Text c="dimmed" size="sm">
              {t("account.dashboardBalancesEmpty")}
            </Text>
          </Stack>
        </Card>
        <RecentActivityCard />
      </SimpleGrid>
    </Stack>
  );
};
