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
 * Reconciles the ledger from its history: every entry sums to zero per currency, every cached
 * balance equals the sum of its postings, and no customer wallet is below zero.
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
  const drifted = await queryRows<{ id: string; cached: string; summed: string }>(
    db,
    sql`
    select a.id::text, a.balance_minor::text as cached, coalesce(sum(p.amount_minor), 0)::text as summed
    from ledger_accounts a left join postings p on p.account_id = a.id
    group by a.id having a.balance_minor <> coalesce(sum(p.amount_minor), 0) limit 100`,
  );
  for (const row of drifted) {
    problems.push(`account ${row.id} caches ${row.cached} but its postings sum to ${row.summed}`);
  }
  const negative = await queryRows<{ id: string; balance: string }>(
    db,
    sql`
    select id::text, balance_minor::text as balance from ledger_accounts
    where kind = 'customer_wallet' and balance_minor < 0 limit 100`,
  );
  for (const row of negative) problems.push(`customer wallet ${row.id} is below zero: ${row.balance}`);
  const foreignCurrency = await queryRows<{ id: string }>(
    db,
    sql`
    select p.id::text from postings p join ledger_accounts a on a.id = p.account_id
    where p.currency_id <> a.currency_id limit 100`,
  );
  for (const row of foreignCurrency)
    problems.push(`posting ${row.id} is in another currency than its account`);
  return {
    entries: await count(db, "journal_entries"),
    postings: await count(db, "postings"),
    accounts: await count(db, "ledger_accounts"),
    problems,
  };
}
