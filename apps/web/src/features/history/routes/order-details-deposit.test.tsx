import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { changeLanguage } from "@/shared/i18n/i18n";
import { server } from "@/test/api-server";
import { renderWithApp } from "@/test/render";
import { detailsFixture, detailsOf } from "../testing/orders-backend";
import { OrderDetailsRoute } from "./order-details-route";

// A deposit paid by a push transfer: its details give the bank details and VLT- reference again
// (they were shown only on PAYMENT), and a transfer held in review says so instead of "Awaiting payment".

const text = (element: HTMLElement) => (element.textContent ?? "").replace(/\u00a0/g, " ");

const transferDeposit = (inReview: boolean) =>
  detailsFixture({
    status: "awaiting_payment",
    status_label: "Awaiting payment",
    currency_to_id: 1,
    currency_to_iso: "USD",
    send_amount: "1200.00",
    vela_fee_amount: "0.00",
    amount_paid: "1200.00",
    rate: "1",
    receiving_amount: "1200.00",
    recipient_name: null,
    recipient: null,
    sender: null,
    sender_name: null,
    payment_method: "swift",
    payment: {
      id: 70,
      method: "swift",
      status: "pending",
      in_review: inReview,
      amount: "1200.00",
      currency: "USD",
      received_amount: inReview ? "100.00" : null,
      instructions: {
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
      },
    },
  });

const renderDetails = (details: ReturnType<typeof detailsFixture>) => {
  server.use(detailsOf(details));
  renderWithApp(
    <Routes>
      <Route path="/account/history/:id" element={<OrderDetailsRoute />} />
    </Routes>,
    { route: "/account/history/7" },
  );
};

describe("a push-transfer deposit's details", () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage("en");
  });

  it("give the bank details and the VLT- reference again", async () => {
    renderDetails(transferDeposit(false));
    const section = (await screen.findByRole("heading", { name: "Bank transfer details" })).parentElement!;
    expect(text(section)).toContain("VLT-ABCD2345");
    expect(text(section)).toContain("1,200.00 USD");
    expect(text(section)).toContain("Sandbox Bank");
    expect(text(section)).toContain("SNDBUS33XXX");
    expect(screen.getAllByText("Awaiting payment").length).toBeGreaterThan(0);
  });

  it("say 'In review' when the transfer that arrived is held, in both languages", async () => {
    renderDetails(transferDeposit(true));
    expect(await screen.findByText(/It is in review: nothing is credited/)).toBeTruthy();
    const badges = screen.getAllByText("In review");
    expect(badges.length).toBe(1);
    // The header badge says it; only the timeline keeps the step the order is in.
    expect(screen.getAllByText("Awaiting payment")).toHaveLength(1);

    await changeLanguage("es");
    expect(await screen.findByRole("heading", { name: "Datos de la transferencia" })).toBeTruthy();
    expect(screen.getAllByText("En revisión").length).toBe(1);
  });

  it("leave an order without a push transfer as it was", async () => {
    renderDetails(detailsFixture());
    await screen.findByRole("heading", { level: 1, name: "Money transfer VL-0007" });
    expect(screen.queryByRole("heading", { name: "Bank transfer details" })).toBeNull();
  });
});
