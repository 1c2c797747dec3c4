import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Database, openDatabase } from "../src/db/client";
import { runMigrations } from "../src/db/migrate";
import { seedDatabase } from "../src/db/seed/index";

/**
 * Tests run on PGlite unless TEST_DATABASE_URL points at a PostgreSQL server. Either way a
 * migrated, seeded template is made once per run and each test file gets its own copy:
 * a PGlite data-directory dump, or `CREATE DATABASE … TEMPLATE …` on the server.
 */
export type DatabaseTemplate =
  | { kind: "pglite"; dumpPath: string }
  | { kind: "postgres"; serverUrl: string; templateName: string };

const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function createTemplate(): Promise<DatabaseTemplate> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const templateName = uniqueName("vela_tpl");
    await adminQuery(serverUrl, `create database ${templateName}`);
    const database = await openDatabase({ databaseUrl: withDatabase(serverUrl, templateName), poolMax: 2 });
    try {
      await runMigrations(database);
      await seedDatabase(database.db);
    } finally {
      await database.close();
    }
    return { kind: "postgres", serverUrl, templateName };
  }
  const database = await openDatabase({ pgliteDataDir: "memory://" });
  try {
    await runMigrations(database);
    await seedDatabase(database.db);
    if (database.driver.kind !== "pglite") throw new Error("expected PGlite");
    const dump = await database.driver.client.dumpDataDir("none");
    const dir = await mkdtemp(path.join(tmpdir(), "vela-test-"));
    const dumpPath = path.join(dir, "template.tar");
    await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
    return { kind: "pglite", dumpPath };
  } finally {
    await database.close();
  }
}

export async function dropTemplate(template: DatabaseTemplate) {
  if (template.kind === "pglite") {
    await rm(path.dirname(template.dumpPath), { recursive: true, force: true });
    return;
  }
  await adminQuery(template.serverUrl, `drop database if exists ${template.templateName} with (force)`);
}

async function waitForNoConnections(serverUrl: string, name: string, timeoutMs = 5_000) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const { rows } = await client.query(
        "select count(*)::int as n from pg_stat_activity where datname = $1",
        [name],
      );
      if (rows[0]?.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await client.end();
  }
}

/**
 * A fresh database copied from the template; `close` also drops it on a server. `poolMax` sizes the
 * server's connection pool (10 unless told: the concurrency suites ask for more).
 */
export async function openTestDatabase(
  template: DatabaseTemplate,
  { poolMax = 10 }: { poolMax?: number } = {},
): Promise<Database> {
  if (template.kind === "pglite") {
    const dump = new Blob([await readFile(template.dumpPath)]);
    const client = await PGlite.create({ loadDataDir: dump });
    return openDatabase({ pgliteClient: client });
  }
  const name = uniqueName("vela_test");
  await adminQuery(template.serverUrl, `create database ${name} template ${template.templateName}`);
  const database = await openDatabase({ databaseUrl: withDatabase(template.serverUrl, name), poolMax });
  return {
    ...database,
    close: async () => {
      await database.close();
      // A pool's last connections may still be saying goodbye when end() resolves; dropping the
      // database "with (force)" under them makes the server kill them, and node-postgres raises
      // that as an uncaught error. So wait for them to leave first, and only force a straggler.
      await waitForNoConnections(template.serverUrl, name);
      await adminQuery(template.serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
