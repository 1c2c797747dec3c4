import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { api } from "@/shared/api/api-client";
import { CLIENT_USER } from "@/test/fixtures";
import { ok, stubApi } from "@/test/render";
// Importing the provider wires the auth store into the api client, as the running app does.
import "./provider";

describe("the app's auth wiring", () => {
  afterEach(() => useAuthStore.getState().logout());

  it("sends the stored type as `role`, the user type as `grant` and the token as a bearer", async () => {
    const { fetchStub, requests } = stubApi({ "/api/authentication/me": ok({}) });
    vi.stubGlobal("fetch", fetchStub);
    useAuthStore.getState().setToken("tok-9");
    useAuthStore.getState().setSession({
      user: { ...CLIENT_USER, role: "business" },
      userType: "business-owner",
      type: "business",
    });

    await api.get("authentication/me");

    expect(requests[0]?.headers.get("role")).toBe("business");
    expect(requests[0]?.headers.get("grant")).toBe("business-owner");
    expect(requests[0]?.headers.get("Authorization")).toBe("Bearer tok-9");
  });

  it("stops sending them after logout", async () => {
    const { fetchStub, requests } = stubApi({ "/api/currencies": ok([]) });
    vi.stubGlobal("fetch", fetchStub);
    useAuthStore.getState().setToken("tok-9");
    useAuthStore.getState().setSession({ user: null, userType: "client", type: "client" });
    useAuthStore.getState().logout();

    await api.get("currencies");

    expect(["role", "grant", "Authorization"].map((name) => requests[0]?.headers.has(name))).toEqual([
      false,
      false,
      false,
    ]);
  });
});
