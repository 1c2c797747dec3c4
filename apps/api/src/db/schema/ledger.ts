import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bigIdentityId, createdAt } from "./columns";
import { users } from "./identity";
import { currencies } from "./reference";

/** The kinds of ledger account (ARCHITECTURE §4). Only customer wallets belong to a user. */
export const LEDGER_ACCOUNT_KINDS = [
  "customer_wallet",
  "funds_in_transit",
  "fee_revenue",
  "fx_position",
  "payment_clearing",
  "payout_payable",
  "promotions_expense",
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/**
 * One account per owner, kind, currency and (for clearing and payout accounts) channel. Its balance
 * lives in `ledger_balance_shards`; accounts are never deleted (a trigger refuses it).
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    ...bigIdentityId,
    kind: text("kind", { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    userId: integer("user_id").references(() => users.id),
    currencyId: integer("currency_id")
      .notNull()
      .references(() => currencies.id),
    /**
     * The channel of a clearing or payout account ("credit-card", "bank-transfer"); for a customer
     * wallet, "" for the user's first wallet in the currency and "wallet-2"… for those opened after
     * a closed one (each wallet has its own account); "" otherwise.
     */
    channel: text("channel").notNull().default(""),
    ...createdAt,
  },
  (table) => [
    uniqueIndex("ledger_accounts_identity_unique").on(
      table.kind,
      sql`coalesce(${table.userId}, 0)`,
      table.currencyId,
      table.channel,
    ),
    check(
      "ledger_accounts_owner_matches_kind",
      sql`(${table.kind} = 'customer_wallet') = (${table.userId} is not null)`,
    ),
  ],
);

/**
 * The cached balance of an account, split over LEDGER_BALANCE_SHARDS rows (made by a trigger when the
 * account is made); the balance is their sum. Written only by `post_entry` (migration 0006), which
 * takes whichever shard no other entry holds, so entries on one busy account (a fee or clearing
 * account, a merchant's wallet) do not queue behind one row lock. A customer wallet's shards never go
 * below zero (`floor_zero`), so neither does their sum.
 */
export const LEDGER_BALANCE_SHARDS = 8;
export const ledgerBalanceShards = pgTable(
  "ledger_balance_shards",
  {
    accountId: bigint("account_id", { mode: "bigint" })
      .notNull()
      .references(() => ledgerAccounts.id),
    shard: smallint("shard").notNull(),
    balanceMinor: bigint("balance_minor", { mode: "bigint" }).notNull().default(sql`0`),
    floorZero: boolean("floor_zero").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.shard] }),
    check("ledger_balance_shards_not_negative", sql`not ${table.floorZero} or ${table.balanceMinor} >= 0`),
  ],
);

/** One balanced movement of money; never updated or deleted (a correction is a reversal entry). */
export const journalEntries = pgTable(
  "journal_entries",
  {
    ...bigIdentityId,
    kind: text("kind").notNull(),
    /** The order or operation this entry belongs to ("order:123"). */
    reference: text("reference"),
    idempotencyKey: text("idempotency_key").unique(),
    reversesEntryId: bigint("reverses_entry_id", { mode: "bigint" }).unique(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    ...createdAt,
  },
  (table) => [index("journal_entries_reference_idx").on(table.reference)],
);

/** The legs of an entry: signed minor units on one account; per entry and currency they sum to zero. */
export const postings = pgTable(
  "postings",
  {
    ...bigIdentityId,
    entryId: bigint("entry_id", { mode: "bigint" })
      .notNull()
      .references(() => journalEntries.id),
    // No foreign key on purpose: post_entry checks the accounts exist, accounts are never deleted,
    // and the key-share lock a foreign-key check takes on a busy account's row would make every
    // concurrent entry on it share a MultiXact (measured in bench/ledger.mjs).
    accountId: bigint("account_id", { mode: "bigint" }).notNull(),
    currencyId: integer("currency_id").notNull(),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
  },
  (table) => [
    index("postings_account_idx").on(table.accountId),
    index("postings_entry_idx").on(table.entryId),
    check("postings_amount_not_zero", sql`${table.amountMinor} <> 0`),
  ],
);
