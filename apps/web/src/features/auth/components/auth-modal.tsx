import { Anchor, Modal, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCompleteSignIn } from "../hooks/use-complete-sign-in";
import { useAuthModalStore } from "../stores/auth-modal-store";
import { LimitModalPane } from "./limit-modal-pane";
import { LoginFlow, useLoginPane } from "./login-flow";
import { OnboardingVerification } from "./onboarding-verification";
import { RegisterView } from "./register-view";

const LOGIN_TITLES = {
  abuser: "auth.titles.abuser",
  tfa: "auth.titles.tfa",
  recover: "auth.titles.recover",
  form: "auth.titles.login",
} as const;

/**
 * The authentication modal (spec §2): login and register views, and what comes between —
 * two-factor step, password recovery, verification after registering, the abuser message after
 * a lock, and a rule's limit modal. Loaded on first use; the first page does not carry it.
 */
export const AuthModal = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isPhone = useMediaQuery("(max-width: 36em)");
  const opened = useAuthModalStore((state) => state.opened);
  const view = useAuthModalStore((state) => state.view);
  const limitModal = useAuthModalStore((state) => state.limitModal);
  const onboardingStatus = useAuthModalStore((state) => state.onboardingStatus);
  const close = useAuthModalStore((state) => state.close);
  const setView = useAuthModalStore((state) => state.setView);
  const loginPane = useLoginPane();
  const completeSignIn = useCompleteSignIn();

  const isPersistent = limitModal?.persistent ?? false;
  let title: string;
  if (limitModal) title = limitModal.title;
  else if (onboardingStatus) title = t("auth.titles.onboarding");
  else if (view === "register") title = t("auth.titles.register");
  else title = t(LOGIN_TITLES[loginPane]);

  const onClose = () => {
    if (isPersistent) return;
    const { returnTo } = useAuthModalStore.getState();
    close();
    // Leaving verification for later still lands in the account just opened (where it was headed).
    if (onboardingStatus) navigate(returnTo ?? "/account");
  };

  const isRegister = !limitModal && !onboardingStatus && view === "register";
  const showSwitch = !limitModal && !onboardingStatus && (view === "register" || loginPane === "form");

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={isRegister ? "lg" : "md"}
      fullScreen={isPhone}
      centered
      radius="lg"
      padding="xl"
      closeOnClickOutside={!isPersistent}
      closeOnEscape={!isPersistent}
      withCloseButton={!isPersistent}
      closeButtonProps={{ "aria-label": t("auth.close") }}
      styles={{ title: { fontWeight: 700, fontSize: "1.25rem" } }}
      data-testid="auth-modal"
    >
      {limitModal ? <LimitModalPane rule={limitModal} /> : null}
      {!limitModal && onboardingStatus ? <OnboardingVerification status={onboardingStatus} /> : null}
      {!limitModal && !onboardingStatus && view === "login" ? (
        <LoginFlow onSignedIn={completeSignIn} />
      ) : null}
      {isRegister ? <RegisterView /> : null}
      {showSwitch ? (
        <Text size="sm" ta="center" mt="lg" c="dimmed">
          {view === "login" ? t("auth.switch.noAccount") : t("auth.switch.haveAccount")}{" "}
          <Anchor
            component="button"
            type="button"
            fw={600}
            onClick={() => setView(view === "login" ? "register" : "login")}
          >
            {view === "login" ? t("auth.switch.toRegister") : t("auth.switch.toLogin")}
          </Anchor>
        </Text>
      ) : null}
    </Modal>
  );
};
