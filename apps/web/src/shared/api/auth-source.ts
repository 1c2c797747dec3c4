import type { Role } from "@vela/shared/api";
import type { AuthSession } from "@vela/shared/auth";

/** What the api client needs to know about the session to build its headers and renew it. */
export type AuthSnapshot = {
  token: string | null;
  /** The stored auth type: sent as the `role` header. */
  type: Role | null;
  /** The stored user type: sent as the `grant` header. */
  userType: string | null;
  /** The one-use token that buys a new access token; null when signed out or already spent. */
  refreshToken?: string | null;
  /** The signed-in user's country: where the screens' default country and currency come from. */
  countryId?: number | null;
};

/** What the auth feature does for shared code when the session changes. */
export type SessionHandlers = {
  /** Stores a signed-in answer (a refresh, a password change): new tokens, user and role. */
  storeSession: (session: AuthSession) => void;
  /** The session could not be renewed: forget the spent refresh token and open the session-expired modal. */
  expireSession: () => void;
  /** Re-reads the session from storage, where another tab may have renewed or ended it. */
  syncSession: () => Promise<void> | void;
  /** Asks the server for the signed-in user again, after a change to the account (avatar, e-mail, two-factor). */
  reloadSession: () => Promise<void>;
  /**
   * Waits while the session-expired modal is open: true once the same person has signed in again
   * there (a request refused for the old session may then be sent again), false when they signed
   * out, someone else signed in, no modal is open, or `signal` aborts first.
   */
  waitForSignIn: (signal?: AbortSignal) => Promise<boolean>;
};

const ANONYMOUS: AuthSnapshot = { token: null, type: null, userType: null, refreshToken: null };

let readAuth: () => AuthSnapshot = () => ANONYMOUS;

const NO_HANDLERS: SessionHandlers = {
  storeSession: () => {},
  expireSession: () => {},
  syncSession: () => {},
  reloadSession: async () => {},
  waitForSignIn: async () => false,
};

let handlers: SessionHandlers = NO_HANDLERS;

/**
 * The auth store lives in `features/auth`, and shared code (and other features) must not import
 * features. The app wires the store in here once at start-up (see `app/provider.tsx`), so the
 * client reads and renews the session without depending on the feature.
 */
export const registerAuthSource = (source: () => AuthSnapshot) => {
  readAuth = source;
};

export const registerSessionHandlers = (next: Partial<SessionHandlers>) => {
  handlers = { ...NO_HANDLERS, ...next };
};

export const getAuthSnapshot = (): AuthSnapshot => readAuth();

/** The registered handlers; features other than auth use these to keep the session current. */
export const sessionHandlers = (): SessionHandlers => handlers;
