import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client";
import { currencies, journalEntries, ledgerAccounts } from "../src/db/schema/index";
import { balanceOf, ensureAccount, postEntry, UnbalancedEntryError } from "../src/ledger/ledger";
import { openFreshDatabase } from "./helper";

// Proves postEntry's own check: an entry must balance in each of its currencies, in exact minor
// units, before the database is asked. The database's post_entry refuses it too, with another
// error (SQLSTATE VL003): an UnbalancedEntryError shows the refusal came from the check.
let database: Database;
let usd: number;
let eur: number;

beforeAll(async () => {
  database = await openFreshDatabase();
  const rows = await database.db.select().from(currencies).where(sql`${currencies.iso} in ('USD', 'EUR')`);
  usd = rows.find((row) => row.iso === "USD")!.id;
  eur = rows.find((row) => row.iso === "EUR")!.id;
});
afterAll(() => database.close());

const account = (kind: "payment_clearing" | "fx_position" | "funds_in_transit", currencyId: number) =>
  ensureAccount(database.db, { kind, currencyId, channel: kind === "payment_clearing" ? "test" : "" });

/** Posts an entry of `kind` with one leg per [account, amount in minor units]. */
const post = (kind: string, ...legs: [bigint, bigint][]) =>
  postEntry(database.db, {
    kind,
    legs: legs.map(([accountId, amountMinor]) => ({ accountId, amountMinor })),
  });

async function entryCount(): Promise<number> {
  return (await database.db.select({ id: journalEntries.id }).from(journalEntries)).length;
}

describe("postEntry's balance check", () => {
  it("refuses an entry off by one minor unit in its currency, before the database, writing nothing", async () => {
    const clearing = await account("payment_clearing", usd);
    const transit = await account("funds_in_transit", usd);
    const before = await entryCount();
    const posting = post("test.off-by-one", [clearing, -10_000n], [transit, 9_999n]);
    await expect(posting).rejects.toBeInstanceOf(UnbalancedEntryError);
    await expect(posting).rejects.toMatchObject({ currencyId: usd, offByMinor: -1n });
    expect(await entryCount()).toBe(before);
    expect(await balanceOf(database.db, transit)).toBe(0n);
  });

  it("refuses an entry that sums to zero across currencies but not in each", async () => {
    const clearing = await account("payment_clearing", usd);
    const position = await account("fx_position", eur);
    const before = await entryCount();
    await expect(
      post("test.across-currencies", [clearing, -5_000n], [position, 5_000n]),
    ).rejects.toBeInstanceOf(UnbalancedEntryError);
    expect(await entryCount()).toBe(before);
  });

  it("posts a conversion that balances in each of its two currencies", async () => {
    const clearing = await account("payment_clearing", usd);
    const usdPosition = await account("fx_position", usd);
    const eurPosition = await account("fx_position", eur);
    const eurTransit = await account("funds_in_transit", eur);
    const entryId = await post(
      "test.conversion",
      [clearing, -10_000n],
      [usdPosition, 10_000n],
      [eurPosition, -9_412n],
      [eurTransit, 9_412n],
    );
    expect(entryId).toBeGreaterThan(0n);
    expect(await balanceOf(database.db, eurTransit)).toBe(9_412n);
  });

  it("reads the currency of an account this process never made", async () => {
    // Made straight in the table (as another instance of the API would have), not by ensureAccount.
    const [made] = await database.db
      .insert(ledgerAccounts)
      .values({ kind: "fx_position", userId: null, currencyId: eur, channel: "made-elsewhere" })
      .returning({ id: ledgerAccounts.id });
    const clearing = await account("payment_clearing", usd);
    await expect(post("test.unknown-account", [clearing, -700n], [made!.id, 700n])).rejects.toMatchObject({
      name: "UnbalancedEntryError",
      currencyId: usd,
      offByMinor: -700n,
    });
  });
});
