/**
 * The life of an order (ARCHITECTURE §5): created → awaiting_payment → paid → processing →
 * sent | available_for_pickup → completed, with the payment_failed, cancelled, on_hold (compliance),
 * failed (the payout partner refused) and refunded branches. An order moves only along
 * ORDER_TRANSITIONS, through `transition()` (orders/transition.ts).
 */
import { ORDER_STATUSES, type OrderStatus } from "@vela/shared/orders";

export { ORDER_STATUSES, type OrderStatus };

/** From each status, where it may go next. Final statuses go nowhere. */
export const ORDER_TRANSITIONS = {
  created: ["awaiting_payment", "paid", "cancelled"],
  awaiting_payment: ["paid", "payment_failed", "cancelled"],
  payment_failed: [],
  paid: ["processing", "on_hold", "refunded"],
  // A review releases it straight to processing (nothing posts); back to paid would write a second
  // paid step over the one entry its key allows, and screen it again.
  on_hold: ["processing", "refunded"],
  processing: ["sent", "available_for_pickup", "failed"],
  sent: ["completed", "failed"],
  available_for_pickup: ["completed", "failed"],
  failed: ["refunded"],
  completed: [],
  cancelled: [],
  refunded: [],
} as const satisfies Record<OrderStatus, readonly OrderStatus[]>;

export const isFinalStatus = (status: OrderStatus) => ORDER_TRANSITIONS[status].length === 0;

export const canTransition = (from: OrderStatus, to: OrderStatus) =>
  (ORDER_TRANSITIONS[from] as readonly OrderStatus[]).includes(to);

export const isOrderStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);
