import { Button, Divider, Modal, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import type { AuthSession } from "@vela/shared/auth";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSignOut } from "../hooks/use-sign-out";
import { useAuthModalStore } from "../stores/auth-modal-store";
import { useAuthStore } from "../stores/auth-store";
import { LoginFlow, useLoginPane } from "./login-flow";

/**
 * Shown when the session ran out and could not be renewed. Signing in again here keeps the page
 * (and whatever the user was doing on it): the requests the old session was refused wait behind
 * this modal and are sent again with the new session (see the api client), so an edit being saved
 * is saved. Someone else signing in gets their own account instead.
 */
export const SessionExpiredModal = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isPhone = useMediaQuery("(max-width: 36em)");
  const opened = useAuthStore((state) => state.sessionModalOpen);
  const email = useAuthStore((state) => state.user?.email);
  const pane = useLoginPane();
  const signOut = useSignOut();

  // The login steps keep their state in the auth modal's store: start them fresh.
  useEffect(() => {
    if (opened) useAuthModalStore.getState().close();
  }, [opened]);

  const onSignedIn = (session: AuthSession) => {
    const previousUserId = useAuthStore.getState().user?.id;
    useAuthStore.getState().setAuthSession(session);
    useAuthModalStore.getState().close();
    if (previousUserId === session.user.id) {
      // The requests refused for the old session are sent again by the api client once this
      // sign-in lands, so what was shown stays (a form keeps what was typed into it); only what
      // had already failed is asked for again.
      void queryClient.invalidateQueries({ predicate: (query) => query.state.status === "error" });
    } else {
      // Someone else signed in: nothing on this page is theirs.
      queryClient.clear();
      navigate("/account");
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      title={t("auth.session.title")}
      size="md"
      fullScreen={isPhone}
      centered
      radius="lg"
      padding="xl"
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      styles={{ title: { fontWeight: 700, fontSize: "1.25rem" } }}
      zIndex={400}
      data-testid="session-expired-modal"
    >
      <Stack gap="md">
        {pane === "form" ? <Text size="sm">{t("auth.session.text")}</Text> : null}
        <LoginFlow onSignedIn={onSignedIn} defaultEmail={email} />
        <Divider label={t("auth.session.or")} labelPosition="center" />
        <Button variant="default" fullWidth onClick={() => void signOut()}>
          {t("auth.session.logout")}
        </Button>
      </Stack>
    </Modal>
  );
};
