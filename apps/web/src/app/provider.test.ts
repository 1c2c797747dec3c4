import { getCurrencies } from "@vela/shared/contract/reference";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { api } from "@/shared/api/api-client";
import { requests, server } from "@/test/api-server";
import { handle } from "@/test/contract-handlers";
import { CLIENT_USER } from "@/test/fixtures";
// Importing the provider wires the auth store into the api client, as the running app does.
import "./provider";

describe("the app's auth wiring", () => {
  beforeEach(() => server.use(handle(getCurrencies, [])));
  afterEach(() => useAuthStore.getState().logout());

  it("sends the stored type as `role`, the user type as `grant` and the token as a bearer", async () => {
    useAuthStore.getState().setToken("tok-9");
    useAuthStore.getState().setSession({
      user: { ...CLIENT_USER, role: "business" },
      userType: "business-owner",
      type: "business",
    });

    await api.call(getCurrencies, { query: {} });

    expect(requests[0]?.headers.get("role")).toBe("business");
    expect(requests[0]?.headers.get("grant")).toBe("business-owner");
    expect(requests[0]?.headers.get("Authorization")).toBe("Bearer tok-9");
  });

  it("stops sending them after logout", async () => {
    useAuthStore.getState().setToken("tok-9");
    useAuthStore.getState().setSession({ user: null, userType: "client", type: "client" });
    useAuthStore.getState().logout();

    await api.call(getCurrencies, { query: {} });

    expect(["role", "grant", "Authorization"].map((name) => requests[0]?.headers.has(name))).toEqual([
      false,
      false,
      false,
    ]);
  });
});
