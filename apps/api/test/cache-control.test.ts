import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, clientBody, postClientRegistration, registerClient } from "./auth-support";
import { buildTestApp, type TestApp } from "./helper";
import { historyKit } from "./history-support";

// Answers that carry a token or someone's data are never stored by a browser or a shared cache
// (RFC 6749 §5.1): the auth routes' answers and every answer to a request with a session, errors
// included. Public reference data keeps the caching its routes declare.

let app: TestApp;
let token: string;
let email: string;
let password: string;
let orderId: number;

beforeAll(async () => {
  app = await buildTestApp();
  const { body, session } = await registerClient(app);
  ({ email, password } = body);
  token = session.token;
  const kit = await historyKit(app);
  orderId = (await kit.insertOrder(session.user.id)).id;
});

afterAll(async () => {
  await app?.close();
});

const expectNoStore = (response: { statusCode: number; headers: Record<string, unknown>; body: string }) =>
  expect(response.headers["cache-control"], `${response.statusCode} ${response.body.slice(0, 200)}`).toBe(
    "no-store",
  );

describe("Cache-Control: no-store", () => {
  it("is on the sign-in, sign-up, refresh and session answers", async () => {
    const registered = await postClientRegistration(app, await clientBody(app));
    expect(registered.statusCode).toBe(201);
    expectNoStore(registered);

    const login = await app.inject({
      method: "POST",
      url: "/api/authentication/login",
      payload: { email, password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.token).toBeTruthy();
    expectNoStore(login);

    // The login's own session is renewed: the registration's token stays good for the other tests.
    const refreshed = await app.inject({
      method: "POST",
      url: "/api/authentication/refresh-token",
      payload: { refresh_token: login.json().data.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
    expectNoStore(refreshed);

    const me = await app.inject({ method: "GET", url: "/api/authentication/me", headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expectNoStore(me);
  });

  it("is on the auth routes' refusals, signed in or not", async () => {
    const wrongPassword = await app.inject({
      method: "POST",
      url: "/api/authentication/login",
      payload: { email, password: "Not-The-Password-1" },
    });
    expect(wrongPassword.statusCode).toBeGreaterThanOrEqual(400);
    expectNoStore(wrongPassword);
    const badRefresh = await app.inject({
      method: "POST",
      url: "/api/authentication/refresh-token",
      payload: { refresh_token: "vrt_nothing" },
    });
    expect(badRefresh.statusCode).toBeGreaterThanOrEqual(400);
    expectNoStore(badRefresh);
  });

  it("is on every answer to a signed-in request: wallets, an order, profile, settings, errors", async () => {
    for (const url of [
      "/api/wallets/u-wallets",
      `/api/orders/${orderId}/details`,
      "/api/orders",
      "/api/profile",
      "/api/settings/security",
    ]) {
      const response = await app.inject({ method: "GET", url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(200);
      expectNoStore(response);
    }
    const missing = await app.inject({
      method: "GET",
      url: "/api/orders/999999/details",
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
    expectNoStore(missing);
    const invalid = await app.inject({
      method: "POST",
      url: "/api/wallets/new-wallet",
      headers: bearer(token),
      payload: { currency_id: "not a number" },
    });
    expect(invalid.statusCode).toBe(422);
    expectNoStore(invalid);
    const expired = await app.inject({
      method: "GET",
      url: "/api/profile",
      headers: bearer("not-a-real-token"),
    });
    expect(expired.statusCode).toBe(401);
    expectNoStore(expired);
  });

  it("leaves public reference data cacheable, signed in or not", async () => {
    for (const headers of [{}, bearer(token)]) {
      const countries = await app.inject({ method: "GET", url: "/api/countries", headers });
      expect(countries.statusCode).toBe(200);
      expect(countries.headers["cache-control"]).toMatch(/^public, max-age=3600/);
      const currencies = await app.inject({ method: "GET", url: "/api/currencies", headers });
      expect(currencies.headers["cache-control"]).toMatch(/^public, max-age=3600/);
    }
    const flag = await app.inject({ method: "GET", url: "/api/flags/US.svg" });
    expect(flag.statusCode).toBe(200);
    expect(flag.headers["cache-control"]).toMatch(/public/);
  });
});
