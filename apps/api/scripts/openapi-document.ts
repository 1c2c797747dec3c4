// Writes the OpenAPI document the app serves at /api/docs/json to a file (the first argument), so
// `npm test` can lint it with Spectral (`npm run lint:openapi`). The app is built in-process on a
// throwaway in-memory PGlite, migrated but not seeded: the document comes from the route schemas.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { openDatabase } from "../src/db/client";
import { runMigrations } from "../src/db/migrate";

const output = process.argv[2];
if (!output) {
  console.error("Usage: tsx scripts/openapi-document.ts <output.json>");
  process.exit(2);
}

// NODE_ENV=test keeps the development-only routes registered, so the document's filter is what
// keeps them out (the lint then proves the filter, whatever the environment).
const config = loadConfig({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  PGLITE_DATA_DIR: "memory://",
  WEB_DIST_DIR: "/nonexistent-web-dist",
  SANDBOX_SWEEP_SECONDS: "0",
});
const database = await openDatabase({ pgliteDataDir: "memory://" });
await runMigrations(database);
const app = await buildApp({ config, database });
try {
  await app.ready();
  const response = await app.inject({ method: "GET", url: "/api/docs/json" });
  if (response.statusCode !== 200) throw new Error(`/api/docs/json answered ${response.statusCode}`);
  await mkdir(path.dirname(output), { recursive: true });
  await writeFile(output, `${JSON.stringify(response.json(), null, 2)}\n`);
  console.log(`OpenAPI document written to ${output}`);
} finally {
  await app.close();
}
