import { fromMinor, toCurrencyAmount } from "@vela/shared/decimal";
import { FALLBACK_LIMITS } from "@vela/shared/money";
import type { CorridorLimits } from "@vela/shared/pricing";
import { and, asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { corridorMethods, corridors, currencies, feeTiers, shippingMethods } from "../db/schema/index";
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
 * Corridor terms change with a seed or an operator's edit, not per request, yet every calculator
 * call needs them: each database keeps a one-minute cache of what it answered.
 */
const CACHE_MS = 60_000;
const caches = new WeakMap<Db, Map<string, { at: number; value: Promise<unknown> }>>();
function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { at: Date.now(), value });
  // A failed load must not be served from the cache.
  value.catch(() => cache.delete(key));
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
