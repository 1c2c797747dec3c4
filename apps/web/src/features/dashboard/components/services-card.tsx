import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from "@mantine/core";
import { IconDeviceMobile, IconGift, IconReceipt } from "@tabler/icons-react";
import type { Permissions } from "@vela/shared/auth";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

const SERVICES = [
  {
    to: "/account/reload-phones",
    label: "account.reloadPhones",
    icon: IconDeviceMobile,
    permission: "recharge",
  },
  { to: "/account/gift-cards", label: "account.giftCards", icon: IconGift, permission: "giftcard" },
  { to: "/account/pay-bills", label: "account.payBills", icon: IconReceipt, permission: "paybill" },
] as const;

/** The purchase services the session may use (spec §6 permissions), each a way into its flow. */
export const ServicesCard = ({ permissions }: { permissions: Permissions }) => {
  const { t } = useTranslation();
  const shown = SERVICES.filter((service) => permissions[service.permission]);
  if (shown.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="dashboard-services">
      <Title order={2} size="h4" id="dashboard-services">
        {t("purchases.servicesTitle")}
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        {t("purchases.servicesText")}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mt="md">
        {shown.map((service) => (
          <UnstyledButton
            key={service.to}
            component={Link}
            to={service.to}
            p="md"
            style={{
              border: "1px solid var(--mantine-color-default-border)",
              borderRadius: "var(--mantine-radius-md)",
            }}
          >
            <Stack gap={8} align="flex-start">
              <ThemeIcon variant="light" size="lg" radius="md">
                <service.icon size={20} aria-hidden />
              </ThemeIcon>
              <Text fw={600}>{t(service.label)}</Text>
            </Stack>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Card>
  );
};
