import { Button, Card, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconTools } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ACCOUNT_SECTIONS } from "../router";

type AccountSection = (typeof ACCOUNT_SECTIONS)[number];

const SECTION_LABELS = {
  senders: "account.senders",
  reports: "account.reports",
  "api-keys": "account.apiKeys",
  credentials: "account.credentials",
} as const satisfies Record<AccountSection, string>;

/** An account section whose feature is not built yet. */
export const AccountSectionRoute = ({ section }: { section: AccountSection }) => {
  const { t } = useTranslation();
  const name = t(SECTION_LABELS[section]);
  useDocumentTitle(`${name} · Vela`);
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} size="h2">
        {name}
      </Title>
      <Card withBorder padding="xl">
        <Stack align="flex-start" gap="md">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconTools size={26} stroke={1.6} aria-hidden />
          </ThemeIcon>
          <Text fw={650} size="lg">
            {t("account.sectionSoonTitle", { section: name })}
          </Text>
          <Text c="dimmed">{t("account.sectionSoonText")}</Text>
          <Button component={Link} to="/account" variant="light">
            {t("account.dashboard")}
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
};
