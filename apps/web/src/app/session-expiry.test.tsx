import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthModalStore } from "@/features/auth/stores/auth-modal-store";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { CLIENT_USER, FROM_COUNTRIES, PENDING_EMAIL, sessionFor, TO_COUNTRIES } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { AppRoutes } from "./router";

type Seen = { url: string; method: string; authorization: string | null; body: unknown };

const PROFILE = {
  first_name: "Ana",
  last_name: "López",
  email: CLIENT_USER.email,
  date_of_birth: "1990-04-02",
  address: "Calle 1",
  city: "Oaxaca",
  postal_code: "68000",
  country_id: 4,
  occupation: "Nurse",
  phone_prefix: "+52",
  phone_number: "5512345678",
  avatar_url: null,
  profile_completed: true,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/**
 * A small API whose sessions can be ended "elsewhere": requests with a live token are answered,
 * any other bearer gets 401 "Unauthenticated.", and a refresh of an ended session is refused.
 */
const accountServer = () => {
  const liveTokens = new Set(["access-1"]);
  let profile = { ...PROFILE };
  const seen: Seen[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const path = url.split("?")[0] ?? url;
    const method = init.method ?? "GET";
    const authorization = new Headers(init.headers).get("Authorization");
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    seen.push({ url: path, method, authorization, body });

    if (path === "/api/authentication/refresh-token") {
      return json({ success: false, message: "The session has ended." }, 401);
    }
    if (path === "/api/authentication/login") {
      liveTokens.add("access-2");
      return json({
        success: true,
        message: null,
        data: sessionFor(CLIENT_USER, { token: "access-2", refresh_token: "refresh-2" }),
      });
    }
    if (path === "/api/countries") {
      return json({ success: true, message: null, data: [...FROM_COUNTRIES, ...TO_COUNTRIES] });
    }
    if (!authorization || !liveTokens.has(authorization.replace("Bearer ", ""))) {
      return json({ success: false, message: "Unauthenticated." }, 401);
    }
    if (path === "/api/authentication/me") {
      const { token: _token, refresh_token: _refresh, ...check } = sessionFor(CLIENT_USER);
      return json({ success: true, message: null, data: check });
    }
    if (path === "/api/my-account") {
      return json({
        success: true,
        message: null,
        data: {
          user: CLIENT_USER,
          organization: null,
          onboarding: PENDING_EMAIL,
          permissions: sessionFor().permissions,
        },
      });
    }
    if (path === "/api/profile" && method === "PUT") {
      profile = { ...profile, ...(body as Partial<typeof PROFILE>) };
      return json({ success: true, message: null, data: profile });
    }
    if (path === "/api/profile") return json({ success: true, message: null, data: profile });
    return json({ success: false, message: "Not found" }, 404);
  });
  return { fetchStub, seen, endSessions: () => liveTokens.clear() };
};

// Proves issue 7, point 18: a profile edit saved after the session ended elsewhere is not lost.
// The refused request waits behind the session-expired modal, no "Unauthenticated." error is shown
// over it, and once the same person logs in again the edit is sent again and saved.
describe("session expiry", () => {
  beforeEach(() => {
    useAuthStore.getState().logout();
    useAuthModalStore.getState().close();
    useAuthStore
      .getState()
      .setAuthSession(sessionFor(CLIENT_USER, { token: "access-1", refresh_token: "refresh-1" }));
  });
  afterEach(() => {
    useAuthStore.getState().logout();
    useAuthModalStore.getState().close();
  });

  it("saves a profile edit refused for an ended session once the person logs in again", async () => {
    const server = accountServer();
    vi.stubGlobal("fetch", server.fetchStub);
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, { route: "/account/profile" });

    const city = await screen.findByLabelText<HTMLInputElement>(/^City/, undefined, { timeout: 10_000 });
    await waitFor(() => expect(city.value).toBe("Oaxaca"));
    server.endSessions();

    await user.clear(city);
    await user.type(city, "Puebla");
    await user.click(screen.getByRole("button", { name: "Save changes" }));

    const modal = within(
      await screen.findByRole("dialog", { name: "Your session has expired" }, { timeout: 10_000 }),
    );
    // The modal says what happened; no error notification says it again over it.
    expect(screen.queryByText("Unauthenticated.")).toBeNull();
    expect(screen.queryByText(/Unauthenticated/)).toBeNull();
    // The form keeps what was typed while the modal is open.
    expect(city.value).toBe("Puebla");

    await user.type(modal.getByLabelText(/^Password/), "Velvet-Harbor-72");
    await user.click(modal.getByRole("button", { name: "Log in" }));

    expect(
      await screen.findByText("Your profile has been saved.", undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    const puts = server.seen.filter((request) => request.url === "/api/profile" && request.method === "PUT");
    expect(puts.map((request) => [request.authorization, request.body])).toEqual([
      ["Bearer access-1", { city: "Puebla" }],
      ["Bearer access-2", { city: "Puebla" }],
    ]);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(/^City/).value).toBe("Puebla"));
    expect(screen.queryByText(/Unauthenticated/)).toBeNull();
    // The modal closes with a short transition.
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Your session has expired" })).toBeNull(),
    );
  });
});
