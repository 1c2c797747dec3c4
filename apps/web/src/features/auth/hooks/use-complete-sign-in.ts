import { useQueryClient } from "@tanstack/react-query";
import type { AuthSession } from "@vela/shared/auth";
import { useNavigate } from "react-router";
import { useAuthModalStore } from "../stores/auth-modal-store";
import { useAuthStore } from "../stores/auth-store";

/** After a login from the auth modal: store the session, close the modal, go where the user was headed. */
export const useCompleteSignIn = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (session: AuthSession) => {
    const { returnTo } = useAuthModalStore.getState();
    // Anything cached was fetched signed out (or as someone else).
    queryClient.clear();
    useAuthStore.getState().setAuthSession(session);
    useAuthModalStore.getState().close();
    navigate(returnTo ?? "/account");
  };
};
