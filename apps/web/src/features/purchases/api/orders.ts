import { queryOptions, skipToken } from "@tanstack/react-query";
import type { OrderStatus } from "@vela/shared/orders";
import type {
  BillQuotationRequest,
  GiftCardQuotationRequest,
  PurchaseConfirmation,
  PurchaseQuotation,
  PurchaseService,
  RedeemCode,
  TopupQuotationRequest,
} from "@vela/shared/purchases";
import type { Wallet } from "@vela/shared/wallets";
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
) => api.post<PurchaseQuotation>(`${service}/quotation`, body);

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
        : ({ signal }) => api.get<PurchaseQuotation>(`quotations/${quotationId}`, undefined, signal),
  });

/** POST /{service}/transaction with the attempt's Idempotency-Key; no payment_id when the wallet pays. */
export const createPurchaseTransaction = (
  service: PurchaseService,
  body: { quotation_id: number; payment_id?: number },
  idempotencyKey: string,
) =>
  api.request<PurchaseConfirmation>("POST", `${service}/transaction`, {
    body,
    headers: { "Idempotency-Key": idempotencyKey },
  });

/** Statuses after which a purchase does not move by itself any more. */
export const FINAL_PURCHASE_STATUSES: ReadonlySet<OrderStatus> = new Set<OrderStatus>([
  "completed",
  "refunded",
  "cancelled",
  "payment_failed",
]);

/** How often CONFIRMATION asks for the order while it moves. */
export const ORDER_POLL_MS = 2000;

/** GET /{service}/orders/{id}: the purchase as it stands, asked every 2 s until its status is final. */
export const purchaseOrderQueryOptions = (service: PurchaseService, orderId: number | null) =>
  queryOptions({
    queryKey: ["purchases", service, "orders", orderId],
    queryFn:
      orderId === null
        ? skipToken
        : ({ signal }) => api.get<PurchaseConfirmation>(`${service}/orders/${orderId}`, undefined, signal),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return false;
      const waitingForCode = data.redeem_code_status === "pending";
      return FINAL_PURCHASE_STATUSES.has(data.status) && !waitingForCode ? false : ORDER_POLL_MS;
    },
  });

/** POST /gift-cards/orders/{id}/redeem-code: the code and PIN, answered once. */
export const revealRedeemCode = (orderId: number) =>
  api.post<RedeemCode>(`gift-cards/orders/${orderId}/redeem-code`);

/** GET /wallets/u-wallets: the user's open wallets (what a purchase can be paid in). */
export const payInWalletsQueryOptions = () =>
  queryOptions({
    queryKey: ["wallets", "u-wallets"],
    queryFn: ({ signal }) => api.get<Wallet[]>("wallets/u-wallets", undefined, signal),
    // Agents have no wallets: the country's currency is offered alone.
    meta: { notifyOnError: false },
    retry: false,
  });
