import { randomInt } from "node:crypto";
import { fromMinor } from "@vela/shared/decimal";
import { and, asc, desc, eq, gte, inArray, lt, notInArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, queryRows } from "../db/client";
import {
  currencies,
  journalEntries,
  ledgerBalanceShards,
  orderStatusHistory,
  orders,
  postings,
  wallets,
} from "../db/schema/index";
import { ensureAccount } from "../ledger/ledger";
import { isFinalStatus, ORDER_STATUSES, type OrderStatus } from "../orders/status";

export type WalletRow = typeof wallets.$inferSelect;
export type WalletCurrency = { id: number; iso: string; name: string; symbol: string; decimals: number };
export type WalletWithCurrency = WalletRow & { currency: WalletCurrency };

/** A wallet's money as the ledger has it (minor units of the wallet's currency). */
export type WalletBalance = {
  /** What the user owns in the wallet: available plus on hold. */
  balanceMinor: bigint;
  /** The ledger balance of the wallet's account: what can be spent now. */
  availableMinor: bigint;
  /** Already taken out of the account by a withdrawal still waiting for its payout (not spendable). */
  onHoldMinor: bigint;
};

/**
 * The statuses of an order paid from a wallet whose money has left the wallet's account but has
 * not been delivered: a withdrawal waiting for (or failed by) its payout. The amount is shown as
 * on hold; it returns to the account if the order is refunded, and leaves for good once sent.
 */
export const HOLD_STATUSES = [
  "paid",
  "on_hold",
  "processing",
  "available_for_pickup",
  "failed",
] as const satisfies readonly OrderStatus[];

/** The statuses an order never leaves: completed, refunded, cancelled, payment_failed. */
const FINAL_STATUSES = ORDER_STATUSES.filter(isFinalStatus);

// No 0/O, 1/I/L: a wallet id is read aloud and typed by the people it is shared with.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const block = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
/** "VW-XXXXX-XXXXX": about 49 bits, so guessing another user's wallet id is not a way to find them. */
export const newWalletPublicId = () => `VW-${block()}-${block()}`;
export const WALLET_PUBLIC_ID_PATTERN = /^VW-[0-9A-Z]{5}-[0-9A-Z]{5}$/;

const walletColumns = {
  id: wallets.id,
  userId: wallets.userId,
  currencyId: wallets.currencyId,
  publicId: wallets.publicId,
  status: wallets.status,
  ledgerAccountId: wallets.ledgerAccountId,
  createdAt: wallets.createdAt,
  closedAt: wallets.closedAt,
  currency: {
    id: currencies.id,
    iso: currencies.iso,
    name: currencies.name,
    symbol: currencies.symbol,
    decimals: currencies.decimals,
  },
};

const selectWallets = (db: Db) =>
  db.select(walletColumns).from(wallets).innerJoin(currencies, eq(currencies.id, wallets.currencyId));

/**
 * The ledger channel of a user's next wallet in a currency: "" for the first (the account money may
 * already have been credited to), then "wallet-2", "wallet-3"… once earlier ones were closed, so
 * every wallet has an account of its own and a closed wallet's figures stay its own.
 */
function walletChannel(earlierWallets: number) {
  return earlierWallets === 0 ? "" : `wallet-${earlierWallets + 1}`;
}

/**
 * Opens the user's wallet in a currency: its `customer_wallet` ledger account (made on first use, so
 * money already credited to that account is the wallet's) and the wallet row pointing at it. Null
 * when the user already has an open wallet in that currency — the partial unique index decides, so
 * of two opens at once exactly one makes it (both name the same new account, whose unique index
 * refuses the second too). Nothing here raises a unique violation, so a caller's transaction stays
 * usable either way.
 */
export async function openWallet(db: Db, userId: number, currencyId: number): Promise<WalletRow | null> {
  const earlier = await db
    .select({ status: wallets.status })
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.currencyId, currencyId)));
  if (earlier.some((row) => row.status === "open")) return null;
  const ledgerAccountId = await ensureAccount(db, {
    kind: "customer_wallet",
    userId,
    currencyId,
    channel: walletChannel(earlier.length),
  });
  // A public id collision (one in about 10^14 per pair) is retried with a fresh one.
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await db
      .insert(wallets)
      .values({ userId, currencyId, publicId: newWalletPublicId(), ledgerAccountId })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    if ((await walletOf(db, userId, currencyId))?.status === "open") return null;
  }
  throw new Error("could not find a free wallet public id");
}

/**
 * The user's wallet in a currency: the open one, else the latest closed one (so a caller can say
 * it is closed), or null. With `lock`, the row is read FOR SHARE until the transaction ends: an order
 * placed into or out of the wallet then cannot race its close (which takes FOR UPDATE).
 */
export async function walletOf(
  db: Db,
  userId: number,
  currencyId: number,
  options: { lock?: boolean } = {},
): Promise<WalletRow | null> {
  const query = db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.currencyId, currencyId)))
    .orderBy(sql`${wallets.status} = 'open' desc`, desc(wallets.id))
    .limit(1);
  const [row] = options.lock ? await query.for("share") : await query;
  return row ?? null;
}

export async function walletById(db: Db, id: number): Promise<WalletRow | null> {
  const [row] = await db.select().from(wallets).where(eq(wallets.id, id));
  return row ?? null;
}

export async function walletByPublicId(db: Db, publicId: string): Promise<WalletRow | null> {
  if (!WALLET_PUBLIC_ID_PATTERN.test(publicId)) return null;
  const [row] = await db.select().from(wallets).where(eq(wallets.publicId, publicId));
  return row ?? null;
}

/** A wallet of this user with its currency; another user's wallet is null, like an unknown id. */
export async function ownWallet(db: Db, userId: number, id: number): Promise<WalletWithCurrency | null> {
  const [row] = await selectWallets(db).where(and(eq(wallets.id, id), eq(wallets.userId, userId)));
  return row ?? null;
}

/**
 * The user's wallet by id, its row locked FOR UPDATE until the transaction ends (a close): it waits
 * for every send, convert, deposit and withdrawal holding the row FOR SHARE, and they wait for it.
 * Another user's wallet is null, like an unknown id.
 */
export async function lockOwnWallet(db: Db, userId: number, id: number): Promise<WalletWithCurrency | null> {
  const [row] = await selectWallets(db)
    .where(and(eq(wallets.id, id), eq(wallets.userId, userId)))
    .for("update", { of: wallets });
  return row ?? null;
}

/**
 * Whether an order that is not final still pays from or delivers into the wallet: a deposit waiting
 * for its payment, a withdrawal waiting for its payout or its refund, an order in review.
 */
export async function walletHasOrdersInFlight(db: Db, walletId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        or(eq(orders.sourceWalletId, walletId), eq(orders.targetWalletId, walletId)),
        notInArray(orders.status, FINAL_STATUSES),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Marks a wallet closed (the caller holds its row lock and has checked it is empty). */
export async function markWalletClosed(db: Db, walletId: number): Promise<WalletRow> {
  const [row] = await db
    .update(wallets)
    .set({ status: "closed", closedAt: sql`now()` })
    .where(eq(wallets.id, walletId))
    .returning();
  if (!row) throw new Error(`wallet ${walletId} vanished while locked`);
  return row;
}

/** The user's open wallets with their currencies, oldest first (a closed wallet is no longer listed). */
export async function walletsOfUser(db: Db, userId: number): Promise<WalletWithCurrency[]> {
  return selectWallets(db)
    .where(and(eq(wallets.userId, userId), eq(wallets.status, "open")))
    .orderBy(asc(wallets.id));
}

/**
 * The balances of some wallets, from the ledger: the available balance is the sum of the wallet
 * account's shards (the one number `post_entry` keeps), on hold is what orders paid from the wallet
 * hold in HOLD_STATUSES. Two queries whatever the number of wallets.
 */
export async function walletBalances(
  db: Db,
  walletRows: readonly WalletRow[],
): Promise<Map<number, WalletBalance>> {
  const result = new Map<number, WalletBalance>();
  if (walletRows.length === 0) return result;
  const accountIds = walletRows.map((wallet) => wallet.ledgerAccountId);
  const shardRows = await db
    .select({
      accountId: ledgerBalanceShards.accountId,
      total: sql<string>`coalesce(sum(${ledgerBalanceShards.balanceMinor}), 0)::text`,
    })
    .from(ledgerBalanceShards)
    .where(inArray(ledgerBalanceShards.accountId, accountIds))
    .groupBy(ledgerBalanceShards.accountId);
  const available = new Map(shardRows.map((row) => [row.accountId, BigInt(row.total)]));
  const holdRows = await db
    .select({
      walletId: orders.sourceWalletId,
      total: sql<string>`coalesce(sum(${orders.amountPaidMinor}), 0)::text`,
    })
    .from(orders)
    .where(
      and(
        inArray(
          orders.sourceWalletId,
          walletRows.map((wallet) => wallet.id),
        ),
        inArray(orders.status, [...HOLD_STATUSES]),
      ),
    )
    .groupBy(orders.sourceWalletId);
  const held = new Map(holdRows.map((row) => [row.walletId, BigInt(row.total)]));
  for (const wallet of walletRows) {
    const availableMinor = available.get(wallet.ledgerAccountId) ?? 0n;
    const onHoldMinor = held.get(wallet.id) ?? 0n;
    result.set(wallet.id, { balanceMinor: availableMinor + onHoldMinor, availableMinor, onHoldMinor });
  }
  return result;
}

export async function walletBalance(db: Db, wallet: WalletRow): Promise<WalletBalance> {
  const balances = await walletBalances(db, [wallet]);
  return balances.get(wallet.id) ?? { balanceMinor: 0n, availableMinor: 0n, onHoldMinor: 0n };
}

const orderCurrencyFrom = alias(currencies, "currency_from");
const orderCurrencyTo = alias(currencies, "currency_to");

export type WalletOrderFilters = { service?: string; status?: string; date_from?: string; date_to?: string };

/**
 * A movement of a wallet, as a bank statement lists it: an order's own (`order`, when it was
 * placed), or the refund that returned a refunded order's money to the wallet it left (`refund`,
 * when it was refunded). The ledger has the same two entries, so the list nets as the balance does.
 */
export type WalletMovementKind = "order" | "refund";

/**
 * One page of a wallet's movements, newest first, with their orders (whoever placed them) and
 * currencies; and how many match in all. An order is listed when money went out of (source) or
 * into (target) the wallet, and once more, as its refund, when it was paid from the wallet and
 * refunded. The service and status filters are the order's; the days (UTC, both included) are the
 * movement's.
 */
export async function walletOrdersPage(
  db: Db,
  walletId: number,
  filters: WalletOrderFilters,
  paging: { page: number; limit: number },
) {
  const orderFilters = sql.join(
    [
      filters.service ? sql`and ${orders.service} = ${filters.service}` : sql``,
      filters.status ? sql`and ${orders.status} = ${filters.status}` : sql``,
    ],
    sql` `,
  );
  const refundedAt = sql`coalesce((select max(${orderStatusHistory.createdAt}) from ${orderStatusHistory}
    where ${orderStatusHistory.orderId} = ${orders.id} and ${orderStatusHistory.toStatus} = 'refunded'),
    ${orders.updatedAt})`;
  const movements = sql`(
    select ${orders.id} as order_id, 'order' as movement, ${orders.createdAt} as at from ${orders}
      where (${orders.sourceWalletId} = ${walletId} or ${orders.targetWalletId} = ${walletId}) ${orderFilters}
    union all
    select ${orders.id}, 'refund', ${refundedAt} from ${orders}
      where ${orders.sourceWalletId} = ${walletId} and ${orders.status} = 'refunded' ${orderFilters}
  ) as movements`;
  const days = sql.join(
    [
      sql`true`,
      filters.date_from ? sql`and at >= ${`${filters.date_from}T00:00:00Z`}::timestamptz` : sql``,
      filters.date_to
        ? sql`and at < ${`${filters.date_to}T00:00:00Z`}::timestamptz + interval '1 day'`
        : sql``,
    ],
    sql` `,
  );
  const [page, totals] = await Promise.all([
    queryRows<{ order_id: number; movement: WalletMovementKind; at_ms: string }>(
      db,
      sql`
      select order_id, movement, (extract(epoch from at) * 1000)::bigint::text as at_ms
      from ${movements} where ${days}
      order by at desc, order_id desc, movement desc
      limit ${paging.limit} offset ${(paging.page - 1) * paging.limit}`,
    ),
    queryRows<{ total: string }>(db, sql`select count(*)::text as total from ${movements} where ${days}`),
  ]);
  const ids = page.map((row) => Number(row.order_id));
  const found =
    ids.length === 0
      ? []
      : await db
          .select({
            order: orders,
            currencyFrom: { iso: orderCurrencyFrom.iso, decimals: orderCurrencyFrom.decimals },
            currencyTo: { iso: orderCurrencyTo.iso, decimals: orderCurrencyTo.decimals },
          })
          .from(orders)
          .innerJoin(orderCurrencyFrom, eq(orderCurrencyFrom.id, orders.currencyFromId))
          .innerJoin(orderCurrencyTo, eq(orderCurrencyTo.id, orders.currencyToId))
          .where(inArray(orders.id, ids));
  const byId = new Map(found.map((row) => [row.order.id, row]));
  const rows = page.flatMap((row) => {
    const hit = byId.get(Number(row.order_id));
    return hit ? [{ ...hit, movement: row.movement, at: new Date(Number(row.at_ms)) }] : [];
  });
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

/**
 * A ledger account's balance before `start` and its movements per UTC day from then on, from its
 * postings and their entries' times (the balance chart).
 */
export async function balanceHistoryRows(db: Db, accountId: bigint, start: Date) {
  const [opening] = await db
    .select({ total: sql<string>`coalesce(sum(${postings.amountMinor}), 0)::text` })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(and(eq(postings.accountId, accountId), lt(journalEntries.createdAt, start)));
  const day = sql<string>`to_char(${journalEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const daily = await db
    .select({ day, total: sql<string>`sum(${postings.amountMinor})::text` })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(and(eq(postings.accountId, accountId), gte(journalEntries.createdAt, start)))
    .groupBy(day);
  return {
    openingMinor: BigInt(opening?.total ?? "0"),
    daily: daily.map((row) => ({ day: row.day, amountMinor: BigInt(row.total) })),
  };
}

/** The caller's open wallets with what each has available, the currencies a wallet send may leave from. */
export async function sendingWallets(db: Db, userId: number) {
  const rows = await queryRows<{
    id: number;
    iso: string;
    name: string;
    decimals: number;
    symbol: string;
    public_id: string;
    available: string;
  }>(
    db,
    sql`select c.id, c.iso, c.name, c.decimals, c.symbol, w.public_id,
          coalesce((select sum(s.balance_minor) from ledger_balance_shards s
                    where s.account_id = w.ledger_account_id), 0)::text as available
        from wallets w join currencies c on c.id = w.currency_id
        where w.user_id = ${userId} and w.status = 'open'
        order by w.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    iso: row.iso,
    name: row.name,
    decimals: row.decimals,
    symbol: row.symbol,
    wallet_id: row.public_id,
    available: fromMinor(BigInt(row.available), row.decimals),
  }));
}
