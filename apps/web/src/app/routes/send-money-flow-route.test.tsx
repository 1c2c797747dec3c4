import { screen, waitFor, within } from "@testing-library/react";
import { createConsignmentTransaction, getOrderDetails } from "@vela/shared/contract/orders";
import {
  authorizeCard,
  getPayment,
  getPaymentMethods,
  getSavedCards,
  setPaymentMethod,
  tokenizeCard,
} from "@vela/shared/contract/payments";
import { createQuotation, getQuotation } from "@vela/shared/contract/pricing";
import { getCountries } from "@vela/shared/contract/reference";
import { addSenderToQuotation, getConsignmentSenders } from "@vela/shared/contract/senders";
import type { ConfirmationRecord } from "@vela/shared/orders";
import type { PaymentMethodOffer } from "@vela/shared/payments";
import type { Quotation } from "@vela/shared/pricing";
import { Route } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { INITIAL_PAYMENT_DATA, usePaymentStore } from "@/features/payments/stores/payment-store";
import { INITIAL_SEND_MONEY_DATA, useSendMoneyStore } from "@/features/send-money/stores/send-money-store";
import { registerAuthSource } from "@/shared/api/auth-source";
import { usePanelSlots } from "@/shared/layout/panel-slots";
import { requests, server } from "@/test/api-server";
import { payByCard } from "@/test/card-form";
import { authorizedCardPayment, VISA_TOKEN } from "@/test/card-payments";
import { failure, handle, invalid, type Reply, success } from "@/test/contract-handlers";
import {
  FROM_COUNTRIES,
  paymentSummaryOf,
  quotationFixture,
  quotationSelectionOf,
  TO_COUNTRIES,
  US_TO_MEXICO,
} from "@/test/fixtures";
import { QUOTATION_ID, recipientFixture, recipientsBackend } from "@/test/recipients-api";
import { address, renderRoutes } from "@/test/render";
import { FIRST_SELECTION, priceOf, sendMoneyHandlers } from "@/test/send-money-api";
import { makeSender } from "@/test/senders";
import { SendMoneyFlowRoute } from "./send-money-flow-route";

/** POST /consignments/quotation: the calculator's price of the body, held as quotation 900. */
const quotationOf = (body: object): Reply<typeof createQuotation> => {
  const query = new URLSearchParams(Object.entries(body).map(([key, value]) => [key, String(value)]));
  const priced = priceOf(new URL(`http://localhost/?${query}`));
  if (!("rate" in priced)) return priced;
  return {
    ...priced,
    id: QUOTATION_ID,
    service: "consignments",
    status: "open",
    expires_at: "2026-11-20T10:15:00.000Z",
    expires_in: 900,
    created_at: "2026-11-20T10:00:00.000Z",
  };
};

/** PUT /quotations/payment-method: the created quotation again, with the card's 3.99 fee. */
const PAYMENT_METHODS: PaymentMethodOffer[] = [
  {
    id: 31,
    slug: "credit-and-debit-card-methods",
    name: "Credit or debit card",
    description: "Visa, Mastercard",
    fee: "3.99",
    fee_currency: "USD",
    intermediate_step: false,
    sub_methods: [],
    url: "authorize-credit-card",
    payment_currency_id: 10,
    payment_currency_iso: "USD",
  },
  {
    id: 11,
    slug: "ach-transfer",
    name: "Bank account (ACH)",
    description: "Debit from a US bank account",
    fee: "0.00",
    fee_currency: "USD",
    intermediate_step: false,
    sub_methods: [],
    url: "debit-bank-account",
    payment_currency_id: 10,
    payment_currency_iso: "USD",
  },
];

const PAYMENT = authorizedCardPayment({
  id: 77,
  quotation_id: QUOTATION_ID,
  amount: "103.99",
  currency: "USD",
  created_at: "2026-11-20T10:05:00.000Z",
});

const confirmationFixture: ConfirmationRecord = {
  id: 501,
  order_id: 501,
  ref: "VL-000501",
  ref_contract: "C-000501",
  tracking_number: "VL-TRACK-1",
  status: "awaiting_payment",
  status_label: "Awaiting payment",
  quotation_id: QUOTATION_ID,
  payment_detail_id: 77,
  payment_method: "Visa •••• 4242",
  recipient_id: 2,
  recipient_name: "María Pérez 2",
  sender_id: 9,
  sender_name: "Ana García",
  service_provider_id: 1,
  service_type_id: 1,
  ...US_TO_MEXICO,
  send_amount: "100.00",
  external_fee_amount: "0.00",
  vela_fee_amount: "3.99",
  discount: "0.00",
  amount_paid: "103.99",
  rate: "20.2224",
  receiving_amount: "2022.24",
  guaranteed_rate: true,
  delivery_method: "Vela wallet",
  processing_time: "Instant",
  processing_time_id: 1,
  arrive: "2026-11-20T10:10:00.000Z",
  pickup_reference: null,
  status_reason: null,
  quotation: {},
  url_pdf: "/api/orders/generate/501",
  created_at: "2026-11-20T10:06:00.000Z",
  date: "2026-11-20",
};

const renderFlow = (route: string, { declineCards = false }: { declineCards?: boolean } = {}) => {
  let quotationData: Quotation | null = null;
  const backend = recipientsBackend([recipientFixture(1), recipientFixture(2)]);
  // A client: the SENDER step shows their own profile and names it on the quotation.
  registerAuthSource(() => ({ token: "client-token", type: "client", userType: "client" }));
  const self = makeSender(9, {
    is_self: true,
    first_name: "Ana",
    last_name: "García",
    full_name: "Ana García",
  });
  server.use(
    handle(createQuotation, ({ body }) => {
      const answer = quotationOf(body);
      if (!("id" in answer)) return answer;
      quotationData = answer;
      return success(answer, "Quotation created.");
    }),
    handle(getQuotation, () => quotationData ?? quotationOf(FIRST_SELECTION)),
    handle(getPaymentMethods, PAYMENT_METHODS),
    handle(setPaymentMethod, () => {
      const base = quotationData ?? quotationFixture({ id: QUOTATION_ID });
      quotationData = { ...base, vela_fee_amount: "3.99", amount_paid: "103.99" };
      return paymentSummaryOf(quotationData);
    }),
    handle(getSavedCards, failure(500, "Boom")),
    handle(tokenizeCard, VISA_TOKEN),
    handle(authorizeCard, declineCards ? failure(402, "Your card was declined.") : PAYMENT),
    handle(getPayment, PAYMENT),
    handle(createConsignmentTransaction, confirmationFixture),
    // The confirmation shows the transaction's own record; the order's details are not kept here.
    handle(getOrderDetails, failure(404, "Order not found.")),
    handle(getConsignmentSenders, { data: [self], current_page: 1, per_page: 10, last_page: 1, total: 1 }),
    handle(addSenderToQuotation, () =>
      success(
        quotationSelectionOf(quotationData ?? quotationFixture({ id: QUOTATION_ID }), {
          sender_id: 9,
          sender_name: "Ana García",
        }),
        "Sender added.",
      ),
    ),
    // The card form's billing address picks its country from the list.
    handle(getCountries, [...FROM_COUNTRIES, ...TO_COUNTRIES]),
    ...backend.handlers,
    ...sendMoneyHandlers(),
  );
  const user = renderRoutes(
    <Route path="/account/send-money/:step" element={<SendMoneyFlowRoute />} />,
    route,
  );
  return { requests, user };
};

describe("the send-money flow route", () => {
  // The account layout's right panel, which the flow fills with the transfer's summary.
  let rightPanel: HTMLElement;
  beforeEach(() => {
    useSendMoneyStore.setState(INITIAL_SEND_MONEY_DATA);
    usePaymentStore.setState(INITIAL_PAYMENT_DATA);
    rightPanel = document.createElement("aside");
    document.body.append(rightPanel);
    usePanelSlots.setState({ rightPanelNode: rightPanel, summaryPanelNode: null });
    return () => {
      usePanelSlots.setState({ rightPanelNode: null });
      rightPanel.remove();
    };
  });

  it("creates the quotation from AMOUNT, then walks SENDER and RECIPIENT with the address and the counter in step", async () => {
    const { requests, user } = renderFlow("/account/send-money/amount");

    expect(await screen.findByText("Step 1 of 6 · Amount")).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/^1 USD = /)).toBeTruthy());
    await user.click(screen.getByRole("button", { name: "Continue" }));

    // Spec §4: a created quotation moves the flow on.
    expect(await screen.findByRole("heading", { name: "Who is sending?" })).toBeTruthy();
    const post = requests.find((request) => request.method === "POST")!;
    expect(post.url).toBe("/api/consignments/quotation");
    expect(post.body).toMatchObject({ country_from_id: 1, country_to_id: 4, send_amount: "100.00" });
    expect(address()).toBe("/account/send-money/sender");
    expect(useSendMoneyStore.getState()).toMatchObject({ step: 1, quotation_id: QUOTATION_ID });

    expect(await screen.findByText("Ana García")).toBeTruthy();
    // The right panel shows the transfer being prepared.
    const summary = within(rightPanel).getByRole("region", { name: "Your transfer" });
    expect(summary.textContent).toContain("100.00 USD");
    expect(summary.textContent).toMatch(/1 USD = [\d,]+\.\d{2,4} MXN/);
    expect(summary.textContent).not.toContain("Recipient");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() =>
      expect(requests.some((request) => request.url.endsWith(`/quotation/${QUOTATION_ID}/add-sender`))).toBe(
        true,
      ),
    );
    expect(await screen.findByRole("heading", { name: "Who receives the money?" })).toBeTruthy();
    expect(address()).toBe("/account/send-money/recipient");
    expect(useSendMoneyStore.getState().step).toBe(2);

    await user.click(await screen.findByRole("radio", { name: "Send to María Pérez 2" }));
    await waitFor(() => expect(useSendMoneyStore.getState().recipient_id).toBe(2));
    expect(useSendMoneyStore.getState()).toMatchObject({
      recipient_name: "María Pérez 2",
      sendData: { quotation_id: QUOTATION_ID, recipient_id: 2 },
      summaryData: { recipient_name: "María Pérez 2" },
    });
    await waitFor(() =>
      expect(within(rightPanel).getByRole("region", { name: "Your transfer" }).textContent).toContain(
        "RecipientMaría Pérez 2",
      ),
    );

    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { name: "How do you want to pay?" })).toBeTruthy();
    expect(address()).toBe("/account/send-money/payment");
    expect(useSendMoneyStore.getState().step).toBe(3);
    // Spec §9: the payment state's fees start at '0.00 USD'; the step shows the fee the summary
    // beside it shows, not a 0.00 that contradicts it.
    expect(usePaymentStore.getState().fees).toBe("0.00 USD");
    expect(screen.getByTestId("payment-fees").textContent).toBe("Fees: 2.99 USD");
    expect(within(rightPanel).getByRole("region", { name: "Your transfer" }).textContent).toContain(
      "2.99 USD",
    );

    // Spec §2: the payment view's back returns to methods; the methods view's back leaves the step.
    await user.click(await screen.findByRole("button", { name: /Credit or debit card/ }));
    expect(await screen.findByRole("tab", { name: "Card", selected: true })).toBeTruthy();
    expect(screen.getByTestId("payment-fees").textContent).toBe("Fees: 3.99 USD");
    const put = requests.find(
      (request) => request.method === "PUT" && request.url.includes("payment-method"),
    )!;
    expect(put.url).toBe(`/api/quotations/payment-method/${QUOTATION_ID}`);
    expect(put.body).toMatchObject({ payment_type_id: 31, url: "authorize-credit-card", country_iso: "US" });
    // The summary follows the answer (spec §4): the total now carries the card fee.
    await waitFor(() =>
      expect(within(rightPanel).getByRole("region", { name: "Your transfer" }).textContent).toContain(
        "103.99",
      ),
    );

    // Saved cards failed to load: spec §8's message, and the card form opens.
    expect(await screen.findByText("Errors gettings cards")).toBeTruthy();
    await user.type(screen.getByLabelText(/Name on the card/), "Ana García");
    await user.type(screen.getByLabelText(/Card number/), "4242 4242 4242 4242");
    await user.type(screen.getByLabelText(/Expiry date/), "12/34");
    await user.type(screen.getByLabelText(/Security code/), "123");
    await user.click(screen.getByRole("button", { name: "Continue with this card" }));

    expect(await screen.findByRole("heading", { name: "Check your transfer" })).toBeTruthy();
    expect(address()).toBe("/account/send-money/send");
    // The card number went only to the processor, without our session; our API saw the token.
    const tokenRequest = requests.find((request) => request.url === "/api/sandbox/cards/tokens")!;
    expect(tokenRequest.body).toMatchObject({ number: "4242424242424242", exp_month: 12, exp_year: 2034 });
    expect(tokenRequest.headers.get("Authorization")).toBeNull();
    const authorize = requests.find((request) => request.url === "/api/payments/authorize-credit-card")!;
    expect(authorize.body).toMatchObject({
      quotation_id: QUOTATION_ID,
      card_token: "tok_test_4242",
      sender_id: 9,
    });
    expect(JSON.stringify(authorize.body)).not.toContain("4242424242424242");
    expect(authorize.headers.get("Idempotency-Key")).toBeTruthy();
    expect((await screen.findAllByText(/^Visa ••••\s4242$/)).length).toBeGreaterThan(0);

    await user.dblClick(screen.getByRole("button", { name: /^Send / }));
    expect(await screen.findByRole("heading", { name: "Your transfer is on its way" })).toBeTruthy();
    expect(address()).toBe("/account/send-money/confirmation");
    const transactions = requests.filter((request) => request.url === "/api/consignments/transaction");
    expect(transactions.length).toBeGreaterThanOrEqual(1);
    expect(new Set(transactions.map((request) => request.headers.get("Idempotency-Key"))).size).toBe(1);
    expect(transactions[0]?.body).toEqual({ quotation_id: QUOTATION_ID, payment_id: 77 });
    expect(screen.getByRole("link", { name: "VL-TRACK-1" }).getAttribute("href")).toBe(
      "/tracking/VL-TRACK-1",
    );
    expect(screen.getByRole("button", { name: "Download receipt" })).toBeTruthy();

    // Send again: spec §4 reset (amounts back, payment view back to methods), then AMOUNT.
    await user.click(screen.getByRole("button", { name: "Send again" }));
    await waitFor(() => expect(address()).toBe("/account/send-money/amount"));
    expect(useSendMoneyStore.getState()).toMatchObject({ step: 0, quotation_id: null, order_id: null });
    expect(usePaymentStore.getState()).toMatchObject({
      view: "methods",
      paymentMethodSelected: null,
      cardSelected: null,
      payment_id: null,
    });
  });

  it("goes back from PAYMENT's methods to RECIPIENT, and shows a declined card where the person looks", async () => {
    useSendMoneyStore.setState({
      quotation_id: QUOTATION_ID,
      quotationData: null,
      recipient_id: 2,
      recipient_name: "María Pérez 2",
      sender_id: 9,
    });
    const { user } = renderFlow("/account/send-money/payment", { declineCards: true });
    await payByCard(user, { holder: "Ana García", number: "4000 0000 0000 0002" });
    expect(await screen.findByText("Your card was declined.")).toBeTruthy();
    expect(address()).toBe("/account/send-money/payment");

    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByRole("heading", { name: "Payment methods" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByRole("heading", { name: "Who receives the money?" })).toBeTruthy();
  });

  it("shows a quotation refused past the person's limit on AMOUNT, with the way to verify (issue 20)", async () => {
    const { user } = renderFlow("/account/send-money/amount");
    const limit =
      "This would take you past your 30-day limit of 2,000 USD for unverified accounts (1,250 USD left). Verify your identity to raise it.";
    server.use(handle(createQuotation, invalid({ amount: [limit] })));
    expect(await screen.findByText("Step 1 of 6 · Amount")).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/^1 USD = /)).toBeTruthy());
    await user.click(screen.getByRole("button", { name: "Continue" }));

    const alert = (await screen.findByText(limit)).closest("[role=alert]") as HTMLElement;
    const link = within(alert).getByRole("link", { name: "Verify your identity" });
    expect(link.getAttribute("href")).toBe("/account/verification?from=%2Faccount%2Fsend-money%2Famount");
    expect(screen.queryByText("We couldn't hold this price. Check the amount and try again.")).toBeNull();
    expect(address()).toBe("/account/send-money/amount");
    await user.click(link);
    expect(address()).toBe("/account/verification");
  });

  it("sends a later step without a quotation back to AMOUNT", async () => {
    renderFlow("/account/send-money/recipient");
    expect(await screen.findByLabelText("You send from")).toBeTruthy();
    expect(address()).toBe("/account/send-money/amount");
    expect(useSendMoneyStore.getState().step).toBe(0);
  });

  it("answers an unknown step with AMOUNT", async () => {
    renderFlow("/account/send-money/nope");
    await waitFor(() => expect(address()).toBe("/account/send-money/amount"));
  });
});
