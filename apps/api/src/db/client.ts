import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema/index";
import { markPooled } from "./transactions";

export type Schema = typeof schema;
/** The one database type the code is written against, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = "pglite" | "postgres";

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** Resolves when a trivial query answers; rejects otherwise. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** The underlying driver, for migrations and tools that need it. */
  driver: { kind: "pglite"; client: PGlite } | { kind: "postgres"; pool: pg.Pool };
};

export type DatabaseOptions = {
  /** A postgres:// URL selects node-postgres; otherwise PGlite is used. */
  databaseUrl?: string | undefined;
  poolMax?: number;
  /** PGlite's data directory, or "memory://" for a throwaway in-memory database. */
  pgliteDataDir?: string;
  /** An already open PGlite instance (tests start from a copied template). */
  pgliteClient?: PGlite;
};

// PostgreSQL's int8 (bigint) comes back as a string by default; money in minor units is bigint,
// so parse it as a JavaScript bigint rather than a lossy number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => BigInt(value));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 20 });
    // An idle client that errors (server restart) must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    // A client checked out for a transaction whose backend dies while JavaScript holds it (a request
    // between two queries, pg_terminate_backend, a server restart) emits "error" with no pool listener
    // on it, which would crash the process; this one only swallows the event, and the transaction's
    // next query fails (so it rolls back) while the pool discards the client on release.
    pool.on("connect", (client) => {
      client.on("error", () => {});
    });
    const db = drizzleNodePostgres(pool, { schema }) satisfies Db;
    markPooled(db);
    return {
      db,
      kind: "postgres",
      ping: async () => {
        await pool.query("select 1");
      },
      close: () => pool.end(),
      driver: { kind: "postgres", pool },
    };
  }
  const dataDir = options.pgliteDataDir ?? "memory://";
  if (!options.pgliteClient && !dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = options.pgliteClient ?? (await PGlite.create(dataDir));
  const db = drizzlePglite(client, { schema }) satisfies Db;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
    driver: { kind: "pglite", client },
  };
}

/**
 * Rows of a raw SQL query. Both drivers answer `{ rows }`; the shared `Db` type cannot say so,
 * so the cast lives here, once.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
