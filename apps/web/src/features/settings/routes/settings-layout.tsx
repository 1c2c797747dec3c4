import { Button, Group, Skeleton, Stack } from "@mantine/core";
import {
  IconBuildingBank,
  IconCreditCard,
  IconLock,
  IconMail,
  IconPhone,
  IconShieldLock,
} from "@tabler/icons-react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useLocation } from "react-router";
import { PageHeader } from "@/shared/ui/page-header";

const PAGES = [
  { to: "security", label: "settings.security.title", icon: IconShieldLock },
  { to: "phone", label: "settings.phone.title", icon: IconPhone },
  { to: "email", label: "settings.email.title", icon: IconMail },
  { to: "password", label: "settings.password.title", icon: IconLock },
  { to: "cards", label: "savedInstruments.cardsTitle", icon: IconCreditCard },
  { to: "banks", label: "savedInstruments.banksTitle", icon: IconBuildingBank },
] as const;

/** The settings area: a row of links to its pages, and the page. */
export const SettingsLayout = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack gap="lg" maw={760}>
      <PageHeader title={t("account.settings")} text={t("settings.text")} />
      <Group component="nav" aria-label={t("account.settings")} gap="xs">
        {PAGES.map((page) => {
          const isActive = pathname.endsWith(`/settings/${page.to}`);
          return (
            <Button
              key={page.to}
              component={NavLink}
              to={`/account/settings/${page.to}`}
              variant={isActive ? "light" : "subtle"}
              color={isActive ? "vela" : "gray"}
              leftSection={<page.icon size={16} aria-hidden />}
              aria-current={isActive ? "page" : undefined}
              radius="xl"
            >
              {t(page.label)}
            </Button>
          );
        })}
      </Group>
      <Suspense fallback={<Skeleton height={240} radius="lg" />}>
        <Outlet />
      </Suspense>
    </Stack>
  );
};
