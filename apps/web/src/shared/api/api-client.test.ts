import type { AuthSession } from "@vela/shared/auth";
import * as auth from "@vela/shared/contract/auth";
import * as recipients from "@vela/shared/contract/recipients";
import * as reference from "@vela/shared/contract/reference";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { changeLanguage } from "@/shared/i18n/i18n";
import { ok, stubApi } from "@/test/fetch-stub";
import { sessionFor } from "@/test/fixtures";
import { api, ContractError, readRetryAfter, renewSessionAhead } from "./api-client";
import { ApiError } from "./api-error";
import { type AuthSnapshot, registerAuthSource, registerSessionHandlers } from "./auth-source";

const signedOut = () => ({ token: null, type: null, userType: null });

describe("api.call", () => {
  beforeEach(() => registerAuthSource(signedOut));

  it("fills the path's parameters, sends the query and answers the envelope's data", async () => {
    const { fetchStub, requests } = stubApi({
      "/api/states?country_id=4": ok([{ id: 1, name: "Jalisco", country_id: 4, code: "JAL" }]),
    });
    vi.stubGlobal("fetch", fetchStub);

    const states = await api.call(reference.getStates, { query: { country_id: 4 } });

    expect(states).toEqual([{ id: 1, name: "Jalisco", country_id: 4, code: "JAL" }]);
    expect(requests[0]?.method).toBe("GET");
  });

  it("refuses, in tests, an answer outside the endpoint's response schema, naming the endpoint", async () => {
    const { fetchStub, requests } = stubApi({ "/api/recipients/7": ok({ id: 7 }) });
    vi.stubGlobal("fetch", fetchStub);

    const call = api.call(recipients.getRecipient, { params: { id: 7 } });

    await expect(call).rejects.toBeInstanceOf(ContractError);
    await expect(call).rejects.toThrow(/^GET \/recipients\/\{id\} answered outside its contract: /);
    expect(requests[0]?.url).toBe("/api/recipients/7");
  });

  it("sends a JSON body on a POST and answers the server's message with exchangeCall", async () => {
    const body = { reset_token: "reset-1", password: "N3w-password!" };
    const { fetchStub, requests } = stubApi({
      "/api/authentication/forgot-password/reset-password": ok(null, "Your password was changed."),
    });
    vi.stubGlobal("fetch", fetchStub);

    const answer = await api.exchangeCall(auth.resetPassword, { body }, { anonymous: true });

    expect(answer).toEqual({ data: null, message: "Your password was changed." });
    expect(requests[0]?.method).toBe("POST");
    expect(requests[0]?.body).toEqual(body);
    expect(requests[0]?.headers.get("Content-Type")).toBe("application/json");
  });
});

describe("api client", () => {
  beforeEach(() => registerAuthSource(signedOut));
  afterEach(async () => {
    registerAuthSource(signedOut);
    await changeLanguage("en");
  });

  it("sends the spec's fixed headers and unwraps the envelope's data", async () => {
    const { fetchStub, requests } = stubApi({ "/api/currencies": ok([{ id: 1, iso: "USD" }]) });
    vi.stubGlobal("fetch", fetchStub);

    const data = await api.get<{ id: number; iso: string }[]>("currencies");

    expect(data).toEqual([{ id: 1, iso: "USD" }]);
    const [request] = requests;
    expect(request?.url).toBe("/api/currencies");
    expect(request?.method).toBe("GET");
    expect(request?.headers.get("client")).toBe("WEB");
    expect(request?.headers.get("language")).toBe("en");
    // Signed out: no role, grant or token.
    expect(request?.headers.has("role")).toBe(false);
    expect(request?.headers.has("grant")).toBe(false);
    expect(request?.headers.has("Authorization")).toBe(false);
  });

  it("sends the current language, so Spanish pages get Spanish answers", async () => {
    const { fetchStub, requests } = stubApi({ "/api/currencies": ok([]) });
    vi.stubGlobal("fetch", fetchStub);
    await changeLanguage("es");

    await api.get("currencies");

    expect(requests[0]?.headers.get("language")).toBe("es");
  });

  it("adds role, grant and the bearer token from the stored session", async () => {
    registerAuthSource(() => ({ token: "tok-123", type: "agent", userType: "agent-admin" }));
    const { fetchStub, requests } = stubApi({ "/api/profile": ok({ id: 7 }) });
    vi.stubGlobal("fetch", fetchStub);

    await api.get("/profile");

    const headers = requests[0]?.headers;
    expect(headers?.get("role")).toBe("agent");
    expect(headers?.get("grant")).toBe("agent-admin");
    expect(headers?.get("Authorization")).toBe("Bearer tok-123");
  });

  it("sends no role or grant when the stored auth type is empty, even with a user type", async () => {
    registerAuthSource(() => ({ token: "tok", type: null, userType: "client" }));
    const { fetchStub, requests } = stubApi({ "/api/profile": ok({}) });
    vi.stubGlobal("fetch", fetchStub);

    await api.get("profile");

    expect(requests[0]?.headers.has("role")).toBe(false);
    expect(requests[0]?.headers.has("grant")).toBe(false);
    expect(requests[0]?.headers.get("Authorization")).toBe("Bearer tok");
  });

  it("encodes the query and leaves out empty values", async () => {
    const { fetchStub, requests } = stubApi({ "/api/recipients": ok([]) });
    vi.stubGlobal("fetch", fetchStub);

    await api.get("recipients", {
      email: "a b@x.io",
      type: "",
      page: 2,
      quotation_id: undefined,
      ids: [1, 2],
    });

    expect(requests[0]?.url).toBe("/api/recipients?email=a+b%40x.io&page=2&ids=1&ids=2");
  });

  it("posts, puts and patches JSON bodies and deletes without one", async () => {
    const { fetchStub, requests } = stubApi({
      "/api/recipients": ok({ id: 1 }),
      "/api/recipients/1": ok(null),
    });
    vi.stubGlobal("fetch", fetchStub);

    await api.post("recipients", { name: "Ana" }, { quotation_id: 9 });
    await api.put("recipients/1", { name: "Ana" });
    await api.patch("recipients/1", { active: false });
    await api.del("recipients/1");

    expect(requests.map((request) => request.method)).toEqual(["POST", "PUT", "PATCH", "DELETE"]);
    expect(requests[0]?.url).toBe("/api/recipients?quotation_id=9");
    expect(requests[0]?.body).toEqual({ name: "Ana" });
    expect(requests[0]?.headers.get("Content-Type")).toBe("application/json");
    expect(requests[3]?.body).toBeUndefined();
  });

  it("turns a validation failure into an ApiError with status, message and errors", async () => {
    const { fetchStub } = stubApi({
      "/api/recipients": {
        status: 422,
        body: { success: false, message: "The data is invalid.", errors: { email: ["Is required."] } },
      },
    });
    vi.stubGlobal("fetch", fetchStub);

    const error = await api.post("recipients", {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      serverMessage: "The data is invalid.",
      errors: { email: ["Is required."] },
    });
  });

  it("treats a 200 answer with success false as a failure", async () => {
    const { fetchStub } = stubApi({ "/api/thing": { body: { success: false, message: "Nope" } } });
    vi.stubGlobal("fetch", fetchStub);

    await expect(api.get("thing")).rejects.toMatchObject({
      status: 200,
      serverMessage: "Nope",
      errors: null,
    });
  });

  it("reports a network failure as status 0 with no server message", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });

    await expect(api.get("currencies")).rejects.toMatchObject({
      status: 0,
      serverMessage: null,
      errors: null,
    });
  });

  it("reports a non-JSON answer (an HTML error page) without inventing a message", async () => {
    vi.stubGlobal("fetch", async () => new Response("<html>Bad gateway</html>", { status: 502 }));

    await expect(api.get("currencies")).rejects.toMatchObject({ status: 502, serverMessage: null });
  });

  it("runs several requests in parallel and keeps their order", async () => {
    const { fetchStub } = stubApi({ "/api/a": ok("first"), "/api/b": ok("second") });
    vi.stubGlobal("fetch", fetchStub);

    const [a, b] = await api.all([api.get<string>("a"), api.get<string>("b")]);

    expect([a, b]).toEqual(["first", "second"]);
  });

  it("rejects the whole multi-request when one of them fails", async () => {
    const { fetchStub } = stubApi({ "/api/a": ok("first") });
    vi.stubGlobal("fetch", fetchStub);

    await expect(api.all([api.get("a"), api.get("missing")])).rejects.toMatchObject({ status: 404 });
  });
});

type Seen = { url: string; method: string; authorization: string | null; role: string | null; body: unknown };

/**
 * A tiny API: `/api/refresh` rotates the token pair; every other path answers 200 to the current
 * access token and 401 to any other. It records what each request carried.
 */
const sessionServer = (options: { refusesRefresh?: boolean; refreshFails?: "network" } = {}) => {
  let generation = 0;
  let validRefresh = "refresh-0";
  const seen: Seen[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const url = String(input);
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    seen.push({
      url,
      method: init.method ?? "GET",
      authorization: headers.get("Authorization"),
      role: headers.get("role"),
      body,
    });
    if (url === "/api/authentication/refresh-token") {
      if (options.refreshFails === "network") throw new TypeError("Failed to fetch");
      if (options.refusesRefresh || body?.refresh_token !== validRefresh) {
        return Response.json({ success: false, message: "The session has ended." }, { status: 401 });
      }
      generation += 1;
      validRefresh = `refresh-${generation}`;
      const session: AuthSession = sessionFor(undefined, {
        token: `access-${generation}`,
        refresh_token: validRefresh,
      });
      return Response.json({ success: true, message: null, data: session });
    }
    if (headers.get("Authorization") !== `Bearer access-${generation}`) {
      return Response.json({ success: false, message: "Unauthenticated." }, { status: 401 });
    }
    return Response.json({ success: true, message: null, data: url });
  });
  return { fetchStub, seen, expire: () => (generation += 100) };
};

describe("api client session renewal", () => {
  let auth: AuthSnapshot;
  const storeSession = vi.fn((session: AuthSession) => {
    auth = { ...auth, token: session.token, refreshToken: session.refresh_token };
  });
  const expireSession = vi.fn(() => {
    auth = { ...auth, refreshToken: null };
  });
  const syncSession = vi.fn();

  beforeEach(() => {
    // The stored token is already out of date: the server is one generation ahead.
    auth = { token: "access-stale", type: "client", userType: "client", refreshToken: "refresh-0" };
    registerAuthSource(() => auth);
    registerSessionHandlers({ storeSession, expireSession, syncSession });
  });
  afterEach(() => {
    registerAuthSource(() => ({ token: null, type: null, userType: null }));
    registerSessionHandlers({});
    vi.clearAllMocks();
    syncSession.mockReset();
  });

  it("renews the session once on a 401 and sends the request again with the new token", async () => {
    const server = sessionServer();
    vi.stubGlobal("fetch", server.fetchStub);

    const data = await api.get<string>("profile");

    expect(data).toBe("/api/profile");
    expect(server.seen.map((request) => [request.url, request.authorization])).toEqual([
      ["/api/profile", "Bearer access-stale"],
      // The renewal speaks for nobody: no expired bearer, no role to mismatch.
      ["/api/authentication/refresh-token", null],
      ["/api/profile", "Bearer access-1"],
    ]);
    expect(server.seen[1]?.body).toEqual({ refresh_token: "refresh-0" });
    expect(storeSession).toHaveBeenCalledTimes(1);
    expect(auth.refreshToken).toBe("refresh-1");
  });

  it("shares one renewal between requests refused together (single flight), so no refresh token is used twice", async () => {
    const server = sessionServer();
    vi.stubGlobal("fetch", server.fetchStub);

    const answers = await Promise.all([api.get("a"), api.get("b"), api.post("c", { x: 1 }), api.get("d")]);

    expect(answers).toEqual(["/api/a", "/api/b", "/api/c", "/api/d"]);
    const renewals = server.seen.filter((request) => request.url.endsWith("/refresh-token"));
    expect(renewals).toHaveLength(1);
    const retries = server.seen.filter((request) => request.authorization === "Bearer access-1");
    expect(retries.map((request) => request.url).sort()).toEqual(["/api/a", "/api/b", "/api/c", "/api/d"]);
    expect(retries.find((request) => request.url === "/api/c")?.body).toEqual({ x: 1 });
  });

  it("renews again later with the rotated refresh token, never the spent one", async () => {
    const server = sessionServer();
    vi.stubGlobal("fetch", server.fetchStub);
    await api.get("a");
    // The access token runs out again; the server rotated the refresh token last time.
    server.expire();
    auth = { ...auth, token: "access-old-again" };

    await expect(api.get("b")).resolves.toBe("/api/b");

    const renewals = server.seen.filter((request) => request.url.endsWith("/refresh-token"));
    expect(renewals.map((request) => request.body)).toEqual([
      { refresh_token: "refresh-0" },
      { refresh_token: "refresh-1" },
    ]);
  });

  it("retries without renewing when the token was already replaced while the request was out", async () => {
    const server = sessionServer();
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = await server.fetchStub(input, init);
      // Another request (or tab) renewed while this one was on its way.
      if (String(input) === "/api/slow") auth = { ...auth, token: "access-0" };
      return answer;
    });

    await expect(api.get("slow")).resolves.toBe("/api/slow");

    expect(server.seen.some((request) => request.url.endsWith("/refresh-token"))).toBe(false);
    expect(server.seen.map((request) => request.authorization)).toEqual([
      "Bearer access-stale",
      "Bearer access-0",
    ]);
  });

  it("reads the session other tabs share before renewing, and uses a token renewed there", async () => {
    const server = sessionServer();
    vi.stubGlobal("fetch", server.fetchStub);
    syncSession.mockImplementation(() => {
      auth = { ...auth, token: "access-0", refreshToken: "refresh-0" };
    });

    await expect(api.get("profile")).resolves.toBe("/api/profile");

    expect(syncSession).toHaveBeenCalledTimes(1);
    expect(server.seen.some((request) => request.url.endsWith("/refresh-token"))).toBe(false);
  });

  it("opens the session-expired modal once when the renewal is refused, and fails the requests quietly", async () => {
    const server = sessionServer({ refusesRefresh: true });
    vi.stubGlobal("fetch", server.fetchStub);

    const failures = await Promise.all([
      api.get("a").catch((e: unknown) => e),
      api.get("b").catch((e: unknown) => e),
    ]);

    expect(expireSession).toHaveBeenCalledTimes(1);
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({ status: 401, isSessionExpired: true });
    }
    expect(server.seen.filter((request) => request.url.endsWith("/refresh-token"))).toHaveLength(1);
  });

  it("sends a request refused for an ended session again once the same person signs in again", async () => {
    // Issue 7, point 18: the server refused the request before running it, so sending it again
    // after the session-expired modal's login does the work once, with the new session.
    const server = sessionServer({ refusesRefresh: true });
    vi.stubGlobal("fetch", server.fetchStub);
    const waitForSignIn = vi.fn(async () => {
      auth = { ...auth, token: "access-0", refreshToken: "refresh-0" };
      return true;
    });
    registerSessionHandlers({ storeSession, expireSession, syncSession, waitForSignIn });

    await expect(api.put("profile", { city: "Puebla" })).resolves.toBe("/api/profile");

    expect(expireSession).toHaveBeenCalledTimes(1);
    expect(waitForSignIn).toHaveBeenCalledTimes(1);
    const puts = server.seen.filter((request) => request.url === "/api/profile");
    expect(puts.map((request) => [request.authorization, request.body])).toEqual([
      ["Bearer access-stale", { city: "Puebla" }],
      ["Bearer access-0", { city: "Puebla" }],
    ]);
  });

  it("fails quietly, without sending again, when the modal closes without the same person signing in", async () => {
    const server = sessionServer({ refusesRefresh: true });
    vi.stubGlobal("fetch", server.fetchStub);
    registerSessionHandlers({ storeSession, expireSession, syncSession, waitForSignIn: async () => false });

    await expect(api.put("profile", { city: "Puebla" })).rejects.toMatchObject({
      status: 401,
      isSessionExpired: true,
    });
    expect(server.seen.filter((request) => request.url === "/api/profile")).toHaveLength(1);
  });

  it("renews ahead of expiry once for the tab, and not at all when another tab already has", async () => {
    const server = sessionServer();
    vi.stubGlobal("fetch", server.fetchStub);
    auth = { ...auth, token: "access-0" };

    const outcomes = await Promise.all([renewSessionAhead("access-0"), renewSessionAhead("access-0")]);
    expect(outcomes).toEqual(["renewed", "renewed"]);
    expect(server.seen.map((request) => request.url)).toEqual(["/api/authentication/refresh-token"]);
    expect(auth.token).toBe("access-1");

    // The token this tab meant to renew was already replaced (by another tab): nothing is sent.
    await expect(renewSessionAhead("access-0")).resolves.toBe("renewed");
    expect(server.seen).toHaveLength(1);
  });

  it("leaves a refused renewal ahead of expiry to the next request, which opens the modal", async () => {
    const server = sessionServer({ refusesRefresh: true });
    vi.stubGlobal("fetch", server.fetchStub);

    await expect(renewSessionAhead("access-stale")).resolves.toBe("expired");
    expect(expireSession).not.toHaveBeenCalled();

    await expect(api.get("a")).rejects.toMatchObject({ isSessionExpired: true });
    expect(expireSession).toHaveBeenCalledTimes(1);
  });

  it("keeps the session when the renewal cannot reach the server", async () => {
    const server = sessionServer({ refreshFails: "network" });
    vi.stubGlobal("fetch", server.fetchStub);

    await expect(api.get("a")).rejects.toMatchObject({ status: 0, isSessionExpired: false });

    expect(expireSession).not.toHaveBeenCalled();
    expect(auth.refreshToken).toBe("refresh-0");
  });

  it("expires at once when there is no refresh token to renew with", async () => {
    auth = { ...auth, refreshToken: null };
    const server = sessionServer();
    vi.stubGlobal("fetch", server.fetchStub);

    await expect(api.get("a")).rejects.toMatchObject({ isSessionExpired: true });

    expect(expireSession).toHaveBeenCalledTimes(1);
    expect(server.seen).toHaveLength(1);
  });

  it("never renews for anonymous calls (log in, recovery): their 401 is the answer", async () => {
    const server = sessionServer();
    vi.stubGlobal("fetch", server.fetchStub);

    await expect(
      api.request("POST", "authentication/login", {
        body: { email: "a@b.co", password: "x" },
        anonymous: true,
      }),
    ).rejects.toMatchObject({ status: 401, isSessionExpired: false });

    expect(server.seen).toHaveLength(1);
    expect(server.seen[0]).toMatchObject({ authorization: null, role: null });
  });
});

describe("api client details", () => {
  beforeEach(() => registerAuthSource(signedOut));

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-03-01T12:00:00Z");
    expect(readRetryAfter("120", now)).toBe(120);
    expect(readRetryAfter("Sun, 01 Mar 2026 12:00:30 GMT", now)).toBe(30);
    expect(readRetryAfter("soon", now)).toBeNull();
    expect(readRetryAfter(null, now)).toBeNull();
  });

  it("gives a 429's Retry-After to the caller", async () => {
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(
          JSON.stringify({ success: false, message: "Too many attempts. Try again in 5 minutes." }),
          {
            status: 429,
            headers: { "Retry-After": "300" },
          },
        ),
    );

    await expect(api.post("authentication/login", {})).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 300,
      serverMessage: "Too many attempts. Try again in 5 minutes.",
    });
  });

  it("sends FormData as multipart, letting the browser set the boundary", async () => {
    const fetchStub = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      Response.json({ success: true, message: null, data: { avatar_url: "/a.png" } }),
    );
    vi.stubGlobal("fetch", fetchStub);
    const form = new FormData();
    form.append("avatar", new Blob(["png"], { type: "image/png" }), "a.png");

    await api.request("POST", "my-account/avatar", { body: form });

    const init = fetchStub.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has("Content-Type")).toBe(false);
  });
});
