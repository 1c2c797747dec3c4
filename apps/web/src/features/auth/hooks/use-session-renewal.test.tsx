import { act } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLIENT_USER, sessionFor } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { useAuthStore } from "../stores/auth-store";
import { renewalLeadMs, useSessionRenewal } from "./use-session-renewal";

const Renewer = () => {
  useSessionRenewal();
  return null;
};

const MINUTE_MS = 60_000;

// Proves issue 7, point 18's last part: the access token is renewed shortly before it runs out
// (the login answer says when), not after a request was refused with 401, and again after that.
describe("session renewal ahead of expiry", () => {
  let refreshBodies: unknown[];

  beforeEach(() => {
    vi.useFakeTimers({
      now: new Date("2026-03-01T12:00:00Z"),
      toFake: ["setTimeout", "clearTimeout", "Date"],
    });
    refreshBodies = [];
    let generation = 1;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        if (String(input) !== "/api/authentication/refresh-token") {
          return Response.json({ success: false, message: "Unauthenticated." }, { status: 401 });
        }
        refreshBodies.push(JSON.parse(String(init.body)));
        generation += 1;
        const session = sessionFor(CLIENT_USER, {
          token: `access-${generation}`,
          refresh_token: `refresh-${generation}`,
          expires_in: 900,
        });
        return Response.json({ success: true, message: null, data: session });
      }),
    );
    useAuthStore
      .getState()
      .setAuthSession(
        sessionFor(CLIENT_USER, { token: "access-1", refresh_token: "refresh-1", expires_in: 900 }),
      );
  });
  afterEach(() => {
    useAuthStore.getState().logout();
    vi.useRealTimers();
  });

  it("renews a minute before a 15-minute token runs out, then schedules the next renewal", async () => {
    renderWithApp(<Renewer />);

    await act(() => vi.advanceTimersByTimeAsync(14 * MINUTE_MS - 1000));
    expect(refreshBodies).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(refreshBodies).toEqual([{ refresh_token: "refresh-1" }]);
    expect(useAuthStore.getState()).toMatchObject({ token: "access-2", refreshToken: "refresh-2" });

    await act(() => vi.advanceTimersByTimeAsync(14 * MINUTE_MS));
    expect(refreshBodies).toEqual([{ refresh_token: "refresh-1" }, { refresh_token: "refresh-2" }]);
  });

  it("renews a short-lived token at four fifths of its life", () => {
    expect(renewalLeadMs(900)).toBe(MINUTE_MS);
    expect(renewalLeadMs(20)).toBe(4000);
  });
});
