import { queryOptions, skipToken } from "@tanstack/react-query";
import * as pricing from "@vela/shared/contract/pricing";
import * as contract from "@vela/shared/contract/purchases";
import * as wallets from "@vela/shared/contract/wallets";
import type { OrderStatus } from "@vela/shared/orders";
import type {
  BillQuotationRequest,
  GiftCardQuotationRequest,
  PurchaseQuotation,
  PurchaseService,
  TopupQuotationRequest,
} from "@vela/shared/purchases";
import { api } from "@/shared/api/api-client";

export type PurchaseQuotationRequest = {
  "reload-phones": TopupQuotationRequest;
  "gift-cards": GiftCardQuotationRequest;
  "prepaid-pay-bills": BillQuotationRequest;
};

/** POST /{service}/quotation: holds the price of the purchase (a quotation with its `item`). */
export const createPurchaseQuotation = <S extends PurchaseService>(
  service: S,
  body: PurchaseQuotationRequest[S],
) => api.call(contract.createPurchaseQuotation, { params: { service }, body });

/**
 * GET /quotations/{id}: the flow's quotation again (after a reload). The create answer is put in
 * the cache under this key, so the steps after it read the quotation with its `item`.
 */
export const purchaseQuotationQueryOptions = (quotationId: number | null) =>
  queryOptions({
    queryKey: ["quotations", quotationId],
    queryFn:
      quotationId === null
        ? skipToken
        : async ({ signal }) =>
            // The contract's quotation has no `item`: the steps read the one the create answer put here.
            (await api.call(
              pricing.getQuotation,
              { params: { id: quotationId } },
              { signal },
            )) as PurchaseQuotation,
  });

/** POST /{service}/transaction with the attempt's Idempotency-Key; no payment_id when the wallet pays. */
export const createPurchaseTransaction = (
  service: PurchaseService,
  body: { quotation_id: number; payment_id?: number },
  idempotencyKey: string,
) =>
  api.call(
    contract.createPurchaseTransaction,
    { params: { service }, body },
    { headers: { "Idempotency-Key": idempotencyKey } },
  );

/** Statuses after which a purchase does not move by itself any more. */
export const FINAL_PURCHASE_STATUSES: ReadonlySet<OrderStatus> = new Set<OrderStatus>([
  "completed",
  "refunded",
  "cancelled",
  "payment_failed",
]);

/** How often CONFIRMATION asks for the order while it moves. */
export const ORDER_POLL_MS = 2000;

/**
 * GET /{service}/orders/{id}: the purchase as it stands. CONFIRMATION asks for it every 2 s until
 * its status is final (its flow sets the polling, see `pollUntilFinal`).
 */
export const purchaseOrderQueryOptions = (service: PurchaseService, orderId: number | null) =>
  queryOptions({
    queryKey: ["purchases", service, "orders", orderId],
    queryFn:
      orderId === null
        ? skipToken
        : ({ signal }) =>
            api.call(contract.getPurchaseOrder, { params: { service, id: orderId } }, { signal }),
  });

/** POST /gift-cards/orders/{id}/redeem-code: the code and PIN, answered once. */
export const revealRedeemCode = (orderId: number) =>
  api.call(contract.revealRedeemCode, { params: { id: orderId } });

/** GET /wallets/u-wallets: the user's open wallets (what a purchase can be paid in). */
export const payInWalletsQueryOptions = () =>
  queryOptions({
    queryKey: ["wallets", "u-wallets"],
    queryFn: ({ signal }) => api.call(wallets.getUserWallets, {}, { signal }),
    // Agents have no wallets: the country's currency is offered alone.
    meta: { notifyOnError: false },
    retry: false,
  });
