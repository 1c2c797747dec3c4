import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client";

export type LedgerReport = {
  entries: number;
  postings: number;
  accounts: number;
  problems: string[];
};

const count = async (db: Db, table: string) => {
  const rows = await queryRows<{ n: string | number | bigint }>(
    db,
    sql.raw(`select count(*) as n from ${table}`),
  );
  return Number(rows[0]?.n ?? 0);
};

/**
 * Reconciles the ledger from its history: every entry has two postings or more and sums to zero
 * per currency, every cached balance (the sum of the account's shards) equals the sum of its
 * postings, every posting names an account in that account's currency, no customer wallet is
 * below zero, and every wallet points at its owner's customer account in its currency.
 */
export async function reconcileLedger(db: Db): Promise<LedgerReport> {
  const problems: string[] = [];
  const unbalanced = await queryRows<{ entry_id: string; currency_id: number; total: string }>(
    db,
    sql`
    select entry_id::text, currency_id, sum(amount_minor)::text as total
    from postings group by entry_id, currency_id having sum(amount_minor) <> 0 limit 100`,
  );
  for (const row of unbalanced) {
    problems.push(`entry ${row.entry_id} is off by ${row.total} in currency ${row.currency_id}`);
  }
  const legless = await queryRows<{ id: string; legs: string }>(
    db,
    sql`
    select e.id::text, count(p.id)::text as legs
    from journal_entries e left join postings p on p.entry_id = e.id
    group by e.id having count(p.id) < 2 limit 100`,
  );
  for (const row of legless) problems.push(`entry ${row.id} has fewer than two postings (${row.legs})`);
  // A balance is the sum of the account's shards (migration 0006).
  const drifted = await queryRows<{ id: string; cached: string; summed: string }>(
    db,
    sql`
    select a.id::text, coalesce(b.total, 0)::text as cached, coalesce(p.total, 0)::text as summed
    from ledger_accounts a
    left join (select account_id, sum(balance_minor) as total from ledger_balance_shards group by account_id) b
      on b.account_id = a.id
    left join (select account_id, sum(amount_minor) as total from postings group by account_id) p
      on p.account_id = a.id
    where coalesce(b.total, 0) <> coalesce(p.total, 0) limit 100`,
  );
  for (const row of drifted) {
    problems.push(`account ${row.id} caches ${row.cached} but its postings sum to ${row.summed}`);
  }
  const negative = await queryRows<{ id: string; balance: string }>(
    db,
    sql`
    select a.id::text, min(s.balance_minor)::text as balance
    from ledger_accounts a join ledger_balance_shards s on s.account_id = a.id
    where a.kind = 'customer_wallet'
    group by a.id having min(s.balance_minor) < 0 or sum(s.balance_minor) < 0 limit 100`,
  );
  for (const row of negative) problems.push(`customer wallet ${row.id} is below zero: ${row.balance}`);
  // Postings have no foreign key to their account (see the schema), so this is checked here.
  const orphaned = await queryRows<{ id: string }>(
    db,
    sql`
    select p.id::text from postings p left join ledger_accounts a on a.id = p.account_id
    where a.id is null limit 100`,
  );
  for (const row of orphaned) problems.push(`posting ${row.id} names no ledger account`);
  const foreignCurrency = await queryRows<{ id: string }>(
    db,
    sql`
    select p.id::text from postings p join ledger_accounts a on a.id = p.account_id
    where p.currency_id <> a.currency_id limit 100`,
  );
  for (const row of foreignCurrency)
    problems.push(`posting ${row.id} is in another currency than its account`);
  // A wallet's money is its customer account's (issue 10): the account must be the owner's, in the
  // wallet's currency.
  const strayWallets = await queryRows<{ id: number }>(
    db,
    sql`
    select w.id from wallets w join ledger_accounts a on a.id = w.ledger_account_id
    where a.kind <> 'customer_wallet' or a.user_id is distinct from w.user_id
       or a.currency_id <> w.currency_id limit 100`,
  );
  for (const row of strayWallets)
    problems.push(`wallet ${row.id} points at a ledger account that is not its owner's in its currency`);
  return {
    entries: await count(db, "journal_entries"),
    postings: await count(db, "postings"),
    accounts: await count(db, "ledger_accounts"),
    problems,
  };
}
