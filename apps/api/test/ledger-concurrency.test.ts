import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "../src/db/client";
import * as schema from "../src/db/schema/index";
import { InsufficientFundsError } from "../src/http/errors";
import { ensureAccount, postEntry } from "../src/ledger/ledger";
import { reconcileLedger } from "../src/ledger/reconcile";
import { clearingAccount, openFreshDatabase } from "./helper";

// Proves that the posting function holds under real concurrency on PostgreSQL: 20 connections
// post 2,000 entries at random between 10 hot accounts; no deadlock surfaces, no wallet goes below
// zero, money is conserved and the reconciliation finds nothing. PGlite has one connection, so
// this needs TEST_DATABASE_URL (.ci/run always sets it).
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.warn(
    "SKIPPED ledger concurrency suite: it needs real PostgreSQL. Set TEST_DATABASE_URL=postgres://… to run it.",
  );
}

describe.skipIf(!serverUrl)("ledger under concurrency (PostgreSQL)", () => {
  let database: Database;
  let pool: pg.Pool;
  let db: Db;

  beforeAll(async () => {
    database = await openFreshDatabase();
    if (database.driver.kind !== "postgres") throw new Error("expected PostgreSQL");
    pool = new pg.Pool({ connectionString: database.driver.pool.options.connectionString, max: 20 });
    db = drizzle(pool, { schema }) satisfies Db;
  });
  afterAll(async () => {
    await pool?.end();
    await database?.close();
  });

  it("posts 2,000 entries from 20 connections over 10 hot accounts without deadlock or loss", async () => {
    const [usd] = await db.select().from(schema.currencies).where(sql`${schema.currencies.iso} = 'USD'`);
    const users = await db
      .insert(schema.users)
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          role: "client" as const,
          email: `hot-${i}@example.com`,
          passwordHash: "x",
          firstName: "Hot",
          lastName: `Account ${i}`,
        })),
      )
      .returning({ id: schema.users.id });
    const wallets = await Promise.all(
      users.map((user) =>
        ensureAccount(db, { kind: "customer_wallet", userId: user.id, currencyId: usd!.id }),
      ),
    );
    const clearing = await clearingAccount(db, usd!.id, "bank-transfer");
    const seedMinor = 1_000_000n;
    for (const wallet of wallets) {
      await postEntry(db, {
        kind: "deposit",
        legs: [
          { accountId: clearing, amountMinor: -seedMinor },
          { accountId: wallet, amountMinor: seedMinor },
        ],
      });
    }

    let posted = 0;
    let refused = 0;
    const worker = async (seed: number) => {
      let state = seed;
      const random = (n: number) => {
        state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
        return state % n;
      };
      for (let i = 0; i < 100; i++) {
        // Three-legged entries touch accounts in random order: the function must lock them in id order.
        const a = random(10);
        const b = (a + 1 + random(9)) % 10;
        const c = (b + 1 + random(9)) % 10;
        const amount = BigInt(1 + random(3_000));
        const legs =
          c === a
            ? [
                { accountId: wallets[a]!, amountMinor: -amount },
                { accountId: wallets[b]!, amountMinor: amount },
              ]
            : [
                { accountId: wallets[a]!, amountMinor: -amount },
                { accountId: wallets[b]!, amountMinor: amount / 2n || 1n },
                { accountId: wallets[c]!, amountMinor: amount - (amount / 2n || 1n) },
              ].filter((leg) => leg.amountMinor !== 0n);
        try {
          await postEntry(db, { kind: "transfer", legs });
          posted++;
        } catch (error) {
          if (!(error instanceof InsufficientFundsError)) throw error;
          refused++;
        }
      }
    };
    await Promise.all(Array.from({ length: 20 }, (_, i) => worker(i * 7919 + 1)));

    expect(posted + refused).toBe(2_000);
    expect(posted).toBeGreaterThan(1_000);
    const [total] = await db
      .select({ sum: sql<string>`sum(${schema.ledgerBalanceShards.balanceMinor})::text` })
      .from(schema.ledgerBalanceShards)
      .where(sql`${schema.ledgerBalanceShards.floorZero}`);
    expect(BigInt(total!.sum)).toBe(seedMinor * 10n);
    const report = await reconcileLedger(db);
    expect(report.problems).toEqual([]);
  });
});
