import type { Language } from "@vela/shared/api";
import type { OrderDetails, OrderListItem, TrackingAnswer } from "@vela/shared/orders";
import type { Db } from "../db/client";
import { NotFoundError } from "../http/errors";
import { paymentsInReview } from "../payments/repository";
import { orderPaymentOf } from "./payment";
import { renderReceipt } from "./receipt";
import { toOrderDetails, toOrderListItem, toTrackingAnswer } from "./records";
import {
  findOrderByTrackingNumber,
  findUserOrder,
  type HistoryOrder,
  listUserOrders,
  type OrderFilters,
  statusHistoryOf,
} from "./repository";

export type HistoryDeps = { db: Db };

/** How many orders the dashboard's recent activity shows. */
export const RECENT_ACTIVITY_SIZE = 5;

const ORDER_NOT_FOUND = "Order not found.";
export const TRACKING_NOT_FOUND = "No transfer has this tracking number.";

export async function listOrders(
  { db }: HistoryDeps,
  userId: number,
  query: OrderFilters & { page: number; limit: number },
): Promise<{ rows: OrderListItem[]; total: number }> {
  const { rows, total } = await listUserOrders(db, userId, query, query);
  return { rows: await listItems(db, rows), total };
}

export async function recentActivity({ db }: HistoryDeps, userId: number): Promise<OrderListItem[]> {
  const { rows } = await listUserOrders(db, userId, {}, { page: 1, limit: RECENT_ACTIVITY_SIZE });
  return listItems(db, rows);
}

/** The rows as listed, each saying whether its push transfer is held for review. */
async function listItems(db: Db, rows: HistoryOrder[]): Promise<OrderListItem[]> {
  const held = await paymentsInReview(
    db,
    rows.flatMap(({ order }) => (order.paymentId === null ? [] : [order.paymentId])),
  );
  return rows.map((row) =>
    toOrderListItem(row, row.order.paymentId !== null && held.has(row.order.paymentId)),
  );
}

/** One of the user's orders with its timeline and parties; anyone else's answers 404. */
export async function orderDetails(
  { db }: HistoryDeps,
  userId: number,
  orderId: number,
): Promise<OrderDetails> {
  const found = await findUserOrder(db, userId, orderId);
  if (!found) throw new NotFoundError(ORDER_NOT_FOUND);
  const [history, payment] = await Promise.all([
    statusHistoryOf(db, orderId),
    orderPaymentOf(db, found.order.paymentId),
  ]);
  return toOrderDetails(found, history, payment);
}

export async function orderReceipt(
  deps: HistoryDeps,
  userId: number,
  orderId: number,
  language: Language = "en",
): Promise<{ ref: string; pdf: Buffer }> {
  const details = await orderDetails(deps, userId, orderId);
  return { ref: details.ref, pdf: await renderReceipt(details, language) };
}

/**
 * The public tracking answer. A number that matches nothing goes through the same two queries
 * (the history of no order) so that timing tells nothing about which numbers exist.
 */
export async function trackOrder({ db }: HistoryDeps, trackingNumber: string): Promise<TrackingAnswer> {
  const order = await findOrderByTrackingNumber(db, trackingNumber);
  const history = await statusHistoryOf(db, order?.id ?? 0);
  if (!order) throw new NotFoundError(TRACKING_NOT_FOUND);
  return toTrackingAnswer(order, history);
}
