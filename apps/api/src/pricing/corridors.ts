import { fromMinor, toCurrencyAmount } from "@vela/shared/decimal";
import { FALLBACK_LIMITS } from "@vela/shared/money";
import type { CorridorLimits } from "@vela/shared/pricing";
import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, queryRows } from "../db/client";
import { corridorMethods, corridors, currencies, feeTiers, shippingMethods } from "../db/schema/index";
import { linkTransaction, rootOf } from "../db/transactions";
import { InvalidDataError } from "../http/errors";
import type { FeeTier } from "./price";

export type CorridorKey = {
  country_from_id: number;
  country_to_id: number;
  currency_from_id: number;
  currency_to_id: number;
  shipping_method_id?: number | undefined;
};

const fromCurrency = alias(currencies, "from_currency");
const toCurrency = alias(currencies, "to_currency");

/**
 * Corridor terms (corridors, their delivery methods and fee tiers, the currencies and delivery
 * methods they name) change with a seed or an operator's edit, never per request, yet every
 * calculator call needs them. Each database's terms are kept in memory, and at most once every
 * CORRIDOR_CHECK_MS one small query asks PostgreSQL for a fingerprint of those tables (row count
 * and a sum of row hashes per table); when it differs, whoever made the change (this instance,
 * another one, a seed, SQL typed by hand), the cache is emptied. So an answer is never built from
 * terms more than about a second old, and the database sees one query a second per instance
 * instead of several per request.
 * Why not LISTEN/NOTIFY: it would need a trigger per table (a migration), a dedicated connection
 * per instance that must be re-established after a drop (with a gap in which changes are missed),
 * and differs on PGlite; why not a plain TTL: the whole cache would be reloaded on every expiry
 * whether anything changed or not, and a change would wait out the TTL.
 */
export const CORRIDOR_CHECK_MS = 1000;

type CacheState = {
  /** Replaced, never cleared in place: a load still running when the terms change lands in the old map. */
  entries: Map<string, Promise<unknown>>;
  fingerprint: string | null;
  checkedAt: number;
  checking: Promise<void> | null;
  checkEveryMs: number;
};
const states = new WeakMap<Db, CacheState>();

/**
 * Lets a transaction read the corridor terms through its database's cache; without it every
 * transaction starts cold (a fingerprint query and the terms loaded again). Call it where the
 * transaction is opened; a nested one (a savepoint) names the transaction it is in.
 */
export function shareCorridorCache(tx: Db, parent: Db) {
  linkTransaction(tx, parent);
}

function stateOf(handle: Db): CacheState {
  const db = rootOf(handle);
  let state = states.get(db);
  if (!state) {
    state = {
      entries: new Map(),
      fingerprint: null,
      checkedAt: Number.NEGATIVE_INFINITY,
      checking: null,
      checkEveryMs: CORRIDOR_CHECK_MS,
    };
    states.set(db, state);
  }
  return state;
}

/** How often this database's corridor terms are checked for changes (tests check on every call). */
export function configureCorridorCache(db: Db, options: { checkEveryMs: number }) {
  stateOf(db).checkEveryMs = options.checkEveryMs;
}

/** Forgets this database's corridor terms at once; for writers in this process that cannot wait. */
export function invalidateCorridorCache(db: Db) {
  stateOf(db).entries = new Map();
}

const fingerprintOf = (table: string) =>
  sql.raw(`(select count(*) || ':' || coalesce(sum(hashtext(t::text)::bigint), 0) from ${table} t)`);

async function corridorFingerprint(db: Db): Promise<string> {
  const [row] = await queryRows<{ fingerprint: string }>(
    db,
    sql`select concat_ws(',', ${fingerprintOf("corridors")}, ${fingerprintOf("corridor_methods")},
      ${fingerprintOf("fee_tiers")}, ${fingerprintOf("shipping_methods")}, ${fingerprintOf("currencies")})
      as fingerprint`,
  );
  return row?.fingerprint ?? "";
}

/** Empties the cache when the tables changed since the last check; one check at a time. */
async function checkForChanges(db: Db, state: CacheState): Promise<void> {
  if (Date.now() - state.checkedAt < state.checkEveryMs) return;
  state.checking ??= (async () => {
    try {
      const fingerprint = await corridorFingerprint(db);
      if (fingerprint !== state.fingerprint) {
        state.entries = new Map();
        state.fingerprint = fingerprint;
      }
      state.checkedAt = Date.now();
    } finally {
      state.checking = null;
    }
  })();
  await state.checking;
}

/**
 * The current version of this database's corridor terms (checked for changes as the cache itself
 * is): an object that stays the same until the terms change, compared by identity. An answer built
 * from the terms can be kept under it and is known to be outdated once it differs.
 */
export async function corridorTermsVersion(db: Db): Promise<object> {
  const state = stateOf(db);
  await checkForChanges(db, state);
  return state.entries;
}

async function cached<T>(db: Db, key: string, load: () => PromiseLike<T>): Promise<T> {
  const state = stateOf(db);
  await checkForChanges(db, state);
  const { entries } = state;
  const hit = entries.get(key);
  if (hit) return hit as Promise<T>;
  // Drizzle's queries are thenables that run again each time they are awaited: hold the result.
  const value = Promise.resolve(load());
  entries.set(key, value);
  // A failed load must not be served from the cache.
  value.catch(() => {
    if (entries.get(key) === value) entries.delete(key);
  });
  return value;
}

/** Every delivery method offered on a corridor, with its currencies, default (vela) first. */
export function corridorMethodsOf(
  db: Db,
  key: Omit<CorridorKey, "shipping_method_id" | "country_from_id"> & { country_from_id?: number | undefined },
) {
  const cacheKey = `methods:${key.country_from_id ?? "*"}:${key.country_to_id}:${key.currency_from_id}:${key.currency_to_id}`;
  return cached(db, cacheKey, () => loadCorridorMethods(db, key));
}

async function loadCorridorMethods(
  db: Db,
  key: Omit<CorridorKey, "shipping_method_id" | "country_from_id"> & { country_from_id?: number | undefined },
) {
  const rows = await db
    .select({
      method: corridorMethods,
      corridor: corridors,
      shipping: shippingMethods,
      from: fromCurrency,
      to: toCurrency,
    })
    .from(corridorMethods)
    .innerJoin(corridors, eq(corridors.id, corridorMethods.corridorId))
    .innerJoin(shippingMethods, eq(shippingMethods.id, corridorMethods.shippingMethodId))
    .innerJoin(fromCurrency, eq(fromCurrency.id, corridors.currencyFromId))
    .innerJoin(toCurrency, eq(toCurrency.id, corridors.currencyToId))
    .where(
      and(
        key.country_from_id === undefined ? undefined : eq(corridors.countryFromId, key.country_from_id),
        eq(corridors.countryToId, key.country_to_id),
        eq(corridors.currencyFromId, key.currency_from_id),
        eq(corridors.currencyToId, key.currency_to_id),
        eq(corridors.isActive, true),
      ),
    )
    .orderBy(asc(corridors.id), asc(shippingMethods.id));
  return rows;
}
export type CorridorMethodRow = Awaited<ReturnType<typeof loadCorridorMethods>>[number];

/** The method a price is for: the one asked for, or the corridor's default. 422 when not offered. */
export async function findCorridorMethod(db: Db, key: CorridorKey): Promise<CorridorMethodRow> {
  const rows = await corridorMethodsOf(db, key);
  if (rows.length === 0) {
    throw new InvalidDataError({
      country_to_id: ["We do not send to this country in these currencies from there yet."],
    });
  }
  if (key.shipping_method_id === undefined) return rows[0]!;
  const row = rows.find((candidate) => candidate.shipping.id === key.shipping_method_id);
  if (!row)
    throw new InvalidDataError({
      shipping_method_id: ["This delivery method is not offered on this corridor."],
    });
  return row;
}

/**
 * The limits of a corridor method as decimal strings with the currency's digits (like every amount
 * the API answers), with the spec's fallback where one is missing.
 */
export function limitsOf(row: CorridorMethodRow): CorridorLimits {
  const side = (min: bigint | null, max: bigint | null, decimals: number) => ({
    min: min === null ? toCurrencyAmount(FALLBACK_LIMITS.min, decimals) : fromMinor(min, decimals),
    max: max === null ? toCurrencyAmount(FALLBACK_LIMITS.max, decimals) : fromMinor(max, decimals),
  });
  return {
    send: side(row.method.sendMinMinor, row.method.sendMaxMinor, row.from.decimals),
    receiving: side(row.method.receiveMinMinor, row.method.receiveMaxMinor, row.to.decimals),
  };
}

/** The fee tiers for a payment method, or the default ("*") ones when it has none of its own. */
export async function tiersFor(db: Db, corridorMethodId: number, paymentMethod: string): Promise<FeeTier[]> {
  const rows = await cached(db, `tiers:${corridorMethodId}`, () =>
    db.select().from(feeTiers).where(eq(feeTiers.corridorMethodId, corridorMethodId)),
  );
  const own = rows.filter((row) => row.paymentMethod === paymentMethod);
  const chosen = own.length > 0 ? own : rows.filter((row) => row.paymentMethod === "*");
  return chosen.map(({ upToMinor, fixedMinor, percentBps }) => ({ upToMinor, fixedMinor, percentBps }));
}

/**
 * What a wallet price names besides the rate: every currency and every delivery method by id (and
 * the methods by slug), kept with the corridor terms (their fingerprint covers both tables), so a
 * wallet calculator, quotation or send does not read them from the database each time.
 */
export function walletReference(db: Db) {
  return cached(db, "wallet-reference", async () => {
    const currencyRows = await db.select().from(currencies);
    const methodRows = await db.select().from(shippingMethods);
    return {
      currencies: new Map(currencyRows.map((row) => [row.id, row])),
      shippingById: new Map(methodRows.map((row) => [row.id, row])),
      shippingBySlug: new Map(methodRows.map((row) => [row.slug, row])),
    };
  });
}
