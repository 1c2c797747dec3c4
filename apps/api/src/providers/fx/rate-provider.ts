import { crossRate, multiplyAmounts, roundAmount } from "@vela/shared/decimal";
import { EURO_PEGS, USD_PEGS } from "../../db/seed/ecb-2024-11-25";
import { AppError } from "../../http/errors";

/** Every table is quoted against the euro (the ECB's base); a cross rate goes through it. */
export const RATE_BASE = "EUR";

/** One currency's rate in a table: units per one euro, and who says so. */
export type TableRate = { perBase: string; source: string };

/**
 * One consistent set of rates, observed or published at one instant. A cross rate takes both its
 * legs from one table, so it never mixes two dates.
 */
export type RateTable = {
  /** Who published the table (the feed), e.g. "ECB euro foreign exchange reference rates". */
  source: string;
  /** When the table was published or observed; the staleness check measures from here. */
  asOf: Date;
  rates: ReadonlyMap<string, TableRate>;
};

/** One side of a cross rate, as a quotation records it. */
export type RateLeg = { iso: string; per_base: string; source: string; as_of: string };

export type MidRate = {
  /** Units of `to` per one unit of `from`, mid-market, RATE_DECIMALS places. */
  rate: string;
  /** The table's source and publication day, e.g. "ECB …, 2024-11-25". */
  source: string;
  publishedOn: string;
  asOf: Date;
  /** The euro rate of each side (from, then to), with its own source and as-of. */
  legs: [RateLeg, RateLeg];
};

/**
 * Where mid-market rates come from: answered from memory, never from the database. `table()` is the
 * current table (throws RatesUnavailableError when there is none or it is too old); a quote that needs
 * several rates takes them all from one table.
 */
export type FxRateProvider = {
  midRate: (fromIso: string, toIso: string) => Promise<MidRate | null>;
  table: () => RateTable;
};

/** A source of rate tables (the sandbox, the ECB's daily file): loaded on a schedule. */
export type RateFeed = { name: string; load: (now: Date) => Promise<RateTable> };

/** 503: there is no table, or it is older than the configured age, so nothing is quoted. */
export class RatesUnavailableError extends AppError {
  constructor(message: string) {
    super(503, message, undefined, { "Retry-After": "60" });
  }
}
export const STALE_RATES_MESSAGE =
  "Our exchange rates are out of date, so we cannot quote right now. Try again later.";
export const NO_RATES_MESSAGE =
  "We have no exchange rates yet, so we cannot quote right now. Try again later.";

/**
 * The fixed parities added to every table: euro pegs as they are, dollar pegs over the table's own
 * dollar rate (so they share its date). Rates a feed already quotes are left alone.
 */
export function withPegs(source: string, asOf: Date, feedRates: Map<string, TableRate>): RateTable {
  const rates = new Map(feedRates);
  for (const [iso, perBase] of Object.entries(EURO_PEGS.rates)) {
    if (!rates.has(iso)) rates.set(iso, { perBase, source: EURO_PEGS.source });
  }
  const usd = rates.get("USD");
  if (usd) {
    for (const [iso, perUsd] of Object.entries(USD_PEGS.rates)) {
      if (!rates.has(iso)) {
        rates.set(iso, {
          perBase: roundAmount(multiplyAmounts(usd.perBase, perUsd), 10, "half-even"),
          source: `${USD_PEGS.source} × ${usd.source}`,
        });
      }
    }
  }
  return { source, asOf, rates };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Cross rates already worked out, per table: a table never changes once loaded (a refresh swaps in
 * a new one), so a pair's rate is divided out once per refresh instead of once per quote, and goes
 * with its table when that is dropped.
 */
const crossRates = new WeakMap<RateTable, Map<string, MidRate | null>>();

/** The mid rate between two currencies from one table, with both legs named; null when one is missing. */
export function midRateFrom(table: RateTable, fromIso: string, toIso: string): MidRate | null {
  let known = crossRates.get(table);
  if (!known) {
    known = new Map();
    crossRates.set(table, known);
  }
  const key = `${fromIso}:${toIso}`;
  let mid = known.get(key);
  if (mid === undefined) {
    mid = computeMidRate(table, fromIso, toIso);
    known.set(key, mid);
  }
  // A copy of the legs: callers add legs of their own to the list.
  return mid && { ...mid, legs: [mid.legs[0], mid.legs[1]] };
}

function computeMidRate(table: RateTable, fromIso: string, toIso: string): MidRate | null {
  const leg = (iso: string): RateLeg | null => {
    const found = iso === RATE_BASE ? { perBase: "1", source: table.source } : table.rates.get(iso);
    return found
      ? { iso, per_base: found.perBase, source: found.source, as_of: table.asOf.toISOString() }
      : null;
  };
  const from = leg(fromIso);
  const to = leg(toIso);
  if (!from || !to) return null;
  return {
    rate: fromIso === toIso ? "1.00000000" : crossRate(from.per_base, to.per_base),
    source: `${table.source}, ${isoDay(table.asOf)}`,
    publishedOn: isoDay(table.asOf),
    asOf: table.asOf,
    legs: [from, to],
  };
}

export type ScheduledRateProvider = FxRateProvider & {
  /** Loads a new table now; a failure keeps the last one (which the age check will retire). */
  refresh: () => Promise<void>;
  /** The first load, then a refresh every `refreshMs`. */
  start: () => Promise<void>;
  stop: () => void;
  current: () => RateTable | undefined;
};

/**
 * Keeps the feed's latest table in memory and answers every quote from it, refusing to quote on a
 * table older than `maxAgeMs`. One table is swapped in whole, so a quote never sees half of one.
 */
export function createScheduledRateProvider(
  feed: RateFeed,
  options: {
    refreshMs: number;
    maxAgeMs: number;
    now?: () => number;
    onError?: (error: unknown) => void;
    /** Where each loaded table is kept, and read back when the first load fails (the ECB feed's). */
    archive?: { save: (table: RateTable) => Promise<void>; latest: () => Promise<RateTable | undefined> };
  },
): ScheduledRateProvider {
  const now = options.now ?? Date.now;
  let table: RateTable | undefined;
  let timer: NodeJS.Timeout | undefined;

  function fresh(): RateTable {
    if (!table) throw new RatesUnavailableError(NO_RATES_MESSAGE);
    if (now() - table.asOf.getTime() > options.maxAgeMs) throw new RatesUnavailableError(STALE_RATES_MESSAGE);
    return table;
  }

  async function refresh() {
    let loaded: RateTable;
    try {
      loaded = await feed.load(new Date(now()));
    } catch (error) {
      options.onError?.(error);
      return;
    }
    table = loaded;
    await options.archive?.save(loaded).catch(options.onError);
  }

  return {
    refresh,
    current: () => table,
    async start() {
      await refresh();
      if (!table && options.archive)
        table = await options.archive.latest().catch((error) => {
          options.onError?.(error);
          return undefined;
        });
      timer ??= setInterval(() => void refresh(), options.refreshMs);
      // A pending refresh must not keep the process (or a test run) alive.
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    table: fresh,
    async midRate(fromIso, toIso) {
      return midRateFrom(fresh(), fromIso, toIso);
    },
  };
}
