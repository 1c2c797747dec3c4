import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { openFreshDatabase, postJsonText, type TestApp, testConfig } from "./helper";

// Proves the API's conventions that every route inherits: the envelopes, the error handler,
// the request headers, the security headers, rate limiting and the OpenAPI document.
let app: TestApp;

beforeAll(async () => {
  app = await buildApp({ config: testConfig(), database: await openFreshDatabase() });
  // A route that fails the way a bug would, with a secret-looking message that must not leak.
  app.get("/api/test/explode", async () => {
    throw new Error("relation users does not exist at /srv/app.ts:42 password=hunter2");
  });
  await app.ready();
});
afterAll(() => app.close());

describe("success envelope", () => {
  it("wraps data as { success, message, data }", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: "Healthy", data: { status: "ok" } });
    expect(body.data.database.reachable).toBe(true);
  });
});

describe("errors", () => {
  it("answers an unknown /api path with a JSON 404", async () => {
    const response = await app.inject({ method: "GET", url: "/api/nonexistent" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.json()).toEqual({ success: false, message: "Not found." });
  });

  it("answers malformed JSON with 400", async () => {
    const response = await postJsonText(app, "/api/health", '{"send_amount": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: "Malformed JSON in request body." });
  });

  it("answers wrong types in the query with 422 and errors by field", async () => {
    const response = await app.inject({ method: "GET", url: "/api/states?country_id=abc" });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      success: false,
      message: "The given data was invalid.",
      errors: { country_id: ["Must be a number."] },
    });
  });

  it("answers a missing required query value with 422", async () => {
    const response = await app.inject({ method: "GET", url: "/api/cities" });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ state_id: ["This field is required."] });
  });

  it("answers an unknown query value with 422 listing the allowed ones", async () => {
    const response = await app.inject({ method: "GET", url: "/api/home/countries?direction=sideways" });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ direction: ["Must be one of: from, to."] });
  });

  it("answers an over-long string with 422", async () => {
    const response = await app.inject({ method: "GET", url: `/api/countries?search=${"a".repeat(101)}` });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ search: ["Must be at most 100 characters."] });
  });

  it("hides the details of a 5xx and keeps the request id", async () => {
    const response = await app.inject({ method: "GET", url: "/api/test/explode" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, message: "Unexpected error, try again." });
    expect(response.body).not.toMatch(/relation|hunter2|app\.ts/);
    expect(response.headers["x-request-id"]).toBeTruthy();
  });

  it.each([
    ["answers in Spanish when the language header asks for it", "es", "No encontrado."],
    ["falls back to English for an unknown language", "fr", "Not found."],
  ])("%s", async (_, language, message) => {
    const response = await app.inject({ method: "GET", url: "/api/nonexistent", headers: { language } });
    expect(response.json().message).toBe(message);
  });
});

describe("request headers", () => {
  it("accepts the headers the SPA sends", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/api/health",
      headers: {
        language: "en",
        client: "WEB",
        role: "client",
        grant: "client",
        authorization: "Bearer abc.def-ghi",
      },
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ["role", "admin", "The role header must be one of client, agent, business."],
    ["client", "NOKIA", "The client header must be one of WEB, ANDROID, IOS, API."],
    ["authorization", "Basic dXNlcjpwYXNz", "The Authorization header must be 'Bearer <token>'."],
    ["authorization", "Bearer ", "The Authorization header must be 'Bearer <token>'."],
    ["grant", "x".repeat(65), "The grant header must be 1 to 64 letters, digits, '_', '.', ':' or '-'."],
    ["language", "x".repeat(17), "The language header must be at most 16 characters."],
  ])("refuses a malformed %s header with 400", async (name, value, message) => {
    const response = await app.inject({ method: "GET", url: "/api/health", headers: { [name]: value } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: "Invalid request headers.",
      errors: { [name]: [message] },
    });
  });

  it("keeps a well-formed caller request id and makes one otherwise", async () => {
    const given = await app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "req-12345678" },
    });
    expect(given.headers["x-request-id"]).toBe("req-12345678");
    const made = await app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "<script>" },
    });
    expect(made.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("security headers", () => {
  it("sends a CSP and the usual hardening headers", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("sends the same headers on every answer, a refusal included, and no HSTS outside production", async () => {
    const expected = await app.inject({ method: "GET", url: "/api/health" });
    const names = [
      "content-security-policy",
      "cross-origin-opener-policy",
      "cross-origin-resource-policy",
      "origin-agent-cluster",
      "referrer-policy",
      "x-content-type-options",
      "x-dns-prefetch-control",
      "x-download-options",
      "x-frame-options",
      "x-permitted-cross-domain-policies",
      "x-xss-protection",
    ];
    for (const url of ["/api/ping", "/api/home/send-money/calculator?send_amount=x", "/api/nowhere"]) {
      const response = await app.inject({ method: "GET", url });
      for (const name of names) expect(response.headers[name], `${url} ${name}`).toBe(expected.headers[name]);
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    }
    expect(expected.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(expected.headers["cross-origin-resource-policy"]).toBe("same-origin");
  });
});

describe("OpenAPI document", () => {
  it("lists every /api route and serves the browsable docs", async () => {
    const document = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const documented = Object.keys(document.paths);
    const expected = [
      "/api/health",
      "/api/countries",
      "/api/home/countries",
      "/api/consignments/countries",
      "/api/reload-phones/countries",
      "/api/gift-cards/countries",
      "/api/prepaid-pay-bills/countries",
      "/api/wallets/countries",
      "/api/currencies",
      "/api/states",
      "/api/cities",
      "/api/localities",
      "/api/prefixes",
      "/api/authentication/login",
      "/api/authentication/me",
      "/api/authentication/logout",
      "/api/authentication/refresh-token",
      "/api/onboarding/client/register",
      "/api/agents/onboarding/register",
      "/api/onboarding/business/register",
      "/api/onboarding/business/types",
      "/api/onboarding/{type}/email/verify-email",
      "/api/onboarding/{type}/phone/get-code",
      "/api/examine-rules",
      "/api/{service}/examine-rules",
      "/api/authentication/tfa/send-code",
      "/api/authentication/tfa/verify-code-and-login",
      "/api/tfacodes/resend",
      "/api/smscodes/auth/validation",
      "/api/authentication/forgot-password/masking",
      "/api/authentication/forgot-password/send-code",
      "/api/authentication/forgot-password/validate-code",
      "/api/authentication/forgot-password/reset-password",
      "/api/home/send-money/calculator",
      "/api/calculator",
      "/api/send_money/calculator",
      "/api/consignments/calculator",
      "/api/limits",
      "/api/shipping-methods",
      "/api/consignments/quotation",
      "/api/quotations",
      "/api/quotations/{id}",
      "/api/wallets/convert-money/quotation/create",
      "/api/wallets/deposit-money/quotation/create",
      "/api/{service}/quotation/{id}/apply-promo-code",
      "/api/promo_code",
    ];
    for (const path of expected) expect(documented).toContain(path);
    const countries = document.paths["/api/countries"].get;
    expect(countries.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(["search", "service", "direction", "language", "client", "role", "grant"]),
    );
    const page = await app.inject({ method: "GET", url: "/api/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
  });
});

describe("rate limiting", () => {
  it("answers 429 in the error shape once the limit is spent", async () => {
    const limited = await buildApp({
      config: testConfig({ RATE_LIMIT_MAX: "3" }),
      database: await openFreshDatabase(),
    });
    try {
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        statuses.push((await limited.inject({ method: "GET", url: "/api/currencies" })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await limited.inject({ method: "GET", url: "/api/currencies" });
      expect(refused.json()).toEqual({ success: false, message: "Too many requests, try again later." });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
