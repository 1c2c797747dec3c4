import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import {
  countries,
  currencies,
  orderStatusHistory,
  orders,
  payments,
  quotations,
  recipients,
  senders,
  shippingMethods,
} from "../db/schema/index";
import { ORDER_TRANSITIONS, type OrderStatus } from "./status";
import type { OrderRow } from "./transition";

export type PaymentRow = typeof payments.$inferSelect;
export type OrderValues = Omit<typeof orders.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** Statuses an order can still leave: the sweep after a restart looks at these. */
export const OPEN_STATUSES = (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter(
  (status) => ORDER_TRANSITIONS[status].length > 0,
);

export async function findPayment(db: Db, id: number): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

export async function findOrder(db: Db, id: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

export async function findOrderByPayment(db: Db, paymentId: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.paymentId, paymentId));
  return row ?? null;
}

/** The user's latest order of a service (the "send again" of GET last-transaction). */
export async function latestOrder(db: Db, userId: number, service: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.service, service)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row ?? null;
}

/**
 * Marks an open, unexpired quotation used: the one claim two concurrent transactions race for (the
 * second waits on the row's lock, then finds it used). Null when it was not open any more.
 */
export async function claimQuotation(tx: Db, id: number) {
  const [row] = await tx
    .update(quotations)
    .set({ status: "used", updatedAt: sql`now()` })
    .where(and(eq(quotations.id, id), eq(quotations.status, "open"), gt(quotations.expiresAt, sql`now()`)))
    .returning();
  return row ?? null;
}

export async function insertOrder(tx: Db, values: OrderValues): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  return row!;
}

/** The history of a new order's first steps (none moves money), in one insert: e.g. created → awaiting_payment. */
export async function insertFirstHistory(tx: Db, orderId: number, steps: readonly OrderStatus[]) {
  await tx
    .insert(orderStatusHistory)
    .values(steps.map((toStatus, index) => ({ orderId, fromStatus: steps[index - 1] ?? null, toStatus })));
}

/** Orders still waiting on something, oldest first (the sweep on start). */
export async function openOrderIds(db: Db, limit = 1000): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(inArray(orders.status, OPEN_STATUSES))
    .orderBy(orders.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function recipientRow(db: Db, id: number) {
  const [row] = await db.select().from(recipients).where(eq(recipients.id, id));
  return row ?? null;
}

const senderCountry = alias(countries, "sender_country");
const recipientCountry = alias(countries, "recipient_country");
const currencyFrom = alias(currencies, "currency_from");
const currencyTo = alias(currencies, "currency_to");

/**
 * What an order's copy of its terms names besides the quotation, in one round trip: the sender and
 * the recipient with their countries' ISO codes, the delivery method and both currencies. Null
 * when the sender or the recipient row is gone.
 */
export async function orderParties(
  db: Db,
  ids: {
    senderId: number;
    recipientId: number;
    shippingMethodId: number | null;
    currencyFromId: number;
    currencyToId: number;
  },
) {
  const [row] = await db
    .select({
      sender: senders,
      senderIso: senderCountry.iso2,
      recipient: recipients,
      recipientIso: recipientCountry.iso2,
      method: { id: shippingMethods.id, name: shippingMethods.name, slug: shippingMethods.slug },
      fromDecimals: currencyFrom.decimals,
      toDecimals: currencyTo.decimals,
    })
    .from(senders)
    .innerJoin(recipients, eq(recipients.id, ids.recipientId))
    .leftJoin(senderCountry, eq(senderCountry.id, senders.countryId))
    .leftJoin(recipientCountry, eq(recipientCountry.id, recipients.countryId))
    .leftJoin(shippingMethods, eq(shippingMethods.id, ids.shippingMethodId ?? 0))
    .leftJoin(currencyFrom, eq(currencyFrom.id, ids.currencyFromId))
    .leftJoin(currencyTo, eq(currencyTo.id, ids.currencyToId))
    .where(eq(senders.id, ids.senderId));
  return row ?? null;
}

export async function statusHistoryOf(db: Db, orderId: number) {
  return db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(orderStatusHistory.id);
}
