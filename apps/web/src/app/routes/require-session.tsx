import type { ReactNode } from "react";
import { useRef } from "react";
import { Navigate, useLocation } from "react-router";
import type { AuthPromptState } from "@/features/auth/components/auth-modal-host";
import { useAuthStore } from "@/features/auth/stores/auth-store";

/**
 * The account area needs a session. A signed-out visitor is sent to the home page with the login
 * form open, and comes back to the page they asked for once signed in. Someone whose session ends
 * while inside (signing out, here or in another tab) just goes home.
 */
export const RequireSession = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  const hasToken = useAuthStore((state) => Boolean(state.token));
  const arrivedSignedIn = useRef(hasToken);
  if (hasToken) return children;
  const prompt: AuthPromptState = { authPrompt: { returnTo: `${location.pathname}${location.search}` } };
  return <Navigate to="/" replace state={arrivedSignedIn.current ? null : prompt} />;
};
