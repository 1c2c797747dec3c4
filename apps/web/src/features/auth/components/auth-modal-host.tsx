import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useSessionCheck } from "../hooks/use-session-check";
import { useSessionRenewal } from "../hooks/use-session-renewal";
import { useAuthModalStore } from "../stores/auth-modal-store";
import { useAuthStore } from "../stores/auth-store";

const AuthModal = lazy(() => import("./auth-modal").then((m) => ({ default: m.AuthModal })));
const SessionExpiredModal = lazy(() =>
  import("./session-expired-modal").then((m) => ({ default: m.SessionExpiredModal })),
);

/** What a guard leaves in the history entry when it sends a signed-out visitor home. */
export type AuthPromptState = { authPrompt: { returnTo: string } };

const readAuthPrompt = (state: unknown): string | null => {
  if (typeof state !== "object" || state === null || !("authPrompt" in state)) return null;
  const prompt = state.authPrompt;
  if (typeof prompt !== "object" || prompt === null || !("returnTo" in prompt)) return null;
  return typeof prompt.returnTo === "string" ? prompt.returnTo : null;
};

/** Latches true the first time `condition` holds: a modal's code is fetched once needed, then kept. */
const useOnceTrue = (condition: boolean) => {
  const [hasBeen, setHasBeen] = useState(condition);
  if (condition && !hasBeen) setHasBeen(true);
  return hasBeen || condition;
};

/**
 * Mounted once inside the router: runs the session check at start, renews the session before it
 * runs out, opens the login form when a guard asks for it, and renders the auth and session-expired modals — each downloaded only the
 * first time it opens.
 */
export const AuthModalHost = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const isAuthModalOpen = useAuthModalStore((state) => state.opened);
  const isSessionModalOpen = useAuthStore((state) => state.sessionModalOpen);
  const isAuthModalNeeded = useOnceTrue(isAuthModalOpen);
  const isSessionModalNeeded = useOnceTrue(isSessionModalOpen);
  useSessionCheck();
  useSessionRenewal();

  const promptReturnTo = readAuthPrompt(location.state);
  useEffect(() => {
    if (promptReturnTo === null) return;
    useAuthModalStore.getState().open({ view: "login", returnTo: promptReturnTo });
    // Forget the request, so that going back and forth does not open the modal again.
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [promptReturnTo, navigate, location.pathname, location.search]);

  return (
    <Suspense fallback={null}>
      {isAuthModalNeeded ? <AuthModal /> : null}
      {isSessionModalNeeded ? <SessionExpiredModal /> : null}
    </Suspense>
  );
};
