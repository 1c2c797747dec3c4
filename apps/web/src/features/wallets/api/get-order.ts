import { queryOptions, skipToken } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/orders";
import type { ConfirmationRecord, OrderPayment } from "@vela/shared/orders";
import { api } from "@/shared/api/api-client";

/** The placed order: the transaction's record until its details (which add the payment) arrive. */
export type WalletOrderRecord = ConfirmationRecord & { payment?: OrderPayment | null };

/**
 * GET /orders/{id}/details: the placed order as it stands. CONFIRMATION follows it while it moves
 * by itself (a deposit's payment arriving, a withdrawal's payout settling: its flow sets the
 * polling). Only the confirmation record's fields and the payment are read (the details add the
 * timeline), so the transaction's answer can stand in until the details arrive.
 */
export const walletOrderQueryOptions = (orderId: number | null) =>
  queryOptions({
    queryKey: ["orders", "details", orderId],
    queryFn:
      orderId === null
        ? skipToken
        : ({ signal }): Promise<WalletOrderRecord> =>
            api.call(contract.getOrderDetails, { params: { id: orderId } }, { signal }),
  });
