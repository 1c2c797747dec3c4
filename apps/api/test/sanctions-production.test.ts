import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { sanctionsListVersions } from "../src/db/schema/index";
import { FX_TEST_CLOCK, openFreshDatabase, type TestApp, testConfig } from "./helper";

// Production screens only a list someone imported: the fictional development list is never loaded
// there, and the development review route does not exist (sanctions-screening.test.ts covers the rest).
describe("sanctions screening in production", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildApp({
      config: testConfig({
        NODE_ENV: "production",
        APP_SECRET: "x".repeat(40),
        SMTP_URL: "smtp://127.0.0.1:2525",
        SMS_WEBHOOK_URL: "http://127.0.0.1:9/sms",
        SANDBOX_SWEEP_SECONDS: "0",
        SANDBOX_WEBHOOK_SECRET: "a-staging-webhook-secret",
        ALLOW_SANDBOX_PROVIDERS: "true",
      }),
      database: await openFreshDatabase(),
      fx: FX_TEST_CLOCK,
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it("does not load the development list into an empty one", async () => {
    expect(await app.db.select().from(sanctionsListVersions)).toEqual([]);
  });

  it("has no development review route", async () => {
    const list = await app.inject({ method: "GET", url: "/api/dev/screening-hits" });
    expect(list.statusCode).toBe(404);
    const decide = await app.inject({ method: "POST", url: "/api/dev/screening-hits/1/clear", payload: {} });
    expect(decide.statusCode).toBe(404);
  });
});
