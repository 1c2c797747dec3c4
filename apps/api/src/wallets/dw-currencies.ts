import type { WalletCurrencyOption } from "@vela/shared/wallet-dw";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { corridors, countries, currencies, wallets } from "../db/schema/index";
import { flagUrl } from "../plugins/flags";

/**
 * The currency lists of the deposit and withdraw flows (spec §7: "deposit currencies from and to"),
 * each currency with a flag of a country that uses it and the caller's wallet in it, if any.
 */

type CurrencyRow = Pick<typeof currencies.$inferSelect, "id" | "iso" | "name" | "decimals" | "symbol">;

const currencyColumns = {
  id: currencies.id,
  iso: currencies.iso,
  name: currencies.name,
  decimals: currencies.decimals,
  symbol: currencies.symbol,
};

/**
 * A flag for each currency: the euro's own, else the country whose ISO code starts the currency's
 * (USD → US, GBP → GB), else the first country using it by code. Null when no country uses it.
 */
async function flagsOf(db: Db, rows: readonly CurrencyRow[]): Promise<Map<number, string | null>> {
  const flags = new Map<number, string | null>();
  if (rows.length === 0) return flags;
  const users = await db
    .select({ currencyId: countries.currencyId, iso2: countries.iso2 })
    .from(countries)
    .where(
      inArray(
        countries.currencyId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(countries.iso2));
  for (const row of rows) {
    if (row.iso === "EUR") {
      flags.set(row.id, flagUrl("EU"));
      continue;
    }
    const using = users.filter((country) => country.currencyId === row.id);
    const own = using.find((country) => row.iso.startsWith(country.iso2));
    const chosen = own ?? using[0];
    flags.set(row.id, chosen ? flagUrl(chosen.iso2) : null);
  }
  return flags;
}

/** The options as answered: currency, flag and the caller's open wallet in it. */
async function toOptions(db: Db, userId: number, rows: CurrencyRow[]): Promise<WalletCurrencyOption[]> {
  const unique = [...new Map(rows.map((row) => [row.id, row])).values()].sort((a, b) =>
    a.iso < b.iso ? -1 : a.iso > b.iso ? 1 : 0,
  );
  const [flags, owned] = await Promise.all([
    flagsOf(db, unique),
    unique.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: wallets.id, publicId: wallets.publicId, currencyId: wallets.currencyId })
          .from(wallets)
          .where(
            and(
              eq(wallets.userId, userId),
              eq(wallets.status, "open"),
              inArray(
                wallets.currencyId,
                unique.map((row) => row.id),
              ),
            ),
          ),
  ]);
  return unique.map((row) => {
    const wallet = owned.find((candidate) => candidate.currencyId === row.id);
    return {
      ...row,
      flag_currency: flags.get(row.id) ?? null,
      wallet_id: wallet?.id ?? null,
      wallet_public_id: wallet?.publicId ?? null,
    };
  });
}

/** The currencies of the caller's open wallets. */
export async function ownWalletCurrencies(db: Db, userId: number): Promise<WalletCurrencyOption[]> {
  const rows = await db
    .select(currencyColumns)
    .from(wallets)
    .innerJoin(currencies, eq(currencies.id, wallets.currencyId))
    .where(and(eq(wallets.userId, userId), eq(wallets.status, "open")));
  return toOptions(db, userId, rows);
}

/**
 * What a deposit can be paid in: the currencies we collect in (those our sending countries use,
 * where cards, ACH, wires and SEPA are offered), and the caller's own wallets' currencies (a SWIFT
 * transfer in that currency).
 */
export async function depositSourceCurrencies(db: Db, userId: number): Promise<WalletCurrencyOption[]> {
  const collected = await db
    .selectDistinct(currencyColumns)
    .from(corridors)
    .innerJoin(currencies, eq(currencies.id, corridors.currencyFromId))
    .where(eq(corridors.isActive, true));
  const own = await db
    .select(currencyColumns)
    .from(wallets)
    .innerJoin(currencies, eq(currencies.id, wallets.currencyId))
    .where(and(eq(wallets.userId, userId), eq(wallets.status, "open")));
  return toOptions(db, userId, [...collected, ...own]);
}

/** The currencies money can be withdrawn into: those of an account in a country we pay out in. */
export async function payoutCurrencies(db: Db, userId: number): Promise<WalletCurrencyOption[]> {
  const rows = await db
    .selectDistinct(currencyColumns)
    .from(currencies)
    .where(
      sql`exists (select 1 from ${corridors} where ${corridors.isActive} and ${or(
        eq(corridors.currencyToId, currencies.id),
        eq(corridors.currencyFromId, currencies.id),
      )})`,
    );
  return toOptions(db, userId, rows);
}
