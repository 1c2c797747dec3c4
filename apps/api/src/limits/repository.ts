import type { LimitWindow, VerificationLevel } from "@vela/shared/verification";
import { and, eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client";
import { verificationLimits } from "../db/schema/index";

/**
 * The order services that count against a verification level's limits: money leaving the account
 * (transfers, wallet sends and withdrawals, purchases). Deposits and conversions between one's own
 * wallets move nothing out, so they do not count.
 */
export const COUNTED_SERVICES = [
  "consignments",
  "wallet-send",
  "wallet-withdraw",
  "reload-phones",
  "gift-cards",
  "prepaid-pay-bills",
] as const;

/** Statuses whose money is no longer the customer's: taken (or on its way) and not failed or given back. */
export const SPENT_STATUSES = [
  "awaiting_payment",
  "paid",
  "on_hold",
  "processing",
  "sent",
  "available_for_pickup",
  "completed",
] as const;

/** Each window's length, as a Postgres interval. */
export const WINDOW_INTERVALS: Record<LimitWindow, string> = {
  "24h": "24 hours",
  "30d": "30 days",
  "180d": "180 days",
};

/**
 * Serialises every money-moving transaction of one user, whatever the service, for the rest of the
 * caller's transaction: the window sums and the order that adds to them commit in turn, so two
 * requests fired together cannot both pass a limit. The same key for every service.
 */
export async function lockMoneyMoving(tx: Db, userId: number) {
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtextextended(${`money-moving:${userId}`}, 0))`);
}

export type LevelLimitRow = { level: VerificationLevel; window: LimitWindow; amountMinor: bigint };

/** Every level's limits as stored now (read per request: a change takes effect on the next one). */
export async function allLimits(db: Db): Promise<LevelLimitRow[]> {
  return db
    .select({
      level: verificationLimits.level,
      window: verificationLimits.window,
      amountMinor: verificationLimits.amountMinor,
    })
    .from(verificationLimits);
}

export async function limitsOf(db: Db, level: VerificationLevel): Promise<LevelLimitRow[]> {
  return db
    .select({
      level: verificationLimits.level,
      window: verificationLimits.window,
      amountMinor: verificationLimits.amountMinor,
    })
    .from(verificationLimits)
    .where(eq(verificationLimits.level, level));
}

/** Sets one limit (the CLI): inserts it when missing. */
export async function setLimit(db: Db, level: VerificationLevel, window: LimitWindow, amountMinor: bigint) {
  await db
    .insert(verificationLimits)
    .values({ level, window, amountMinor })
    .onConflictDoUpdate({
      target: [verificationLimits.level, verificationLimits.window],
      set: { amountMinor, updatedAt: sql`now()` },
    });
  const [row] = await db
    .select()
    .from(verificationLimits)
    .where(and(eq(verificationLimits.level, level), eq(verificationLimits.window, window)));
  return row!;
}

/**
 * A user's counted orders of the last 180 days, per paying currency, summed per window: the USD
 * cents stored at placement, and the amounts paid of older orders placed before that column existed
 * (the caller prices those at today's rate). One query on orders_user_created_idx.
 */
export type WindowSumRow = {
  iso: string;
  decimals: number;
  usd_24h: string;
  usd_30d: string;
  usd_180d: string;
  legacy_24h: string;
  legacy_30d: string;
  legacy_180d: string;
};

export async function windowSums(db: Db, userId: number): Promise<WindowSumRow[]> {
  const inWindow = (window: LimitWindow) => sql`o.created_at > now() - ${WINDOW_INTERVALS[window]}::interval`;
  const usd = (window: LimitWindow) =>
    sql`coalesce(sum(o.usd_equivalent_minor) filter (where ${inWindow(window)}), 0)::text`;
  const legacy = (window: LimitWindow) =>
    sql`coalesce(sum(o.amount_paid_minor) filter (where o.usd_equivalent_minor is null and ${inWindow(window)}), 0)::text`;
  return queryRows<WindowSumRow>(
    db,
    sql`select c.iso, c.decimals,
          ${usd("24h")} as usd_24h, ${usd("30d")} as usd_30d, ${usd("180d")} as usd_180d,
          ${legacy("24h")} as legacy_24h, ${legacy("30d")} as legacy_30d, ${legacy("180d")} as legacy_180d
        from orders o join currencies c on c.id = o.currency_from_id
        where o.user_id = ${userId}
          and o.service in (${sql.join(
            COUNTED_SERVICES.map((service) => sql`${service}`),
            sql`, `,
          )})
          and o.status in (${sql.join(
            SPENT_STATUSES.map((status) => sql`${status}`),
            sql`, `,
          )})
          and ${inWindow("180d")}
        group by c.iso, c.decimals`,
  );
}
