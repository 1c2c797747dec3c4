import { ROLES, type Role } from "@vela/shared/api";
import type { AuthSession, AuthUser, OnboardingStatus, Permissions, SessionCheck } from "@vela/shared/auth";
import { create } from "zustand";
import { type PersistStorage, persist, type StorageValue } from "zustand/middleware";

export type { AuthUser, Permissions };

/** localStorage key of the persisted session (spec §3: "Auth state is persisted locally"). */
export const AUTH_STORAGE_KEY = "auth";
/** localStorage key where a failure to read the stored session is written (spec §8). */
export const AUTH_ERROR_STORAGE_KEY = "auth_error";

// Kept here rather than imported from the contract module, whose zod schemas would otherwise
// be pulled into the first page's bundle with it.
export const DEFAULT_PERMISSIONS: Permissions = {
  giftcard: true,
  paybill: true,
  recharge: true,
  sendmoney: true,
};

type AuthData = {
  /** Bearer token sent as `Authorization` on every request; null when signed out. */
  token: string | null;
  /** The one-use token that renews the session. Rotates on every renewal; never reused. */
  refreshToken: string | null;
  user: AuthUser | null;
  /** The user type. The api client sends it as the `grant` header. */
  userType: string | null;
  /** The role (client, agent, business): "the stored auth entry has a type field whose value is read as the user's role". Sent as the `role` header. */
  type: Role | null;
  permissions: Permissions;
  /** Session expiry time as the server set it: seconds from the moment it answered (spec §3). */
  expiresIn: number | null;
  /** The same expiry as a point in time, so that it still means something after a reload. */
  expiresAtMs: number | null;
  /** Where the account's e-mail and phone verification stand (from login or the session check). */
  onboarding: OnboardingStatus | null;
};

type AuthState = AuthData & {
  /** Whether the session-expired modal is shown. Not persisted: a reload never reopens it. */
  sessionModalOpen: boolean;
  /** Stores a token. An empty token clears the user type and type and hides the session modal (spec §4). */
  setToken: (token: string) => void;
  setSession: (session: {
    user: AuthUser | null;
    userType: string | null;
    type: Role | null;
    permissions?: Partial<Permissions>;
  }) => void;
  /**
   * A signed-in answer (login, registration, two-factor login, renewal, password change): stores
   * token, refresh token, user, user type, type, permissions and the expiry, and closes the
   * session-expired modal.
   */
  setAuthSession: (session: AuthSession) => void;
  /** The session check succeeded: stores role, user and permissions (spec §4). */
  applySessionCheck: (check: SessionCheck) => void;
  setOnboarding: (onboarding: OnboardingStatus) => void;
  /** The session could not be renewed: the spent refresh token is forgotten and the modal opens. */
  expireSession: () => void;
  setSessionModalOpen: (open: boolean) => void;
  /** Clears user, token, user type and type (spec §4), and with them what only a session has. */
  logout: () => void;
};

const INITIAL_DATA: AuthData = {
  token: null,
  refreshToken: null,
  user: null,
  userType: null,
  type: null,
  permissions: DEFAULT_PERMISSIONS,
  expiresIn: null,
  expiresAtMs: null,
  onboarding: null,
};

/** What is persisted: the session's data, without the actions or the modal's state. */
const authDataOf = (state: AuthState): AuthData =>
  Object.fromEntries(
    (Object.keys(INITIAL_DATA) as (keyof AuthData)[]).map((key) => [key, state[key]]),
  ) as AuthData;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isRole = (value: unknown): value is Role => ROLES.some((role) => role === value);

const stringOrNull = (value: unknown): string | null => (typeof value === "string" && value ? value : null);

const numberOrNull = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;

const readPermissions = (value: unknown): Permissions => {
  const source = isRecord(value) ? value : {};
  const flag = (key: keyof Permissions) =>
    typeof source[key] === "boolean" ? source[key] : DEFAULT_PERMISSIONS[key];
  return {
    giftcard: flag("giftcard"),
    paybill: flag("paybill"),
    recharge: flag("recharge"),
    sendmoney: flag("sendmoney"),
  };
};

/** The fields the SPA reads from a stored user; an entry without them is not trusted. */
const isStoredUser = (value: unknown): value is AuthUser =>
  isRecord(value) &&
  typeof value.id === "number" &&
  isRole(value.role) &&
  typeof value.email === "string" &&
  typeof value.first_name === "string" &&
  typeof value.last_name === "string";

const isStoredOnboarding = (value: unknown): value is OnboardingStatus =>
  isRecord(value) &&
  typeof value.email_verified === "boolean" &&
  typeof value.phone_verified === "boolean" &&
  typeof value.status === "string";

/** Turns whatever was stored into valid auth data, or throws to say it cannot be trusted. */
export const parseStoredAuth = (raw: string): StorageValue<AuthData> => {
  const parsed: unknown = JSON.parse(raw);
  if (!isRecord(parsed) || !isRecord(parsed.state)) throw new Error("The stored auth entry has no state");
  const state = parsed.state;
  if (state.type !== null && state.type !== undefined && !isRole(state.type)) {
    throw new Error(`The stored auth type "${String(state.type)}" is not a role`);
  }
  return {
    state: {
      token: stringOrNull(state.token),
      refreshToken: stringOrNull(state.refreshToken),
      user: isStoredUser(state.user) ? state.user : null,
      userType: stringOrNull(state.userType),
      type: isRole(state.type) ? state.type : null,
      permissions: readPermissions(state.permissions),
      expiresIn: numberOrNull(state.expiresIn),
      expiresAtMs: numberOrNull(state.expiresAtMs),
      onboarding: isStoredOnboarding(state.onboarding) ? state.onboarding : null,
    },
    version: typeof parsed.version === "number" ? parsed.version : 0,
  };
};

const writeAuthError = (error: unknown) => {
  try {
    const message = error instanceof Error ? error.message : String(error);
    localStorage.setItem(AUTH_ERROR_STORAGE_KEY, JSON.stringify({ message, at: new Date().toISOString() }));
  } catch {
    // Nowhere left to record it; the user simply starts signed out.
  }
};

/**
 * localStorage with a guard: an entry that cannot be parsed or validated is not loaded (the user
 * starts signed out), and the reason is written under `auth_error` for support to read.
 */
const authStorage: PersistStorage<AuthData> = {
  getItem: (name) => {
    try {
      const raw = localStorage.getItem(name);
      return raw === null ? null : parseStoredAuth(raw);
    } catch (error) {
      writeAuthError(error);
      return null;
    }
  },
  setItem: (name, value) => {
    try {
      localStorage.setItem(name, JSON.stringify(value));
    } catch (error) {
      writeAuthError(error);
    }
  },
  removeItem: (name) => {
    try {
      localStorage.removeItem(name);
    } catch {
      // Same as above: nothing else to do.
    }
  },
};

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      ...INITIAL_DATA,
      sessionModalOpen: false,
      setToken: (token) =>
        set(token ? { token } : { token: null, userType: null, type: null, sessionModalOpen: false }),
      setSession: ({ user, userType, type, permissions }) =>
        set({ user, userType, type, permissions: { ...DEFAULT_PERMISSIONS, ...permissions } }),
      setAuthSession: (session) =>
        set({
          token: session.token,
          refreshToken: session.refresh_token,
          user: session.user,
          userType: session.user_type,
          type: session.role,
          permissions: readPermissions(session.permissions),
          expiresIn: session.expires_in,
          expiresAtMs: Date.now() + session.expires_in * 1000,
          onboarding: session.onboarding,
          sessionModalOpen: false,
        }),
      applySessionCheck: (check) =>
        set({
          type: check.role,
          userType: check.user_type,
          user: check.user,
          permissions: readPermissions(check.permissions),
          onboarding: check.onboarding,
        }),
      setOnboarding: (onboarding) => set({ onboarding }),
      expireSession: () => set({ refreshToken: null, sessionModalOpen: true }),
      setSessionModalOpen: (sessionModalOpen) => set({ sessionModalOpen }),
      logout: () =>
        set({
          user: null,
          token: null,
          userType: null,
          type: null,
          refreshToken: null,
          expiresIn: null,
          expiresAtMs: null,
          onboarding: null,
          permissions: DEFAULT_PERMISSIONS,
          sessionModalOpen: false,
        }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: authStorage,
      version: 0,
      partialize: authDataOf,
    },
  ),
);

/** Whether a stored auth entry (as another tab wrote it) holds a session. */
const storedHasToken = (raw: string | null): boolean => {
  if (raw === null) return false;
  try {
    return parseStoredAuth(raw).state.token !== null;
  } catch {
    return false;
  }
};

// Tabs share the stored session: when another tab signs in, renews or signs out, this one follows,
// so that it never sends a refresh token the other tab has already spent. One exception: while
// this tab's session-expired modal is open, a sign-out elsewhere is not followed, so that the page
// the user is signing back in to is not lost; their new session then reaches the other tabs.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key !== AUTH_STORAGE_KEY) return;
    if (useAuthStore.getState().sessionModalOpen && !storedHasToken(event.newValue)) return;
    void useAuthStore.persist.rehydrate();
  });
}

export const isSignedIn = (state: Pick<AuthData, "token">) => Boolean(state.token);

/**
 * Waits while the session-expired modal is open. Resolves true once the person who was signed in
 * signs in again there, false when the modal closes any other way (signed out, someone else signed
 * in) or was not open; rejects with an AbortError when `signal` aborts first.
 */
export const waitForSignIn = (signal?: AbortSignal): Promise<boolean> =>
  new Promise<boolean>((resolve, reject) => {
    const userId = useAuthStore.getState().user?.id;
    const finish = (outcome: boolean | Error) => {
      unsubscribe();
      signal?.removeEventListener("abort", onAbort);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const check = (state: AuthState) => {
      if (state.sessionModalOpen) return;
      finish(state.token !== null && userId !== undefined && state.user?.id === userId);
    };
    const onAbort = () => finish(new DOMException("The request was cancelled.", "AbortError"));
    const unsubscribe = useAuthStore.subscribe(check);
    if (signal?.aborted) return onAbort();
    signal?.addEventListener("abort", onAbort);
    check(useAuthStore.getState());
  });
