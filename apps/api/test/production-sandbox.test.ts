import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { type Config, loadConfig } from "../src/config";
import { buildTestApp, FX_TEST_CLOCK, openFreshDatabase, type TestApp, testConfig } from "./helper";
import { SANDBOX_PROVIDER_VARIABLES } from "./sandbox-providers";

// Proves the production rule for sandboxes at the app's level (config.test.ts proves the refusal
// to start): a staging server that opted in with ALLOW_SANDBOX_PROVIDERS serves the sandboxes' pages,
// says so once in its log and tells the SPA to show its banner; a production app without the opt-in
// has no /api/sandbox or /api/dev route at all (404 in the envelope) and documents none; development
// and test keep both and show no banner. e2e/journeys/production-start.test.ts starts the real build.

const PRODUCTION = {
  NODE_ENV: "production",
  APP_SECRET: "x".repeat(40),
  SMTP_URL: "smtp://127.0.0.1:2525",
  SMS_WEBHOOK_URL: "http://127.0.0.1:9/sms",
  SANDBOX_SWEEP_SECONDS: "0",
  SANDBOX_WEBHOOK_SECRET: "a-staging-webhook-secret",
};

const SANDBOX_PATHS = [
  { method: "POST", url: "/api/sandbox/cards/tokens" },
  { method: "GET", url: "/api/sandbox/cards/3ds/1" },
  { method: "GET", url: "/api/sandbox/banks/arrivals" },
  { method: "POST", url: "/api/sandbox/banks/arrivals" },
  { method: "GET", url: "/api/sandbox/gateways/paypal/gs_0123456789abcdef" },
  { method: "POST", url: "/api/sandbox/gateways/paypal/gs_0123456789abcdef" },
  { method: "GET", url: `/api/sandbox/verification/sdk/sbx_act_${"a".repeat(43)}` },
  { method: "POST", url: `/api/sandbox/verification/sdk/sbx_act_${"a".repeat(43)}/personal` },
  { method: "GET", url: "/api/sandbox/anything/else" },
] as const;

const CARD = { number: "4242424242424242", exp_month: 12, exp_year: 2040, cvc: "123", name: "Ana García" };

async function buildProductionApp(config: Config, lines: string[] = []) {
  const app = await buildApp({
    config,
    database: await openFreshDatabase(),
    fx: FX_TEST_CLOCK,
    logStream: { write: (line) => void lines.push(line) },
  });
  await app.ready();
  return app;
}

describe("a staging server (production with ALLOW_SANDBOX_PROVIDERS=true)", () => {
  let staging: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    staging = await buildProductionApp(
      testConfig({ ...PRODUCTION, LOG_LEVEL: "warn", ALLOW_SANDBOX_PROVIDERS: "true" }),
      lines,
    );
  });
  afterAll(() => staging.close());

  it("logs one warning naming every sandbox in use", () => {
    const warnings = lines
      .map((line) => JSON.parse(line))
      .filter((line) => /ALLOW_SANDBOX_PROVIDERS/.test(line.msg));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      level: 40,
      msg: "ALLOW_SANDBOX_PROVIDERS: sandbox providers serve this production server; no real money moves",
      providers: SANDBOX_PROVIDER_VARIABLES,
    });
    expect(staging.providers.cards.name).toBe("sandbox-cards");
  });

  it("tells the SPA to show the sandbox banner", async () => {
    const response = await staging.inject({ method: "GET", url: "/api/app-info" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: null, data: { sandbox: true } });
  });

  it("serves the sandboxes' pages, but never the development outbox", async () => {
    const token = await staging.inject({ method: "POST", url: "/api/sandbox/cards/tokens", payload: CARD });
    expect(token.statusCode).toBe(200);
    expect(token.json().data.last4).toBe("4242");
    expect((await staging.inject({ method: "GET", url: "/api/sandbox/banks/arrivals" })).statusCode).toBe(
      200,
    );

    const outbox = await staging.inject({ method: "GET", url: "/api/dev/outbox" });
    expect(outbox.statusCode).toBe(404);
    expect(outbox.json()).toEqual({ success: false, message: "Not found." });
  });
});

describe("production without the opt-in", () => {
  let production: TestApp;
  beforeAll(async () => {
    // loadConfig refuses this environment while providers are sandboxes (config.test.ts); the app
    // is built from the opted-in configuration with the opt-in taken back, as a production server
    // whose providers are all real would be.
    const config = { ...testConfig({ ...PRODUCTION, ALLOW_SANDBOX_PROVIDERS: "true" }) };
    config.ALLOW_SANDBOX_PROVIDERS = false;
    production = await buildProductionApp(config);
  });
  afterAll(() => production.close());

  it("has no /api/sandbox route: every such path answers 404 in the envelope", async () => {
    for (const { method, url } of SANDBOX_PATHS) {
      const response = await production.inject({
        method,
        url,
        ...(method === "POST" ? { payload: url.endsWith("tokens") ? CARD : { outcome: "approve" } } : {}),
      });
      expect({ url, method, status: response.statusCode }).toEqual({ url, method, status: 404 });
      expect(response.json()).toEqual({ success: false, message: "Not found." });
    }
  });

  it("has no /api/dev route", async () => {
    const response = await production.inject({ method: "GET", url: "/api/dev/outbox" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: "Not found." });
  });

  it("documents neither in the OpenAPI document", async () => {
    const document = (await production.inject({ method: "GET", url: "/api/docs/json" })).json();
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((path) => /^\/api\/(sandbox|dev)(\/|$)/.test(path))).toEqual([]);
  });
});

describe("development and test", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ SANDBOX_SWEEP_SECONDS: "0" });
  });
  afterAll(() => app.close());

  it("serve the sandboxes and the outbox without the opt-in, and show no banner", async () => {
    expect(loadConfig({}).ALLOW_SANDBOX_PROVIDERS).toBe(false);
    const token = await app.inject({ method: "POST", url: "/api/sandbox/cards/tokens", payload: CARD });
    expect(token.statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/dev/outbox" })).statusCode).toBe(200);
    const info = await app.inject({ method: "GET", url: "/api/app-info" });
    expect(info.json().data).toEqual({ sandbox: false });
  });
});
