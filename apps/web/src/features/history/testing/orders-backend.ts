import { getOrderDetails, getOrderServices, getOrderStatuses, getOrders } from "@vela/shared/contract/orders";
import type { OrderDetails, OrderListItem } from "@vela/shared/orders";
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from "@vela/shared/orders";
import { failure, handle } from "@/test/contract-handlers";
import { pageOf } from "@/test/fixtures";

/** An order as GET /orders lists it; `index` 1 is the newest. */
export const orderFixture = (index: number, overrides: Partial<OrderListItem> = {}): OrderListItem => ({
  id: index,
  ref: `VL-${String(index).padStart(4, "0")}`,
  tracking_number: `VT${String(index).padStart(8, "0")}`,
  service: "consignments",
  service_name: "Send money",
  status: "processing",
  status_label: "Processing",
  send_amount: "250.00",
  amount_paid: "253.99",
  currency_from_iso: "USD",
  receiving_amount: "4312.50",
  currency_to_iso: "MXN",
  recipient_name: `Recipient ${index}`,
  country_to_iso: "MX",
  created_at: new Date(Date.UTC(2026, 10, 23, 12, 0) - index * 3_600_000).toISOString(),
  in_review: false,
  ...overrides,
});

export const detailsFixture = (overrides: Partial<OrderDetails> = {}): OrderDetails => ({
  id: 7,
  order_id: 7,
  ref: "VL-0007",
  ref_contract: "VL-0007",
  tracking_number: "VT00000007",
  status: "sent",
  status_label: "Sent",
  quotation_id: 70,
  payment_detail_id: 700,
  payment_method: "credit-and-debit-card-methods",
  recipient_id: 3,
  recipient_name: "Zoë Müller",
  sender_id: 2,
  sender_name: "Ana García",
  service_provider_id: null,
  service_type_id: 1,
  country_from_id: 233,
  country_to_id: 142,
  currency_from_id: 1,
  currency_to_id: 2,
  currency_from_iso: "USD",
  currency_to_iso: "MXN",
  send_amount: "250.00",
  external_fee_amount: "0.00",
  vela_fee_amount: "3.99",
  discount: "0.00",
  amount_paid: "253.99",
  rate: "17.25",
  receiving_amount: "4312.50",
  guaranteed_rate: true,
  delivery_method: "Bank deposit",
  processing_time: "Within 1 business day",
  processing_time_id: 1,
  arrive: "2026-11-24T12:00:00.000Z",
  pickup_reference: null,
  status_reason: null,
  quotation: {},
  url_pdf: "/api/orders/generate/7",
  created_at: "2026-11-23T12:00:00.000Z",
  date: "2026-11-23",
  service: "consignments",
  service_name: "Send money",
  timeline: [
    { status: "awaiting_payment", label: "Awaiting payment", at: "2026-11-23T12:00:00.000Z", reason: null },
    { status: "paid", label: "Paid", at: "2026-11-23T12:01:00.000Z", reason: null },
    { status: "processing", label: "Processing", at: "2026-11-23T12:02:00.000Z", reason: null },
    { status: "sent", label: "Sent", at: "2026-11-23T12:03:00.000Z", reason: null },
  ],
  recipient: { name: "Zoë Müller", country_iso: "MX", delivery: { Bank: "Banamex", CLABE: "•••• 7771" } },
  sender: { name: "Ana García" },
  payment: null,
  ...overrides,
});

/** The details endpoint answering `details` for its order, and a 404 for any other. */
export const detailsOf = (details: OrderDetails) =>
  handle(getOrderDetails, ({ params }) =>
    params.id === details.id ? details : failure(404, "Order not found."),
  );

/**
 * A fake of the history API over a list of orders: GET /orders pages and filters them as the
 * server does (newest first, service, status, page, limit), and the selects answer the shared lists.
 */
export const ordersBackend = (orders: OrderListItem[]) => [
  handle(getOrders, ({ query }) => {
    const { page, limit } = query;
    const matching = orders.filter(
      (order) =>
        (!query.service || order.service === query.service) &&
        (!query.status || order.status === query.status),
    );
    return pageOf(matching, page, limit);
  }),
  handle(getOrderServices, [
    { id: "consignments", name: "Send money" },
    { id: "wallets", name: "Wallets" },
  ]),
  handle(
    getOrderStatuses,
    ORDER_STATUSES.map((id) => ({ id, name: ORDER_STATUS_LABELS[id] })),
  ),
];
