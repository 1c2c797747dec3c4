import { afterEach, describe, expect, it, vi } from "vitest";
import { CLIENT_USER, PENDING_EMAIL, sessionFor } from "@/test/fixtures";
import { AUTH_ERROR_STORAGE_KEY, AUTH_STORAGE_KEY, DEFAULT_PERMISSIONS, useAuthStore } from "./auth-store";

const storedState = () => JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? "null")?.state;

const signIn = () => {
  useAuthStore.getState().setAuthSession(sessionFor());
  useAuthStore.getState().setSessionModalOpen(true);
};

describe("auth store", () => {
  afterEach(() => {
    useAuthStore.getState().logout();
    localStorage.clear();
    vi.useRealTimers();
  });

  it("starts signed out with every permission granted (spec §3)", () => {
    const state = useAuthStore.getState();
    expect(state).toMatchObject({
      token: null,
      refreshToken: null,
      user: null,
      userType: null,
      type: null,
      sessionModalOpen: false,
    });
    expect(state.permissions).toEqual({ giftcard: true, paybill: true, recharge: true, sendmoney: true });
  });

  it("stores token, refresh token, user, user type, type, permissions and the expiry on login (spec §3)", () => {
    vi.useFakeTimers({ now: new Date("2026-03-01T12:00:00Z") });
    useAuthStore.getState().setSessionModalOpen(true);

    useAuthStore
      .getState()
      .setAuthSession(sessionFor(CLIENT_USER, { permissions: { ...DEFAULT_PERMISSIONS, paybill: false } }));

    expect(useAuthStore.getState()).toMatchObject({
      token: "access-7",
      refreshToken: "refresh-7-0000000000000000",
      user: CLIENT_USER,
      userType: "client",
      type: "client",
      permissions: { ...DEFAULT_PERMISSIONS, paybill: false },
      // "Set in seconds from now": the seconds as given, and the moment they point to.
      expiresIn: 900,
      expiresAtMs: Date.parse("2026-03-01T12:15:00Z"),
      onboarding: PENDING_EMAIL,
      // A new session closes the session-expired modal.
      sessionModalOpen: false,
    });
  });

  it("persists the session under the 'auth' key, without the session modal flag", () => {
    signIn();

    expect(storedState()).toMatchObject({
      token: "access-7",
      refreshToken: "refresh-7-0000000000000000",
      user: CLIENT_USER,
      userType: "client",
      type: "client",
      permissions: DEFAULT_PERMISSIONS,
    });
    expect(storedState()).not.toHaveProperty("sessionModalOpen");
  });

  it("clears the user type and type and hides the session modal when the token is set empty (spec §4)", () => {
    signIn();

    useAuthStore.getState().setToken("");

    expect(useAuthStore.getState()).toMatchObject({
      token: null,
      userType: null,
      type: null,
      sessionModalOpen: false,
      user: CLIENT_USER,
    });
  });

  it("clears user, token, user type and type on logout (spec §4), and the refresh token with them", () => {
    signIn();

    useAuthStore.getState().logout();

    expect(useAuthStore.getState()).toMatchObject({
      token: null,
      user: null,
      userType: null,
      type: null,
      refreshToken: null,
      sessionModalOpen: false,
    });
    expect(storedState()).toMatchObject({
      token: null,
      user: null,
      userType: null,
      type: null,
      refreshToken: null,
    });
  });

  it("stores role, user and permissions from a successful session check (spec §4)", () => {
    useAuthStore.getState().setAuthSession(sessionFor());
    const renamed = { ...CLIENT_USER, first_name: "Anabel" };

    useAuthStore.getState().applySessionCheck({
      role: "client",
      user_type: "client",
      user: renamed,
      permissions: { giftcard: false, paybill: true, recharge: true, sendmoney: true },
      onboarding: { ...PENDING_EMAIL, email_verified: true, status: "pending_phone" },
    });

    expect(useAuthStore.getState()).toMatchObject({
      type: "client",
      user: renamed,
      permissions: { giftcard: false, paybill: true, recharge: true, sendmoney: true },
      onboarding: { status: "pending_phone" },
      // The tokens are the session's, not the check's.
      token: "access-7",
    });
  });

  it("forgets the spent refresh token and opens the session modal when the session expires", () => {
    useAuthStore.getState().setAuthSession(sessionFor());

    useAuthStore.getState().expireSession();

    expect(useAuthStore.getState()).toMatchObject({
      refreshToken: null,
      sessionModalOpen: true,
      // Kept, so that the modal knows whose session it was and the page stays as it is.
      token: "access-7",
      user: CLIENT_USER,
    });
  });

  it("restores a valid stored session", async () => {
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({
        state: {
          token: "t",
          refreshToken: "r",
          user: { ...CLIENT_USER, role: "business" },
          userType: "business",
          type: "business",
          permissions: { paybill: false },
        },
        version: 0,
      }),
    );

    await useAuthStore.persist.rehydrate();

    expect(useAuthStore.getState()).toMatchObject({
      token: "t",
      refreshToken: "r",
      userType: "business",
      type: "business",
    });
    expect(useAuthStore.getState().user?.email).toBe(CLIENT_USER.email);
    expect(useAuthStore.getState().permissions).toEqual({ ...DEFAULT_PERMISSIONS, paybill: false });
    expect(localStorage.getItem(AUTH_ERROR_STORAGE_KEY)).toBeNull();
  });

  it("drops a stored user that lacks the fields the app reads", async () => {
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ state: { token: "t", user: { id: "7" }, type: "client" }, version: 0 }),
    );

    await useAuthStore.persist.rehydrate();

    expect(useAuthStore.getState()).toMatchObject({ token: "t", user: null, type: "client" });
  });

  it("writes a failure to read the stored entry under 'auth_error' and starts signed out", async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, "{not json");

    await useAuthStore.persist.rehydrate();

    expect(useAuthStore.getState().token).toBeNull();
    const recorded = JSON.parse(localStorage.getItem(AUTH_ERROR_STORAGE_KEY) ?? "null");
    expect(recorded).toMatchObject({ message: expect.any(String), at: expect.any(String) });
  });

  it("refuses a stored type that is not a role, so a tampered entry cannot claim one", async () => {
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ state: { token: "t", type: "admin" }, version: 0 }),
    );

    await useAuthStore.persist.rehydrate();

    expect(useAuthStore.getState()).toMatchObject({ token: null, type: null });
    expect(localStorage.getItem(AUTH_ERROR_STORAGE_KEY)).toContain("admin");
  });

  it("follows another tab: a session stored there is picked up here", async () => {
    const otherTab = { state: { ...storedState(), token: "from-other-tab", refreshToken: "r2" }, version: 0 };
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(otherTab));

    window.dispatchEvent(new StorageEvent("storage", { key: AUTH_STORAGE_KEY }));

    await vi.waitFor(() => expect(useAuthStore.getState().token).toBe("from-other-tab"));
    expect(useAuthStore.getState().refreshToken).toBe("r2");
  });

  it("keeps the page's session while its session-expired modal is open, even if another tab signs out", async () => {
    useAuthStore.getState().setAuthSession(sessionFor());
    useAuthStore.getState().expireSession();
    const signedOut = JSON.stringify({
      state: { ...storedState(), token: null, user: null, type: null },
      version: 0,
    });
    localStorage.setItem(AUTH_STORAGE_KEY, signedOut);

    window.dispatchEvent(new StorageEvent("storage", { key: AUTH_STORAGE_KEY, newValue: signedOut }));
    await new Promise((resolve) => setTimeout(resolve, 0));

    // The user signs back in here, on the same page; that new session then reaches the other tabs.
    expect(useAuthStore.getState()).toMatchObject({
      token: "access-7",
      user: CLIENT_USER,
      sessionModalOpen: true,
    });
  });
});
