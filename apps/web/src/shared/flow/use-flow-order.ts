import type { OrderStatus } from "@vela/shared/orders";
import { useState } from "react";

/** Statuses after which an order does not move by itself any more. */
export const SETTLED_ORDER_STATUSES: ReadonlySet<OrderStatus> = new Set<OrderStatus>([
  "completed",
  "failed",
  "payment_failed",
  "cancelled",
  "refunded",
]);

/** An order that has not settled yet: CONFIRMATION keeps asking for it. */
export const isOrderMoving = (order: { status: OrderStatus }) => !SETTLED_ORDER_STATUSES.has(order.status);

/**
 * CONFIRMATION's polling: a `refetchInterval` that asks for the order again every `pollMs` until it
 * is final (a payment captured, a payout sent, a code issued).
 */
export const pollUntilFinal =
  <Order>(isMoving: (order: Order) => boolean, pollMs: number) =>
  (query: { state: { data: Order | undefined } }) =>
    query.state.data && isMoving(query.state.data) ? pollMs : false;

/**
 * The transaction's own answer, handed to `showConfirmed`, stands in (as `placeholderData`) for the
 * order CONFIRMATION asks for, until the order's details arrive.
 */
export const useConfirmedOrder = <Order extends { order_id: number }>(orderId: number | null) => {
  const [confirmed, setConfirmed] = useState<Order | null>(null);
  return {
    placeholder: confirmed?.order_id === orderId ? (confirmed ?? undefined) : undefined,
    showConfirmed: setConfirmed,
  };
};
