import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fxRates } from "../../db/schema/index";
import { RATE_BASE, type RateTable, type TableRate, withPegs } from "./rate-provider";

/** "1.0495000000" (a numeric(24,10) column) → "1.0495": the rate as it was published. */
const asPublished = (rate: string) => (rate.includes(".") ? rate.replace(/\.?0+$/, "") : rate);

/**
 * Keeps every daily table a feed published in `fx_rates` (one row per currency and day; the fixed
 * parities are not stored, they are added again on reading), so a restart while the feed cannot be
 * reached quotes on the last table, until it is too old, instead of on nothing.
 */
export function createRateArchive(db: Db, source: string) {
  return {
    async save(table: RateTable) {
      const publishedOn = table.asOf.toISOString().slice(0, 10);
      const rows = [...table.rates]
        .filter(([, rate]) => rate.source === source)
        .map(([quote, rate]) => ({
          base: RATE_BASE,
          quote,
          rate: rate.perBase,
          source,
          publishedOn,
          validFrom: table.asOf,
        }));
      if (rows.length === 0) return;
      await db
        .insert(fxRates)
        .values(rows)
        .onConflictDoNothing({ target: [fxRates.base, fxRates.quote, fxRates.publishedOn] });
    },

    /** The newest archived table of this source, or undefined when there is none. */
    async latest(): Promise<RateTable | undefined> {
      const [newest] = await db
        .select({ publishedOn: fxRates.publishedOn })
        .from(fxRates)
        .where(and(eq(fxRates.base, RATE_BASE), eq(fxRates.source, source)))
        .orderBy(desc(fxRates.publishedOn))
        .limit(1);
      if (!newest) return undefined;
      const rows = await db
        .select()
        .from(fxRates)
        .where(
          and(
            eq(fxRates.base, RATE_BASE),
            eq(fxRates.source, source),
            eq(fxRates.publishedOn, newest.publishedOn),
          ),
        );
      const rates = new Map<string, TableRate>(
        rows.map((row) => [row.quote, { perBase: asPublished(row.rate), source }]),
      );
      return withPegs(source, rows[0]!.validFrom, rates);
    },
  };
}
