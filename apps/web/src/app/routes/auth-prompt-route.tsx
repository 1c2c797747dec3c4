import { useEffect } from "react";
import { Navigate } from "react-router";
import { useAuthModalStore } from "@/features/auth/stores/auth-modal-store";
import { useAuthStore } from "@/features/auth/stores/auth-store";

/**
 * /login and /signup: open the auth modal on the home page (or go to the account when already
 * signed in), so that links to them keep working.
 */
export const AuthPromptRoute = ({ view }: { view: "login" | "register" }) => {
  const isSignedIn = useAuthStore((state) => Boolean(state.token));
  const open = useAuthModalStore((state) => state.open);
  useEffect(() => {
    if (!isSignedIn) open({ view });
  }, [isSignedIn, open, view]);
  return <Navigate to={isSignedIn ? "/account" : "/"} replace />;
};
