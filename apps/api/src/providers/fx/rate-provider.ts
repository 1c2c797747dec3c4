import { crossRate } from "@vela/shared/decimal";
import { and, desc, eq, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fxRates } from "../../db/schema/index";

export type MidRate = {
  /** Units of `to` per one unit of `from`, mid-market, RATE_DECIMALS places. */
  rate: string;
  source: string;
  publishedOn: string;
};

/** Where mid-market rates come from. The sandbox serves the committed reference table. */
export type FxRateProvider = { midRate: (fromIso: string, toIso: string) => Promise<MidRate | null> };

const BASE = "EUR";
const CACHE_MS = 60_000;

/**
 * Mid rates from the `fx_rates` table (seeded from the ECB snapshot): the newest table in force,
 * crossed through the euro. A table is re-read at most once a minute.
 */
export function createTableRateProvider(db: Db): FxRateProvider {
  let cache:
    | { at: number; rows: Map<string, { rate: string; source: string; publishedOn: string }> }
    | undefined;

  async function table() {
    if (cache && Date.now() - cache.at < CACHE_MS) return cache.rows;
    const rows = await db
      .select()
      .from(fxRates)
      .where(and(eq(fxRates.base, BASE), lte(fxRates.validFrom, new Date())))
      .orderBy(desc(fxRates.publishedOn));
    const newest = new Map<string, { rate: string; source: string; publishedOn: string }>();
    for (const row of rows) {
      if (!newest.has(row.quote))
        newest.set(row.quote, { rate: row.rate, source: row.source, publishedOn: row.publishedOn });
    }
    cache = { at: Date.now(), rows: newest };
    return newest;
  }

  return {
    midRate: async (fromIso, toIso) => {
      const rows = await table();
      const perEuro = (iso: string) =>
        iso === BASE ? { rate: "1", source: "", publishedOn: "" } : rows.get(iso);
      const from = perEuro(fromIso);
      const to = perEuro(toIso);
      if (!from || !to) return null;
      const quoted = [from, to].find((row) => row.source) ?? from;
      if (fromIso === toIso)
        return { rate: "1.00000000", source: "same currency", publishedOn: quoted.publishedOn };
      return { rate: crossRate(from.rate, to.rate), source: quoted.source, publishedOn: quoted.publishedOn };
    },
  };
}
