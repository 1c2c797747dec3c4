import { Button, Divider, Drawer, Group, Stack, UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { useAuthModalStore } from "@/features/auth/stores/auth-modal-store";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { LanguageSwitch } from "@/shared/ui/language-switch";
import { Logo } from "@/shared/ui/logo";
import classes from "./public-header.module.css";
import { PUBLIC_NAV_LINKS } from "./public-nav-links";

type PublicMobileMenuProps = {
  id: string;
  opened: boolean;
  onClose: () => void;
};

/** The phone menu: a full-screen drawer, loaded the first time the burger is pressed. */
export const PublicMobileMenu = ({ id, opened, onClose }: PublicMobileMenuProps) => {
  const { t } = useTranslation();
  const isSignedIn = useAuthStore((state) => Boolean(state.token));
  const openAuthModal = useAuthModalStore((state) => state.open);
  const openAuth = (view: "login" | "register") => {
    onClose();
    openAuthModal({ view });
  };
  return (
    <Drawer
      id={id}
      opened={opened}
      onClose={onClose}
      size="100%"
      padding="lg"
      title={<Logo />}
      closeButtonProps={{ "aria-label": t("nav.closeMenu") }}
      zIndex={300}
    >
      <Stack gap="xs" component="nav" aria-label={t("nav.main")}>
        {PUBLIC_NAV_LINKS.map((link) => (
          <UnstyledButton
            key={link.to}
            component={NavLink}
            to={link.to}
            className={classes.mobileLink}
            onClick={onClose}
          >
            {t(link.label)}
          </UnstyledButton>
        ))}
      </Stack>
      <Divider my="lg" />
      <Stack gap="sm">
        {isSignedIn ? (
          <Button component={Link} to="/account" size="lg" fullWidth onClick={onClose}>
            {t("nav.myAccount")}
          </Button>
        ) : (
          <>
            <Button size="lg" fullWidth onClick={() => openAuth("register")}>
              {t("nav.signup")}
            </Button>
            <Button size="lg" variant="default" fullWidth onClick={() => openAuth("login")}>
              {t("nav.login")}
            </Button>
          </>
        )}
        <Group justify="center" mt="md">
          <LanguageSwitch />
        </Group>
      </Stack>
    </Drawer>
  );
};
