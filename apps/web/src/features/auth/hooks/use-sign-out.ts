import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { logoutSession } from "../api/logout";
import { useAuthModalStore } from "../stores/auth-modal-store";
import { useAuthStore } from "../stores/auth-store";

/**
 * Signs out: ends the session on the server when there is still one to end, then forgets it here
 * (spec §4: user, token, user type and type are cleared), drops cached data and goes home.
 */
export const useSignOut = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    const { token, sessionModalOpen } = useAuthStore.getState();
    if (token && !sessionModalOpen) {
      // Signing out here must work even when the server cannot be reached.
      await logoutSession().catch(() => undefined);
    }
    useAuthStore.getState().logout();
    useAuthModalStore.getState().close();
    navigate("/");
    queryClient.clear();
  };
};
