import type { OrderDetails } from "@vela/shared/orders";
import { describe, expect, it } from "vitest";
import { receiptSections, renderReceipt } from "../src/history/receipt";

// What the receipt PDF says: amounts and the rate as the screens show them (one formatter, one
// rate rule), no rate line for an order that converted nothing, and the order's service named.

const details = (overrides: Partial<OrderDetails> = {}): OrderDetails => ({
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
  sender_id: null,
  sender_name: null,
  service_provider_id: null,
  service_type_id: 1,
  country_from_id: 233,
  country_to_id: 142,
  currency_from_id: 1,
  currency_to_id: 2,
  currency_from_iso: "USD",
  currency_to_iso: "MXN",
  send_amount: "1250.00",
  external_fee_amount: "0.00",
  vela_fee_amount: "10.10",
  discount: "0.00",
  amount_paid: "1260.10",
  rate: "17.25000000",
  receiving_amount: "21562.50",
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
  timeline: [{ status: "sent", label: "Sent", at: "2026-11-23T12:03:00.000Z", reason: null }],
  recipient: { name: "Zoë Müller", country_iso: "MX" },
  sender: null,
  payment: null,
  ...overrides,
});

const rowsOf = (order: OrderDetails) =>
  new Map(receiptSections(order).flatMap((section) => section.rows.map(([label, value]) => [label, value])));

describe("the receipt's content", () => {
  it("shows amounts with thousands separators and the rate by the shared rule", () => {
    const rows = rowsOf(details());
    expect(rows.get("Total paid")).toBe("1,260.10 USD");
    expect(rows.get("Recipient gets")).toBe("21,562.50 MXN");
    expect(rows.get("Exchange rate")).toBe("1 USD = 17.25 MXN (guaranteed)");
    expect(rows.get("Service")).toBe("Send money");
  });

  it("has no rate line for an order that converted nothing", () => {
    const rows = rowsOf(
      details({
        service: "wallet-deposit",
        service_name: "Wallet deposit",
        currency_to_iso: "USD",
        rate: "1.00000000",
        receiving_amount: "1250.00",
        guaranteed_rate: false,
      }),
    );
    expect(rows.has("Exchange rate")).toBe(false);
    expect([...rows.values()].join(" ")).not.toContain("1 USD = ");
    expect(rows.get("Service")).toBe("Wallet deposit");
  });

  it("speaks the reader's language: its own words, the order's vocabulary and the numbers", () => {
    const rows = new Map(
      receiptSections(
        details({
          recipient: { name: "Zoë Müller", country_iso: "MX", delivery: { "Account type": "Savings" } },
        }),
        "es",
      ).flatMap((section) => section.rows.map(([label, value]) => [label, value])),
    );
    expect(rows.get("Total pagado")).toBe("1.260,10 USD");
    expect(rows.get("Tipo de cambio")).toBe("1 USD = 17,25 MXN (garantizado)");
    expect(rows.get("Servicio")).toBe("Envío de dinero");
    expect(rows.get("Estado")).toBe("Enviado");
    expect(rows.get("Método de pago")).toBe("Tarjeta de crédito o débito");
    expect(rows.get("Método de entrega")).toBe("Depósito bancario");
    expect(rows.get("Tipo de cuenta")).toBe("Ahorros");
    expect(rows.has("Total paid")).toBe(false);
  });

  it("still renders as a PDF", async () => {
    const pdf = await renderReceipt(details({ currency_to_iso: "USD", rate: "1" }));
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
});
