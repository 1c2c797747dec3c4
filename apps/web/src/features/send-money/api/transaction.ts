import { queryOptions } from "@tanstack/react-query";
import * as orders from "@vela/shared/contract/orders";
import * as pricing from "@vela/shared/contract/pricing";
import type { ConfirmationRecord, OrderDetails } from "@vela/shared/orders";
import { api } from "@/shared/api/api-client";

/** GET /quotations/{id}: the flow's quotation as it stands (server state, asked again after a reload). */
export const quotationQueryOptions = (quotationId: number) =>
  queryOptions({
    queryKey: ["quotations", quotationId],
    queryFn: ({ signal }) => api.call(pricing.getQuotation, { params: { id: quotationId } }, { signal }),
  });

/**
 * POST /consignments/transaction with the attempt's Idempotency-Key: places the order for the
 * quotation and its payment, and answers the confirmation record (spec §3).
 */
export const createTransaction = (
  body: { quotation_id: number; payment_id: number },
  idempotencyKey: string,
) =>
  api.call(orders.createConsignmentTransaction, { body }, { headers: { "Idempotency-Key": idempotencyKey } });

/** GET /orders/{id}/details: the confirmed order again (CONFIRMATION after a reload). */
export const orderDetailsQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: ["orders", "details", orderId],
    // CONFIRMATION seeds this cache with the confirmation record the transaction answered.
    queryFn: ({ signal }): Promise<OrderDetails | ConfirmationRecord> =>
      api.call(orders.getOrderDetails, { params: { id: orderId } }, { signal }),
  });
