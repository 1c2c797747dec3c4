import { Box, Burger, Button, Container, Group } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { useAuthModalStore } from "@/features/auth/stores/auth-modal-store";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { LanguageSwitch } from "@/shared/ui/language-switch";
import { Logo } from "@/shared/ui/logo";
import classes from "./public-header.module.css";
import { PUBLIC_NAV_LINKS } from "./public-nav-links";

const PublicMobileMenu = lazy(() =>
  import("./public-mobile-menu").then((m) => ({ default: m.PublicMobileMenu })),
);

const MOBILE_MENU_ID = "public-mobile-menu";

export const PublicHeader = () => {
  const { t } = useTranslation();
  const [menuOpened, setMenuOpened] = useState(false);
  // The drawer's code is fetched on the first press of the burger, then kept mounted.
  const [menuRequested, setMenuRequested] = useState(false);
  const isSignedIn = useAuthStore((state) => Boolean(state.token));
  const openAuthModal = useAuthModalStore((state) => state.open);

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Link to="/" className={classes.brand} aria-label={t("nav.home")}>
          <Logo />
        </Link>

        <Group component="nav" aria-label={t("nav.main")} gap={4} visibleFrom="md" className={classes.nav}>
          {PUBLIC_NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={classes.link}>
              {t(link.label)}
            </NavLink>
          ))}
        </Group>

        <Group gap="sm" visibleFrom="md" wrap="nowrap">
          <LanguageSwitch />
          {isSignedIn ? (
            <Button component={Link} to="/account">
              {t("nav.myAccount")}
            </Button>
          ) : (
            <>
              <Button variant="subtle" color="ink.9" onClick={() => openAuthModal({ view: "login" })}>
                {t("nav.login")}
              </Button>
              <Button onClick={() => openAuthModal({ view: "register" })}>{t("nav.signup")}</Button>
            </>
          )}
        </Group>

        <Group gap="xs" hiddenFrom="md" wrap="nowrap">
          {isSignedIn ? (
            <Button component={Link} to="/account" size="sm">
              {t("nav.myAccount")}
            </Button>
          ) : (
            <Button size="sm" onClick={() => openAuthModal({ view: "register" })}>
              {t("nav.signup")}
            </Button>
          )}
          <Burger
            opened={menuOpened}
            onClick={() => {
              setMenuRequested(true);
              setMenuOpened((opened) => !opened);
            }}
            aria-label={menuOpened ? t("nav.closeMenu") : t("nav.openMenu")}
            aria-expanded={menuOpened}
            aria-controls={menuOpened ? MOBILE_MENU_ID : undefined}
          />
        </Group>
      </Container>

      {menuRequested ? (
        <Suspense fallback={null}>
          <PublicMobileMenu id={MOBILE_MENU_ID} opened={menuOpened} onClose={() => setMenuOpened(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
};
