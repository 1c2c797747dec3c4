import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/**
 * Which database a transaction belongs to. Drizzle makes a new object for every transaction, so a
 * cache kept per database (the corridor terms, the ids of ledger accounts) would start cold in each
 * one unless the transaction names its database; whoever opens a transaction links it here (see
 * `shareCorridorCache`). An unlinked transaction is simply its own root: a cold cache, never a wrong one.
 */
const parents = new WeakMap<Db, Db>();

export function linkTransaction(tx: Db, parent: Db) {
  if (tx !== parent) parents.set(tx, parent);
}

/** The database a handle (a database, a transaction or a savepoint in one) belongs to. */
export function rootOf(handle: Db): Db {
  let db = handle;
  for (let parent = parents.get(db); parent; parent = parents.get(db)) db = parent;
  return db;
}

/** Whether `db` is a transaction (or a savepoint in one) rather than a database. */
export const isTransaction = (db: Db): boolean => db instanceof PgTransaction;

/** Databases with a pool of connections (node-postgres), where a query can run beside a transaction. */
const pooled = new WeakSet<Db>();

export function markPooled(db: Db) {
  pooled.add(db);
}

/** On PGlite (one connection) a query outside a transaction waits for it; on a pool it does not. */
export const isPooled = (db: Db): boolean => pooled.has(db);
