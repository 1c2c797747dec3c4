import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { countries, currencies, orderStatusHistory, orders } from "../db/schema/index";

export type OrderRow = typeof orders.$inferSelect;
export type StatusHistoryRow = typeof orderStatusHistory.$inferSelect;

/** An order with what describing it needs beside its own columns: its currencies' codes and digits. */
export type HistoryOrder = {
  order: OrderRow;
  currencyFrom: { iso: string; decimals: number };
  currencyTo: { iso: string; decimals: number };
  countryToIso: string | null;
};

export type OrderFilters = { service?: string; status?: string };

const currencyFrom = alias(currencies, "currency_from");
const currencyTo = alias(currencies, "currency_to");
const countryTo = alias(countries, "country_to");

/** One select for every reader here: the order joined to its currencies and destination country. */
function selectOrders(db: Db) {
  return db
    .select({
      order: orders,
      currencyFrom: { iso: currencyFrom.iso, decimals: currencyFrom.decimals },
      currencyTo: { iso: currencyTo.iso, decimals: currencyTo.decimals },
      countryToIso: countryTo.iso2,
    })
    .from(orders)
    .innerJoin(currencyFrom, eq(currencyFrom.id, orders.currencyFromId))
    .innerJoin(currencyTo, eq(currencyTo.id, orders.currencyToId))
    .leftJoin(countryTo, eq(countryTo.id, orders.countryToId));
}

function userFilter(userId: number, filters: OrderFilters): SQL | undefined {
  return and(
    eq(orders.userId, userId),
    filters.service ? eq(orders.service, filters.service) : undefined,
    filters.status ? eq(orders.status, filters.status) : undefined,
  );
}

/** One page of the user's orders, newest first (ties broken by id), and how many match in all. */
export async function listUserOrders(
  db: Db,
  userId: number,
  filters: OrderFilters,
  paging: { page: number; limit: number },
): Promise<{ rows: HistoryOrder[]; total: number }> {
  const where = userFilter(userId, filters);
  const [rows, totals] = await Promise.all([
    selectOrders(db)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The user's own order; another user's is as absent as one that never existed. */
export async function findUserOrder(db: Db, userId: number, id: number): Promise<HistoryOrder | undefined> {
  const [row] = await selectOrders(db).where(and(eq(orders.id, id), eq(orders.userId, userId)));
  return row;
}

export async function findOrderByTrackingNumber(
  db: Db,
  trackingNumber: string,
): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.trackingNumber, trackingNumber));
  return row;
}

/** Every status the order passed through, oldest first. */
export function statusHistoryOf(db: Db, orderId: number): Promise<StatusHistoryRow[]> {
  return db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.id));
}
