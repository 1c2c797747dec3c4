import { screen } from "@testing-library/react";
import { ORDER_STATUS_LABELS, type OrderPayment, type OrderStatus } from "@vela/shared/orders";
import { afterEach, describe, expect, it } from "vitest";
import { changeLanguage } from "@/shared/i18n/i18n";
import { confirmationRecordOf } from "@/test/orders";
import { renderWithApp } from "@/test/render";
import type { WalletOrderRecord } from "../api/get-order";
import type { WalletFlowName } from "../stores/wallet-flow-store";
import { WalletOrderConfirmation } from "./wallet-confirmation";

/** What an element says, with the money formatter's no-break spaces read as spaces. */
const text = (element: HTMLElement) => (element.textContent ?? "").replace(/\u00a0/g, " ");

const order = (status: OrderStatus, overrides: Partial<WalletOrderRecord> = {}): WalletOrderRecord => ({
  ...confirmationRecordOf(
    9,
    {
      id: 90,
      currency_from_id: 1,
      currency_to_id: 1,
      currency_from_iso: "USD",
      currency_to_iso: "USD",
      send_amount: "20.00",
      vela_fee_amount: "0.20",
      amount_paid: "20.20",
      rate: "1",
      receiving_amount: "20.00",
    },
    {
      ref: "VL-00000009",
      ref_contract: "VL-00000009",
      tracking_number: "VT0000000000009",
      status,
      status_label: ORDER_STATUS_LABELS[status],
      payment_detail_id: null,
      payment_method: "wallet",
      recipient_id: 4,
      recipient_name: "Ana Rejected",
      delivery_method: "Bank deposit",
      processing_time: "1-2 business days",
      created_at: "2026-11-23T12:00:00.000Z",
    },
  ),
  ...overrides,
});

const INSTRUCTIONS = {
  method: "swift",
  reference: "VLT-ABCD2345",
  amount: "1200.00",
  currency: "USD",
  beneficiary_name: "Vela Payments Inc.",
  bank_name: "Sandbox Bank",
  bank_address: "1 Test Street, New York",
  account_number: "000123456789",
  routing_number: null,
  iban: null,
  bic: "SNDBUS33XXX",
};

const transferPayment = (overrides: Partial<OrderPayment> = {}): OrderPayment => ({
  id: 70,
  method: "swift",
  status: "pending",
  in_review: false,
  amount: "1200.00",
  currency: "USD",
  received_amount: null,
  instructions: INSTRUCTIONS,
  ...overrides,
});

const deposit = (status: OrderStatus, payment: OrderPayment | null, extra: Partial<WalletOrderRecord> = {}) =>
  order(status, {
    recipient_id: null,
    recipient_name: null,
    send_amount: "1200.00",
    vela_fee_amount: "0.00",
    amount_paid: "1200.00",
    receiving_amount: "1200.00",
    payment,
    ...extra,
  });

const show = (flow: WalletFlowName, record: WalletOrderRecord) =>
  renderWithApp(
    <WalletOrderConfirmation
      flow={flow}
      order={{ data: record, isError: false }}
      paymentText={flow === "withdraw" ? undefined : null}
      onAgain={() => undefined}
    />,
  );

const heading = () => screen.getByRole("heading", { level: 2 });
const pageText = () => text(document.body);

describe("a withdrawal's confirmation says what happened to it", () => {
  afterEach(async () => {
    await changeLanguage("en");
  });

  it("on its way: the amount is held until the payout settles", () => {
    show("withdraw", order("processing"));
    expect(heading().textContent).toBe("Withdrawal on its way");
    expect(pageText()).toContain("20.00 USD is on its way to Ana Rejected.");
    expect(screen.getByText("To be paid out")).toBeTruthy();
  });

  it("paid out: no hold any more", () => {
    show("withdraw", order("completed"));
    expect(heading().textContent).toBe("Withdrawal paid out");
    expect(pageText()).toContain("20.00 USD was paid into Ana Rejected's account.");
    expect(pageText()).not.toContain("on hold");
  });

  it("refused and refunded: the amount held is back in the wallet, never 'on its way'", () => {
    show(
      "withdraw",
      order("refunded", { status_reason: "The payout partner refused the recipient's details." }),
    );
    expect(heading().textContent).toBe("Withdrawal refused");
    expect(pageText()).toContain("The withdrawal was refused; 20.20 USD is back in your wallet.");
    expect(pageText()).not.toMatch(/on its way|on hold/);
    expect(screen.getByText("Refunded")).toBeTruthy();
    // Nothing was paid out: the price list does not say it was.
    expect(screen.getByText("Not paid out")).toBeTruthy();
    expect(screen.queryByText("Paid out")).toBeNull();
  });

  it("refused, refund under way: it is returning", () => {
    show("withdraw", order("failed"));
    expect(pageText()).toContain("The withdrawal was refused; 20.20 USD is on its way back to your wallet.");
  });

  it("says it in Spanish", async () => {
    await changeLanguage("es");
    show("withdraw", order("refunded"));
    expect(heading().textContent).toBe("Retiro rechazado");
    expect(pageText()).toContain("El retiro fue rechazado; 20,20 USD ya está de vuelta en tu billetera.");
  });
});

describe("a deposit's confirmation says where its payment stands", () => {
  afterEach(async () => {
    await changeLanguage("en");
  });

  it("a completed card deposit is in the wallet (not 'as soon as your payment arrives')", () => {
    show("deposit", deposit("completed", { ...transferPayment(), method: "card", instructions: null }));
    expect(heading().textContent).toBe("Money added");
    expect(pageText()).toContain("1,200.00 USD is in your wallet.");
    expect(pageText()).not.toContain("as soon as your payment arrives");
    expect(screen.getByText("Added to your wallet")).toBeTruthy();
  });

  it("a push transfer still to send shows its bank details and VLT- reference again", () => {
    show("deposit", deposit("awaiting_payment", transferPayment()));
    expect(heading().textContent).toBe("Deposit placed: now send your transfer");
    expect(pageText()).toContain("quoting the reference VLT-ABCD2345");
    const details = screen.getByLabelText("Bank transfer details");
    expect(text(details)).toContain("VLT-ABCD2345");
    expect(text(details)).toContain("1,200.00 USD");
    expect(text(details)).toContain("SNDBUS33XXX");
    expect(text(details)).toContain("000123456789");
    expect(screen.getByText("Awaiting payment")).toBeTruthy();
    // Nothing is credited yet: the amount is what will be added.
    expect(screen.getByText("To be added to your wallet")).toBeTruthy();
    expect(screen.queryByText("Added to your wallet")).toBeNull();
  });

  it("a transfer held in review says 'In review' and what arrived, not 'Awaiting payment'", () => {
    show(
      "deposit",
      deposit("awaiting_payment", transferPayment({ in_review: true, received_amount: "100.00" })),
    );
    expect(heading().textContent).toBe("Your transfer is in review");
    expect(pageText()).toContain("We received 100.00 USD instead of the 1,200.00 USD due");
    expect(screen.getByText("In review")).toBeTruthy();
    expect(screen.queryByText("Awaiting payment")).toBeNull();
    expect(screen.queryByText("Added to your wallet")).toBeNull();
  });

  it("says it in Spanish", async () => {
    await changeLanguage("es");
    show(
      "deposit",
      deposit("awaiting_payment", transferPayment({ in_review: true, received_amount: "100.00" })),
    );
    expect(heading().textContent).toBe("Tu transferencia está en revisión");
    expect(screen.getByText("En revisión")).toBeTruthy();
    expect(text(screen.getByLabelText("Datos de la transferencia"))).toContain("VLT-ABCD2345");
  });
});
