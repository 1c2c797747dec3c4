import { inject } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import type { Database } from "../src/db/client";
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
export function openFreshDatabase(): Promise<Database> {
  return openTestDatabase(inject("databaseTemplate"));
}

/** Builds the app on a fresh database; close it in afterAll. */
export async function buildTestApp(overrides: Record<string, string> = {}) {
  const database = await openFreshDatabase();
  const app = await buildApp({ config: testConfig(overrides), database });
  await app.ready();
  return app;
}
