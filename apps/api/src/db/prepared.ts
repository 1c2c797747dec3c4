import type { SQL } from "drizzle-orm";
import pg from "pg";
import { type Db, queryRows } from "./client";

/**
 * Named prepared statements for the hottest queries (the session lookup on every request, the steps
 * of a wallet send). node-postgres parses a named statement once per connection and PostgreSQL then
 * reuses its plan, where an unnamed one is parsed and planned on every call; bench/wallet measured the
 * planning alone at about a quarter of the database's time per send. A name must always stand for the
 * same SQL text: use it only where the statement's shape never changes (no optional columns or
 * conditions), and give every such statement its own name.
 */

/** One value per database (a prepared query is bound to the database it was built on). */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}

type DrizzleInternals = {
  session?: { client?: unknown };
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
};

/**
 * The rows of a raw query run as the named statement `name`, on the connection underneath `db` (the
 * transaction's own client inside one). On PGlite, which has one connection and no plan to save across
 * calls that matters here, it runs as any raw query.
 */
export async function queryNamedRows<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  // Drizzle's session and dialect are not in its public types; both drivers have them.
  const internals = db as unknown as DrizzleInternals;
  const client = internals.session?.client;
  if (!(client instanceof pg.Pool || client instanceof pg.Client)) return queryRows<T>(db, query);
  const { sql: text, params } = internals.dialect.sqlToQuery(query);
  const result = await client.query<T & pg.QueryResultRow>({ name, text, values: params });
  return result.rows;
}
