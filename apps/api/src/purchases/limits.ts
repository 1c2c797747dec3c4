import { addAmounts, compareAmounts, convertAmount, fromMinor } from "@vela/shared/decimal";
import type { PurchaseService } from "@vela/shared/purchases";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client";
import { InvalidDataError } from "../http/errors";
import { type FxRateProvider, midRateFrom } from "../providers/fx/rate-provider";

/**
 * How much a person may buy of one purchase service in 30 days before we must verify who they are
 * (anti-money-laundering: gift cards and top-ups are a classic way to move value). Counted in US
 * dollars at today's mid rates over the orders that took money and were not given back.
 */
export const IDENTITY_THRESHOLD = { currency: "USD", amount: "1000.00", days: 30 } as const;

export const identityThresholdMessage = () =>
  `Purchases above ${IDENTITY_THRESHOLD.amount} ${IDENTITY_THRESHOLD.currency} in ${IDENTITY_THRESHOLD.days} days need identity verification first.`;

/** Statuses whose money is no longer the customer's: paid and not failed, cancelled or refunded. */
const SPENT_STATUSES = [
  "paid",
  "on_hold",
  "processing",
  "sent",
  "available_for_pickup",
  "completed",
  "awaiting_payment",
];

/** A service's spending of the last 30 days in US dollars (rounded down to cents). */
export async function spentInWindow(
  db: Db,
  rates: FxRateProvider,
  userId: number,
  service: PurchaseService,
): Promise<string> {
  const rows = await queryRows<{ iso: string; decimals: number; total: string }>(
    db,
    sql`select c.iso, c.decimals, sum(o.amount_paid_minor)::text as total
        from orders o join currencies c on c.id = o.currency_from_id
        where o.user_id = ${userId} and o.service = ${service}
          and o.status in (${sql.join(
            SPENT_STATUSES.map((status) => sql`${status}`),
            sql`, `,
          )})
          and o.created_at > now() - make_interval(days => ${IDENTITY_THRESHOLD.days})
        group by c.iso, c.decimals`,
  );
  return rows.reduce(
    (total, row) => addAmounts(total, inDollars(rates, row.iso, fromMinor(BigInt(row.total), row.decimals))),
    "0.00",
  );
}

/** An amount in US dollars at today's mid rate (0 when the currency has no rate). */
export function inDollars(rates: FxRateProvider, iso: string, amount: string): string {
  if (iso === IDENTITY_THRESHOLD.currency) return amount;
  const mid = midRateFrom(rates.table(), iso, IDENTITY_THRESHOLD.currency);
  return mid ? convertAmount(amount, mid.rate, 2) : "0.00";
}

/** Whether the last 30 days' purchases of a service have reached the threshold. */
export async function needsIdentityCheck(
  db: Db,
  rates: FxRateProvider,
  userId: number,
  service: PurchaseService,
): Promise<boolean> {
  const spent = await spentInWindow(db, rates, userId, service);
  return compareAmounts(spent, IDENTITY_THRESHOLD.amount) >= 0;
}

/** Refuses a quotation that would take the service's 30-day purchases past the threshold. */
export async function assertUnderIdentityThreshold(
  db: Db,
  rates: FxRateProvider,
  userId: number,
  service: PurchaseService,
  amountPaid: { iso: string; amount: string },
) {
  const spent = await spentInWindow(db, rates, userId, service);
  const after = addAmounts(spent, inDollars(rates, amountPaid.iso, amountPaid.amount));
  if (compareAmounts(after, IDENTITY_THRESHOLD.amount) > 0) {
    throw new InvalidDataError({ amount: [identityThresholdMessage()] }, identityThresholdMessage());
  }
}

/**
 * Serialises the purchases of one user and service for the rest of the caller's transaction (a
 * transaction-scoped advisory lock), so the 30-day count and the order that adds to it commit in turn.
 */
export async function lockPurchaseWindow(db: Db, userId: number, service: PurchaseService) {
  await queryRows(
    db,
    sql`select pg_advisory_xact_lock(hashtextextended(${`purchase-window:${userId}:${service}`}, 0))`,
  );
}
