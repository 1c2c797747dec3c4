import {
  ActionIcon,
  AppShell,
  Avatar,
  Badge,
  Box,
  Burger,
  Button,
  Drawer,
  Group,
  NavLink,
  ScrollArea,
  Text,
  Tooltip,
} from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { IconLayoutSidebarRight, IconListDetails, IconLogout } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useDashboardRuleCheck } from "@/features/auth/hooks/use-dashboard-rule-check";
import { useSignOut } from "@/features/auth/hooks/use-sign-out";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { useLayoutStore } from "@/shared/layout/layout-store";
import { usePanelSlots } from "@/shared/layout/panel-slots";
import { LanguageSwitch } from "@/shared/ui/language-switch";
import { Logo } from "@/shared/ui/logo";
import { RouteOutlet } from "../routes/route-outlet";
import classes from "./account-layout.module.css";
import { navLinksFor } from "./account-nav-links";
import { SANDBOX_BANNER_HEIGHT, SandboxBanner, useSandboxBanner } from "./sandbox-banner";
import { TransferInProgressPanel } from "./transfer-in-progress-panel";

const HEADER_HEIGHT = 64;

const ROLE_LABELS = { client: "roles.client", agent: "roles.agent", business: "roles.business" } as const;

/**
 * The signed-in area: sidebar, the page, a right panel beside it on wide screens and a summary
 * panel that slides in (spec §2). Features fill the panels with `<RightPanelContent>` and
 * `<SummaryPanelContent>` and open them through the layout store.
 */
export const AccountLayout = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [sidebarOpened, sidebar] = useDisclosure(false);
  const isPhone = useMediaQuery("(max-width: 48em)");
  const role = useAuthStore((state) => state.type);
  const user = useAuthStore((state) => state.user);
  const permissions = useAuthStore((state) => state.permissions);
  const signOut = useSignOut();
  // A staging server's banner sits on top of the fixed header, which grows by its height.
  const hasSandboxBanner = useSandboxBanner();
  useDashboardRuleCheck();
  const navLinks = navLinksFor(role, permissions);
  const displayName = user ? (user.organization_name ?? `${user.first_name} ${user.last_name}`.trim()) : "";
  const { rightPanelOpen, summaryPanelOpen, responsiveForm, setRightPanelOpen, setSummaryPanelOpen } =
    useLayoutStore();
  const setRightPanelNode = usePanelSlots((state) => state.setRightPanelNode);
  const setSummaryPanelNode = usePanelSlots((state) => state.setSummaryPanelNode);

  const isActive = (to: string, exact: boolean) =>
    exact ? pathname === to || pathname === `${to}/` : pathname === to || pathname.startsWith(`${to}/`);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT + (hasSandboxBanner ? SANDBOX_BANNER_HEIGHT : 0) }}
      navbar={{ width: 260, breakpoint: "sm", collapsed: { mobile: !sidebarOpened } }}
      aside={{ width: 320, breakpoint: "lg", collapsed: { desktop: !rightPanelOpen, mobile: true } }}
      padding={{ base: responsiveForm ? "sm" : "md", sm: "lg", lg: "xl" }}
      className={classes.shell}
    >
      <a href="#main-content" className="skip-link">
        {t("common.skipToContent")}
      </a>

      <AppShell.Header className={classes.header}>
        <SandboxBanner />
        <Group h={HEADER_HEIGHT} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={sidebarOpened}
              onClick={sidebar.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={sidebarOpened ? t("nav.closeMenu") : t("nav.openMenu")}
              aria-expanded={sidebarOpened}
            />
            <Link to="/account" className={classes.brand} aria-label={t("account.dashboard")}>
              <Logo size={28} />
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconListDetails size={16} aria-hidden />}
              onClick={() => setSummaryPanelOpen(true)}
              visibleFrom="xs"
            >
              {t("account.openSummary")}
            </Button>
            <Tooltip label={t("account.rightPanel")}>
              <ActionIcon
                variant={rightPanelOpen ? "light" : "subtle"}
                size="lg"
                aria-label={t("account.rightPanel")}
                aria-pressed={rightPanelOpen}
                onClick={() => setRightPanelOpen(!rightPanelOpen)}
                visibleFrom="lg"
              >
                <IconLayoutSidebarRight size={20} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Box visibleFrom="xs">
              <LanguageSwitch />
            </Box>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={t("account.sidebar")} className={classes.navbar}>
        {user ? (
          <AppShell.Section className={classes.userBlock}>
            <Group gap="sm" wrap="nowrap">
              <Avatar src={user.avatar_url} alt="" radius="xl" color="vela">
                {`${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase()}
              </Avatar>
              <Box miw={0}>
                <Text size="sm" fw={650} truncate="end" data-testid="account-user-name">
                  {displayName}
                </Text>
                {role ? (
                  <Badge size="xs" variant="light" data-testid="account-role">
                    {t(ROLE_LABELS[role])}
                  </Badge>
                ) : null}
              </Box>
            </Group>
          </AppShell.Section>
        ) : null}
        <AppShell.Section grow component={ScrollArea}>
          {navLinks.map((link) => (
            <NavLink
              key={link.to}
              component={Link}
              to={link.to}
              label={t(link.label)}
              leftSection={<link.icon size={20} stroke={1.7} aria-hidden />}
              active={isActive(link.to, link.exact)}
              aria-current={isActive(link.to, link.exact) ? "page" : undefined}
              onClick={sidebar.close}
              className={classes.navLink}
            />
          ))}
        </AppShell.Section>
        <AppShell.Section className={classes.navFooter}>
          <Box hiddenFrom="xs" mb="sm">
            <LanguageSwitch />
          </Box>
          <NavLink
            component="button"
            type="button"
            label={t("account.logout")}
            leftSection={<IconLogout size={20} stroke={1.7} aria-hidden />}
            onClick={() => void signOut()}
            className={classes.navLink}
          />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main
        id="main-content"
        tabIndex={-1}
        data-responsive-form={responsiveForm || undefined}
        className={classes.main}
      >
        <RouteOutlet />
        <TransferInProgressPanel />
        {responsiveForm ? (
          <Button
            hiddenFrom="sm"
            className={classes.summaryFab}
            leftSection={<IconListDetails size={18} aria-hidden />}
            onClick={() => setSummaryPanelOpen(true)}
          >
            {t("account.openSummary")}
          </Button>
        ) : null}
      </AppShell.Main>

      <AppShell.Aside p="lg" aria-label={t("account.rightPanel")} className={classes.aside}>
        <Text component="h2" className={classes.panelTitle}>
          {t("account.rightPanel")}
        </Text>
        <div ref={setRightPanelNode} className={classes.slot} />
        <Text size="sm" c="dimmed" className={classes.slotEmpty}>
          {t("account.rightPanelEmpty")}
        </Text>
      </AppShell.Aside>

      <Drawer
        opened={summaryPanelOpen}
        onClose={() => setSummaryPanelOpen(false)}
        position={isPhone ? "bottom" : "right"}
        size={isPhone ? "auto" : "md"}
        title={t("account.summaryPanel")}
        closeButtonProps={{ "aria-label": t("account.closeSummary") }}
        radius={isPhone ? "lg" : 0}
      >
        <div ref={setSummaryPanelNode} className={classes.slot} />
        <Text size="sm" c="dimmed" className={classes.slotEmpty}>
          {t("account.summaryEmpty")}
        </Text>
      </Drawer>
    </AppShell>
  );
};
