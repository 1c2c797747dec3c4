import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect, inject } from "vitest";
import type { z } from "zod";
import { type BuildAppOptions, buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import type { Database, Db } from "../src/db/client";
import { ensureAccount } from "../src/ledger/ledger";
import { SANDBOX_ANCHOR } from "../src/providers/fx/sandbox-feed";
import { openTestDatabase } from "./template-database";

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

/** The configuration tests run with: quiet logs, no SPA unless asked, generous rate limit. */
export function testConfig(overrides: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    WEB_DIST_DIR: "/nonexistent-web-dist",
    RATE_LIMIT_MAX: "10000",
    ...overrides,
  });
}

/** A fresh database for this test file, copied from the run's migrated and seeded template. */
export function openFreshDatabase(options: { poolMax?: number } = {}): Promise<Database> {
  return openTestDatabase(inject("databaseTemplate"), options);
}

/**
 * The exchange-rate clock tests run at: the sandbox feed's anchor, where its rates are exactly the
 * committed ECB table of 25 November 2024, so expected prices can be worked out by hand.
 */
export const FX_TEST_CLOCK = { now: () => SANDBOX_ANCHOR.getTime() };

/** Builds the app on a fresh database; close it in afterAll. */
export async function buildTestApp(
  overrides: Record<string, string> = {},
  options: Pick<BuildAppOptions, "fx" | "authPruning"> = {},
) {
  const database = await openFreshDatabase();
  const app = await buildApp({
    config: testConfig(overrides),
    database,
    fx: options.fx ?? FX_TEST_CLOCK,
    ...(options.authPruning ? { authPruning: options.authPruning } : {}),
  });
  await app.ready();
  return app;
}

/**
 * The app a test file runs against: built on a fresh database before the file's tests and closed
 * after them. It is returned at once, before it is built, so that the file's helpers can close over
 * it as a constant; it stands for the built app and may only be used in hooks and tests.
 */
export function appForThisFile(
  overrides: Record<string, string> = {},
  options: Pick<BuildAppOptions, "fx" | "authPruning"> = {},
): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp(overrides, options);
  });
  afterAll(() => built?.close());
  const current = () => {
    if (!built) throw new Error("The test app is built in beforeAll: use it in a hook or a test.");
    return built;
  };
  // Methods are bound to the built app so that Fastify sees itself as `this`, not the stand-in.
  return new Proxy({} as TestApp, {
    get(_, key) {
      const app = current();
      const value = Reflect.get(app, key, app);
      return typeof value === "function" ? value.bind(app) : value;
    },
    set: (_, key, value) => Reflect.set(current(), key, value),
    has: (_, key) => Reflect.has(current(), key),
  });
}

/** The ledger's clearing account for a payment channel in a currency (opened on first use). */
export const clearingAccount = (db: Db, currencyId: number, channel: string) =>
  ensureAccount(db, { kind: "payment_clearing", currencyId, channel });

/** A 422 whose field errors name exactly these fields, in this order. */
export function expectInvalidFields(response: LightMyRequestResponse, fields: string[]) {
  expect(response.statusCode).toBe(422);
  expect(Object.keys(response.json().errors)).toEqual(fields);
}

/** Posts text as it is under a JSON content type: a malformed body, or a webhook's exact bytes. */
export const postJsonText = (app: TestApp, url: string, text: string) =>
  app.inject({ method: "POST", url, headers: { "content-type": "application/json" }, payload: text });

/** Posts a form the way a browser sends one (urlencoded): the sandbox pages' buttons, the bank's arrivals. */
export const postForm = (app: TestApp, url: string, form: string) =>
  app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: form,
  });

/** The `data` of an answer that must have this status, read with the endpoint's schema. */
export function parsedData<Schema extends z.ZodType>(
  response: LightMyRequestResponse,
  status: number,
  schema: Schema,
): z.output<Schema> {
  expect(response.statusCode, response.body).toBe(status);
  return schema.parse(response.json().data);
}
