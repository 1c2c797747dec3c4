import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_DIR } from "../config";
import type { Database } from "./client";

// Any fixed number; instances starting together take turns on it so migrations run once.
const MIGRATION_LOCK_ID = 74_656_101;

/** Applies the committed SQL migrations that have not run yet. Safe to call from many instances at once. */
export async function runMigrations(database: Database): Promise<void> {
  const { driver } = database;
  if (driver.kind === "pglite") {
    await migratePglite(drizzlePglite(driver.client), { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const client = await driver.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migrateNodePostgres(drizzleNodePostgres(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}
