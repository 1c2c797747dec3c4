import { z } from "zod";
import { recordId } from "./api";
import { PAYMENT_STATUSES, transferInstructions } from "./payments";
import { pricedCorridorFields } from "./pricing";
import { orderPartyFields } from "./recipients";

/**
 * The order contract (spec §3 confirmation record; §7 Send money transaction and last-transaction,
 * History, tracking). Statuses come from the server (spec §4); these are their names and labels.
 */
export const ORDER_STATUSES = [
  "created",
  "awaiting_payment",
  "payment_failed",
  "paid",
  "on_hold",
  "processing",
  "sent",
  "available_for_pickup",
  "completed",
  "failed",
  "cancelled",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS = {
  created: "Created",
  awaiting_payment: "Awaiting payment",
  payment_failed: "Payment failed",
  paid: "Paid",
  on_hold: "On hold",
  processing: "Processing",
  sent: "Sent",
  available_for_pickup: "Available for pickup",
  completed: "Completed",
  failed: "Failed",
  cancelled: "Cancelled",
  refunded: "Refunded",
} as const satisfies Record<OrderStatus, string>;

/** The services an order can come from (the history's service select). */
export const ORDER_SERVICES = {
  consignments: "Send money",
  "wallet-deposit": "Wallet deposit",
  "wallet-convert": "Wallet conversion",
  "wallet-send": "Wallet send",
  "wallet-withdraw": "Wallet withdrawal",
  "reload-phones": "Phone top-up",
  "gift-cards": "Gift card",
  "prepaid-pay-bills": "Bill payment",
} as const;
export type OrderService = keyof typeof ORDER_SERVICES;

/**
 * Spec §3 confirmation record: what POST /consignments/transaction, POST /send_money and GET
 * /consignments/last-transaction answer (`{product}_fee_amount` is `vela_fee_amount`). Amounts are
 * decimal strings in their currency's digits; dates ISO 8601.
 */
export const confirmationRecord = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  ref: z.string(),
  ref_contract: z.string(),
  tracking_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  status_label: z.string(),
  quotation_id: z.number().int(),
  /** The payment's id. */
  payment_detail_id: z.number().int().nullable(),
  payment_method: z.string(),
  ...orderPartyFields,
  /** The payout partner's id and the delivery method's id (shipping_method_id). */
  service_provider_id: z.number().int().nullable(),
  service_type_id: z.number().int().nullable(),
  ...pricedCorridorFields,
  send_amount: z.string(),
  external_fee_amount: z.string(),
  vela_fee_amount: z.string(),
  discount: z.string(),
  amount_paid: z.string(),
  rate: z.string(),
  receiving_amount: z.string(),
  guaranteed_rate: z.boolean(),
  /** The delivery method's name ("Bank deposit", "Cash pickup"). */
  delivery_method: z.string(),
  /** The processing time as priced ("Within 1 business day") and its id (shipping_method_id). */
  processing_time: z.string(),
  processing_time_id: z.number().int().nullable(),
  /** When the money is expected to arrive (ISO 8601). */
  arrive: z.string().nullable(),
  /** A cash pickup's reference once the partner makes it available. */
  pickup_reference: z.string().nullable(),
  /** Why it failed, was held or refunded. */
  status_reason: z.string().nullable(),
  /** The terms as priced (the quotation's calculation when the order was placed). */
  quotation: z.record(z.string(), z.unknown()),
  /** The receipt PDF: GET /api/orders/generate/{id} (authenticated). */
  url_pdf: z.string(),
  created_at: z.string(),
  /** The day it was placed, for display ("2026-11-23"). */
  date: z.string(),
});
export type ConfirmationRecord = z.infer<typeof confirmationRecord>;

/** POST /consignments/transaction and POST /send_money (with an Idempotency-Key header). */
export const transactionRequest = z.object({
  quotation_id: recordId,
  payment_id: recordId,
});

/** One step of an order's life, as the history and the public tracking page show it. */
export const statusStep = z.object({
  status: z.enum(ORDER_STATUSES),
  label: z.string(),
  at: z.string(),
});
export type StatusStep = z.infer<typeof statusStep>;

/** An order's amounts as its list rows show them: what was sent and paid, and what is received. */
export const orderAmountFields = {
  send_amount: z.string(),
  amount_paid: z.string(),
  currency_from_iso: z.string(),
  receiving_amount: z.string(),
  currency_to_iso: z.string(),
};

/** A row of GET /orders and of dashboard/recent-activity. */
export const orderListItem = z.object({
  id: z.number().int(),
  ref: z.string(),
  tracking_number: z.string(),
  service: z.string(),
  service_name: z.string(),
  status: z.enum(ORDER_STATUSES),
  status_label: z.string(),
  ...orderAmountFields,
  recipient_name: z.string().nullable(),
  country_to_iso: z.string().nullable(),
  created_at: z.string(),
  /** A push transfer that arrived with another amount is held for review: nothing is credited yet. */
  in_review: z.boolean(),
});
export type OrderListItem = z.infer<typeof orderListItem>;

/**
 * The payment of an order as its details show it: where it stands, whether a push transfer that
 * arrived with another amount is held for review (nothing is credited meanwhile), and a push
 * transfer's instructions (bank details and `VLT-` reference), to be quoted again after PAYMENT.
 */
export const orderPayment = z.object({
  id: z.number().int(),
  method: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  in_review: z.boolean(),
  amount: z.string(),
  currency: z.string(),
  /** What arrived, for a transfer in review; null otherwise. */
  received_amount: z.string().nullable(),
  instructions: transferInstructions.nullable(),
});
export type OrderPayment = z.infer<typeof orderPayment>;

/**
 * GET /orders/{id}/details and recent_activity/{id}: the record plus its service (so the page is
 * titled for a gift card, a deposit…, as the list names it), its timeline, parties and payment.
 */
export const orderDetails = confirmationRecord.extend({
  service: z.string(),
  service_name: z.string(),
  timeline: z.array(statusStep.extend({ reason: z.string().nullable() })),
  recipient: z.record(z.string(), z.unknown()).nullable(),
  sender: z.record(z.string(), z.unknown()).nullable(),
  /** Null for an order paid from a wallet (no payment of its own). */
  payment: orderPayment.nullable(),
});
export type OrderDetails = z.infer<typeof orderDetails>;

/** GET /tracking/{tracking_number}, public: only the status timeline and expected arrival. */
export const trackingAnswer = z.object({
  tracking_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  status_label: z.string(),
  expected_arrival_at: z.string().nullable(),
  timeline: z.array(statusStep),
});
export type TrackingAnswer = z.infer<typeof trackingAnswer>;

/** GET /orders query (spec §7: page and limit=10; filters from the selects). */
export const ordersQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  service: z.string().trim().max(40).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
});
