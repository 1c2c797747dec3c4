import type { Role } from "@vela/shared/api";
import type { OnboardingStatus, RuleModal, TfaChallenge } from "@vela/shared/auth";
import { create } from "zustand";

/** The auth modal's two views (spec §2). */
export type AuthModalView = "login" | "register";

/** Where the modal's last request stands. `success` shows `statusMessage` (say, after a password reset). */
export type AuthModalStatus = "idle" | "loading" | "success" | "error";

/** What the server said when it locked the sign-in (429), and when trying again makes sense. */
export type AbuserMessage = { message: string; retryAtMs: number | null };

type AuthModalData = {
  opened: boolean;
  view: AuthModalView;
  /** The register view's tab: which kind of account is being opened. */
  registerKind: Role;
  /** Set after a 429: the modal shows the server's message and a countdown instead of the form. */
  abuserMessage: AbuserMessage | null;
  /** A rule the server says stops the user (examine-rules), shown as the limit modal. */
  limitModal: RuleModal | null;
  /** The last failure, shown inside the modal (wrong password, expired code). */
  errorMessage: string | null;
  status: AuthModalStatus;
  statusMessage: string | null;
  /** The login view shows password recovery instead of the form. */
  recoverPassword: boolean;
  /** The country chosen in the register form (it decides the phone prefix and, for agents, the states). */
  countryId: number | null;
  /** Set once an account is opened: the modal walks through e-mail and phone verification. */
  onboardingStatus: OnboardingStatus | null;
  /** Which verification the onboarding pane starts at (a rule's VERIFY_PHONE skips the e-mail). */
  onboardingStart: "email" | "phone";
  /** When the e-mail code was last sent (registration sends one), so "send again" waits its turn. */
  emailCodeSentAtMs: number | null;
  /** A login that needs its second factor. */
  tfaChallenge: TfaChallenge | null;
  /** Where to go once signed in (the account page that sent the visitor here). */
  returnTo: string | null;
};

type AuthModalState = AuthModalData & {
  open: (options?: { view?: AuthModalView; returnTo?: string | null; registerKind?: Role }) => void;
  close: () => void;
  setView: (view: AuthModalView) => void;
  setRegisterKind: (registerKind: Role) => void;
  setAbuserMessage: (abuserMessage: AbuserMessage | null) => void;
  /** Opens the modal on a rule's limit modal. */
  showLimitModal: (limitModal: RuleModal) => void;
  hideLimitModal: () => void;
  setErrorMessage: (errorMessage: string | null) => void;
  setStatus: (status: AuthModalStatus, statusMessage?: string | null) => void;
  setRecoverPassword: (recoverPassword: boolean) => void;
  setCountryId: (countryId: number | null) => void;
  /** Opens (or moves) the modal to verification; null leaves it. */
  setOnboardingStatus: (
    onboardingStatus: OnboardingStatus | null,
    options?: { start?: "email" | "phone"; emailCodeSentAtMs?: number | null },
  ) => void;
  setTfaChallenge: (tfaChallenge: TfaChallenge | null) => void;
};

/** What a fresh modal shows: everything from a previous visit is forgotten. */
const CLOSED: AuthModalData = {
  opened: false,
  view: "login",
  registerKind: "client",
  abuserMessage: null,
  limitModal: null,
  errorMessage: null,
  status: "idle",
  statusMessage: null,
  recoverPassword: false,
  countryId: null,
  onboardingStatus: null,
  onboardingStart: "email",
  emailCodeSentAtMs: null,
  tfaChallenge: null,
  returnTo: null,
};

/**
 * The authentication modal's state (spec §2): view, abuser message, limit modal, error message,
 * status, recover-password flag, country id and onboarding status, plus the steps in between.
 * Not persisted: a reload starts with the modal closed.
 */
export const useAuthModalStore = create<AuthModalState>()((set) => ({
  ...CLOSED,
  open: (options = {}) =>
    set({
      ...CLOSED,
      opened: true,
      view: options.view ?? "login",
      registerKind: options.registerKind ?? "client",
      returnTo: options.returnTo ?? null,
    }),
  close: () => set(CLOSED),
  setView: (view) =>
    set({ view, errorMessage: null, status: "idle", statusMessage: null, recoverPassword: false }),
  setRegisterKind: (registerKind) => set({ registerKind, errorMessage: null }),
  setAbuserMessage: (abuserMessage) => set({ abuserMessage, status: "idle" }),
  showLimitModal: (limitModal) => set({ ...CLOSED, opened: true, limitModal }),
  hideLimitModal: () => set({ limitModal: null }),
  setErrorMessage: (errorMessage) => set({ errorMessage, status: errorMessage ? "error" : "idle" }),
  setStatus: (status, statusMessage = null) =>
    set(status === "loading" ? { status, errorMessage: null } : { status, statusMessage }),
  setRecoverPassword: (recoverPassword) =>
    set({ recoverPassword, errorMessage: null, status: "idle", statusMessage: null }),
  setCountryId: (countryId) => set({ countryId }),
  setOnboardingStatus: (onboardingStatus, options = {}) =>
    set((state) => ({
      onboardingStatus,
      onboardingStart: options.start ?? "email",
      emailCodeSentAtMs: options.emailCodeSentAtMs ?? null,
      opened: onboardingStatus ? true : state.opened,
      limitModal: null,
      errorMessage: null,
      status: "idle",
    })),
  setTfaChallenge: (tfaChallenge) => set({ tfaChallenge, errorMessage: null, status: "idle" }),
}));
