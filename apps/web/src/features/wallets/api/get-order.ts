import { queryOptions, skipToken } from "@tanstack/react-query";
import {
  type ConfirmationRecord,
  ORDER_STATUSES,
  type OrderPayment,
  type OrderStatus,
} from "@vela/shared/orders";
import { api } from "@/shared/api/api-client";

/** Statuses after which an order does not move by itself any more. */
const SETTLED: ReadonlySet<OrderStatus> = new Set(
  ORDER_STATUSES.filter((status) =>
    ["completed", "failed", "payment_failed", "cancelled", "refunded"].includes(status),
  ),
);
export const isSettled = (status: OrderStatus) => SETTLED.has(status);

/** The placed order: the transaction's record until its details (which add the payment) arrive. */
export type WalletOrderRecord = ConfirmationRecord & { payment?: OrderPayment | null };

/**
 * GET /orders/{id}/details: the placed order as it stands. CONFIRMATION follows it while it moves
 * by itself (a deposit's payment arriving, a withdrawal's payout settling). Only the confirmation
 * record's fields and the payment are read (the details add the timeline), so the transaction's
 * answer can stand in until the details arrive.
 */
export const walletOrderQueryOptions = (orderId: number | null) =>
  queryOptions({
    queryKey: ["orders", "details", orderId],
    queryFn:
      orderId === null
        ? skipToken
        : ({ signal }) => api.get<WalletOrderRecord>(`orders/${orderId}/details`, undefined, signal),
    refetchInterval: (query) => (query.state.data && !isSettled(query.state.data.status) ? 4000 : false),
  });
