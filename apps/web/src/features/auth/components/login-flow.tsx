import type { AuthSession } from "@vela/shared/auth";
import { useAuthModalStore } from "../stores/auth-modal-store";
import { AbuserMessage } from "./abuser-message";
import { LoginForm } from "./login-form";
import { RecoverPassword } from "./recover-password";
import { TfaStep } from "./tfa-step";

type LoginFlowProps = {
  onSignedIn: (session: AuthSession) => void;
  defaultEmail?: string;
};

/** Which part of signing in is showing; the modal's title follows it. */
export type LoginPane = "abuser" | "tfa" | "recover" | "form";

export const useLoginPane = (): LoginPane =>
  useAuthModalStore((state) => {
    if (state.abuserMessage) return "abuser";
    if (state.tfaChallenge) return "tfa";
    if (state.recoverPassword) return "recover";
    return "form";
  });

/**
 * Signing in, wherever it happens (the auth modal, the session-expired modal): the form, then the
 * second factor if the account has one; recovery on the way; the abuser message after a lock.
 */
export const LoginFlow = ({ onSignedIn, defaultEmail }: LoginFlowProps) => {
  const pane = useLoginPane();
  const challenge = useAuthModalStore((state) => state.tfaChallenge);
  if (pane === "abuser") return <AbuserMessage />;
  if (pane === "tfa" && challenge) return <TfaStep challenge={challenge} onSignedIn={onSignedIn} />;
  if (pane === "recover") return <RecoverPassword />;
  return <LoginForm onSignedIn={onSignedIn} defaultEmail={defaultEmail} />;
};
