import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, identityId } from "./columns";
import { users } from "./identity";
import { ledgerAccounts } from "./ledger";
import { currencies } from "./reference";

export const WALLET_STATUSES = ["open", "closed"] as const;
export type WalletStatus = (typeof WALLET_STATUSES)[number];

/**
 * A user's wallet in one currency (issue 10). It holds no balance of its own: its money is the
 * `customer_wallet` ledger account it points at (the sum of that account's shards), so the ledger is
 * the one source of every wallet figure. One open wallet per user and currency (the partial unique
 * index, not a check in code, so two concurrent opens cannot both succeed); a closed wallet keeps
 * its row and its own ledger account, so its history stays readable and a new wallet in that
 * currency starts from its own account. `public_id` ("VW-XXXXX-XXXXX") is
 * what a user shares so others can send to the wallet; the numeric id stays internal to the owner's
 * own calls.
 */
export const wallets = pgTable(
  "wallets",
  {
    ...identityId,
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    currencyId: integer("currency_id")
      .notNull()
      .references(() => currencies.id),
    publicId: text("public_id").notNull(),
    status: text("status", { enum: WALLET_STATUSES }).notNull().default("open"),
    ledgerAccountId: bigint("ledger_account_id", { mode: "bigint" })
      .notNull()
      .references(() => ledgerAccounts.id),
    ...createdAt,
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (table) => [
    // One OPEN wallet per user and currency: a closed wallet stays (its history), and a new one may
    // be opened in its currency.
    uniqueIndex("wallets_user_currency_unique")
      .on(table.userId, table.currencyId)
      .where(sql`${table.status} = 'open'`),
    uniqueIndex("wallets_public_id_unique").on(table.publicId),
    uniqueIndex("wallets_ledger_account_unique").on(table.ledgerAccountId),
    index("wallets_user_idx").on(table.userId, table.id),
    check("wallets_public_id_format", sql`${table.publicId} ~ '^VW-[0-9A-Z]{5}-[0-9A-Z]{5}$'`),
    check(
      "wallets_closed_at_matches_status",
      sql`(${table.status} = 'closed') = (${table.closedAt} is not null)`,
    ),
  ],
);
