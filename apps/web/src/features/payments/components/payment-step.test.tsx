import { notifications } from "@mantine/notifications";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  authorizeCard,
  debitBankAccount,
  getPayment,
  getPaymentMethods,
  getSavedCards,
  setPaymentMethod,
  startBankTransfer,
} from "@vela/shared/contract/payments";
import { getCountries } from "@vela/shared/contract/reference";
import type { Payment, PaymentMethodOffer, PaymentSubMethod, PaymentUrl } from "@vela/shared/payments";
import type { Quotation } from "@vela/shared/pricing";
import type { HttpHandler } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { registerAuthSource } from "@/shared/api/auth-source";
import { changeLanguage } from "@/shared/i18n/i18n";
import { requests, server } from "@/test/api-server";
import { failure, handle } from "@/test/contract-handlers";
import { paymentSummaryOf, quotationFixture, UNITED_STATES } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { INITIAL_PAYMENT_DATA, usePaymentStore } from "../stores/payment-store";
import { SAVED_VISA } from "../testing/saved-cards";
import { PaymentStep } from "./payment-step";

// Proves the PAYMENT step against the payments API's contract handlers: the three views with a method that has
// an intermediate step (push transfers and their instructions), the bank tab's form and spec §8's
// message when saved banks fail to load, and a return from 3-D Secure with ?payment_id=.

const QUOTATION = quotationFixture();

const method = (overrides: Partial<PaymentMethodOffer>): PaymentMethodOffer => ({
  id: 0,
  slug: "",
  name: "",
  url: null,
  description: "",
  fee: "0.00",
  fee_currency: "USD",
  intermediate_step: false,
  sub_methods: [],
  payment_currency_id: 10,
  payment_currency_iso: "USD",
  ...overrides,
});

// As the payments catalogue offers them from the United States: ACH and the push transfers are
// sub-methods of bank transfer.
const sub = (id: number, slug: string, name: string, url: PaymentUrl): PaymentSubMethod => ({
  id,
  slug,
  name,
  description: "",
  fee: "0.00",
  fee_currency: "USD",
  url,
});
const METHODS = [
  method({
    id: 3,
    slug: "credit-and-debit-card-methods",
    name: "Credit or debit card",
    fee: "7.50",
    url: "authorize-credit-card",
  }),
  method({
    id: 1,
    slug: "bank-transfer",
    name: "Bank transfer",
    intermediate_step: true,
    url: null,
    sub_methods: [
      sub(11, "ach-transfer", "ACH transfer", "debit-bank-account"),
      sub(12, "domestic-wire-transfer-usa", "Domestic wire", "bank-transfer"),
    ],
  }),
];

const payment = (overrides: Partial<Payment>): Payment => ({
  id: 70,
  quotation_id: 900,
  method: "card",
  status: "authorized",
  amount: "250.00",
  currency: "USD",
  redirect_url: null,
  failure_message: null,
  card: null,
  bank: null,
  instructions: null,
  created_at: "2026-11-20T10:05:00.000Z",
  ...overrides,
});

/** The step reopened on the card tab of quotation 900 (back from the review, or the page reloaded). */
const openOnCardTab = (paymentId: number | null = null) =>
  usePaymentStore.setState({
    ...INITIAL_PAYMENT_DATA,
    quotation_id: 900,
    view: "payment",
    tab: "3",
    paymentMethodSelected: 3,
    payment_id: paymentId,
  });

const renderStep = (
  handlers: HttpHandler[] = [],
  returnedPaymentId: number | null = null,
  quotation: Quotation = QUOTATION,
) => {
  registerAuthSource(() => ({ token: "client-token", type: "client", userType: "client" }));
  // The test's handlers first: they answer before the defaults.
  server.use(
    ...handlers,
    handle(getPaymentMethods, METHODS),
    handle(setPaymentMethod, paymentSummaryOf(QUOTATION)),
    // The billing address's countries.
    handle(getCountries, [UNITED_STATES]),
    // A payment the test gave no handler for is unknown (the step goes on from the start answer).
    handle(getPayment, failure(404, "Payment not found.")),
  );
  const onPaid = vi.fn();
  const onBack = vi.fn();
  const onReturnHandled = vi.fn();
  const onStartOver = vi.fn();
  renderWithApp(
    <PaymentStep
      quotation={quotation}
      senderId={9}
      returnUrl="http://localhost/account/send-money/payment"
      returnedPaymentId={returnedPaymentId}
      onReturnHandled={onReturnHandled}
      onQuotationChanged={() => undefined}
      onPaid={onPaid}
      onBack={onBack}
      onStartOver={onStartOver}
    />,
  );
  return { requests, onPaid, onBack, onReturnHandled, onStartOver, user: userEvent.setup() };
};

describe("the PAYMENT step", () => {
  beforeEach(() => {
    usePaymentStore.setState(INITIAL_PAYMENT_DATA);
    // Notifications live in one store for the whole file: each test counts only its own.
    act(() => {
      notifications.clean();
      notifications.cleanQueue();
    });
  });

  it("walks methods → subMethods → payment for push transfers, goes back view by view, and shows the instructions", async () => {
    const instructions = {
      method: "domestic-wire-transfer-usa",
      reference: "VLT-AB12CD34",
      amount: "250.00",
      currency: "USD",
      beneficiary_name: "Vela Payments Inc.",
      bank_name: "Sandbox Bank",
      bank_address: "1 Market St",
      account_number: "9876543210",
      routing_number: "021000021",
      iban: null,
      bic: null,
    };
    const { user, requests, onPaid, onBack } = renderStep([
      handle(startBankTransfer, payment({ method: "push_transfer", status: "pending", instructions })),
    ]);
    await user.click(await screen.findByRole("button", { name: /Bank transfer/ }));
    // An intermediate step: no PUT yet, the sub-methods are listed.
    expect(await screen.findByRole("heading", { name: "Bank transfer: choose how" })).toBeTruthy();
    expect(requests.some((request) => request.method === "PUT")).toBe(false);
    await user.click(screen.getByRole("button", { name: /Domestic wire/ }));
    expect(await screen.findByRole("tab", { name: "Bank transfer", selected: true })).toBeTruthy();
    const put = requests.find((request) => request.method === "PUT");
    expect(put?.body).toMatchObject({ payment_type_id: 1, payment_sub_type_id: 12, url: "bank-transfer" });

    // Back before paying: payment → subMethods → methods, then the same way in again.
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByRole("heading", { name: "Bank transfer: choose how" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByRole("heading", { name: "Payment methods" })).toBeTruthy();
    expect(onBack).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: /Bank transfer/ }));
    await user.click(await screen.findByRole("button", { name: /Domestic wire/ }));
    expect(await screen.findByRole("tab", { name: "Bank transfer", selected: true })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Get the transfer details" }));
    expect((await screen.findByTestId("transfer-instructions")).textContent).toContain("VLT-AB12CD34");
    const start = requests.find((request) => request.url === "/api/payments/bank-transfer");
    expect(start?.body).toEqual({ quotation_id: 900, method: "domestic-wire-transfer-usa" });
    expect(start?.headers.get("Idempotency-Key")).toBeTruthy();
    // The instructions issued, the quotation is paid: no tab to switch to any more.
    expect(screen.queryByRole("tab")).toBeNull();
    await user.click(screen.getByRole("button", { name: /continue/ }));
    expect(onPaid).toHaveBeenCalledWith(70);
    // Back from a paid step leaves it (there is no method view to go back to).
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(onBack).toHaveBeenCalled();
  });

  it("says 'Error getting banks' when saved banks fail to load, and debits a new account by ACH", async () => {
    const { user, requests, onPaid } = renderStep([
      handle(getSavedCards, failure(500, "Boom")),
      handle(
        debitBankAccount,
        payment({
          id: 71,
          method: "ach",
          status: "pending",
          bank: { bank_name: "Sandbox Bank", last4: "6789" },
        }),
      ),
    ]);
    await user.click(await screen.findByRole("button", { name: /Bank transfer/ }));
    await user.click(await screen.findByRole("button", { name: /ACH transfer/ }));
    expect(await screen.findByRole("tab", { name: "Bank account", selected: true })).toBeTruthy();
    expect(await screen.findByText("Error getting banks")).toBeTruthy();
    await user.type(screen.getByLabelText(/Name on the account/), "Ana García");
    await user.type(screen.getByLabelText(/Routing number/), "12345");
    await user.type(screen.getByLabelText(/Account number/), "000123456789");
    await user.click(screen.getByRole("button", { name: "Pay 250.00 USD" }));
    expect(await screen.findByText("The routing number has 9 digits.")).toBeTruthy();
    await user.clear(screen.getByLabelText(/Routing number/));
    await user.type(screen.getByLabelText(/Routing number/), "011000015");
    await user.click(screen.getByRole("button", { name: "Pay 250.00 USD" }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(71));
    const debit = requests.find((request) => request.url === "/api/payments/debit-bank-account");
    expect(debit?.body).toMatchObject({
      quotation_id: 900,
      sender_id: 9,
      bank_account: { routingNumber: "011000015", accountNumber: "000123456789", accountType: "checking" },
    });
  });

  it("lists saved cards masked and pays with the one chosen", async () => {
    const card = SAVED_VISA;
    const { user, requests, onPaid } = renderStep([
      // The sender's saved cards; no saved bank accounts.
      handle(getSavedCards, ({ query }) => (query.payment_method_id === 1 ? [] : [card])),
      handle(authorizeCard, payment({ id: 72, card: { brand: "Visa", last4: "4242" } })),
    ]);
    // The bank transfer's ACH first, then the card tab switches method (and asks for it again).
    await user.click(await screen.findByRole("button", { name: /Bank transfer/ }));
    await user.click(await screen.findByRole("button", { name: /ACH transfer/ }));
    await user.click(await screen.findByRole("tab", { name: "Card" }));
    expect(await screen.findByRole("tab", { name: "Card", selected: true })).toBeTruthy();
    expect(usePaymentStore.getState()).toMatchObject({
      paymentMethodSelected: 3,
      paymentSubMethodSelected: null,
    });
    expect(await screen.findByTestId("payment-fees")).toBeTruthy();
    await user.click(await screen.findByRole("radio", { name: /Visa •••• 4242/ }));
    await user.click(screen.getByRole("button", { name: "Continue with this card" }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(72));
    // Saved cards are the sender's profile payments with payment_method_id 3 (spec §7).
    expect(
      requests.some((request) => request.url === "/api/payments/profiles?payment_method_id=3&sender_id=9"),
    ).toBe(true);
    const authorize = requests.find((request) => request.url === "/api/payments/authorize-credit-card");
    expect(authorize?.body).toMatchObject({ quotation_id: 900, payment_profile_id: 5 });
  });

  it("shows the amount with thousands separators, the summary's fee, and names each button for what it does", async () => {
    const large = { ...QUOTATION, send_amount: "1250.00", vela_fee_amount: "10.10", amount_paid: "1260.1" };
    const { user } = renderStep(
      [handle(getSavedCards, []), handle(setPaymentMethod, paymentSummaryOf(large))],
      null,
      large,
    );
    expect(await screen.findByText("You pay 1,260.10 USD.")).toBeTruthy();
    // Before a method is chosen the fee is the quotation's, the one the summary beside it shows.
    expect(screen.getByTestId("payment-fees").textContent).toBe("Fees: 10.10 USD");
    const cardMethod = await screen.findByRole("button", { name: /Credit or debit card/ });
    expect(cardMethod.textContent).toContain("Fee 7.50 USD");

    // The card form only authorizes: its button continues, the next screen's confirmation charges.
    await user.click(screen.getByRole("button", { name: /Credit or debit card/ }));
    expect(await screen.findByRole("button", { name: "Continue with this card" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Pay / })).toBeNull();
    expect(screen.getByText(/charged only when you confirm/)).toBeTruthy();

    // An ACH debit is taken at this step: that button pays, with the amount grouped.
    await user.click(screen.getByRole("tab", { name: "Bank account" }));
    expect(await screen.findByRole("button", { name: "Pay 1,260.10 USD" })).toBeTruthy();

    await act(() => changeLanguage("es"));
    try {
      expect(await screen.findByText("Pagas 1.260,10 USD.")).toBeTruthy();
      expect(screen.getByTestId("payment-fees").textContent).toBe("Comisiones: 10,10 USD");
      expect(screen.getByRole("button", { name: "Pagar 1.260,10 USD" })).toBeTruthy();
      await user.click(screen.getByRole("tab", { name: "Tarjeta" }));
      expect(await screen.findByRole("button", { name: "Continuar con esta tarjeta" })).toBeTruthy();
    } finally {
      await act(() => changeLanguage("en"));
    }
  });

  it("reads the payment it came back with from 3-D Secure and shows why it failed", async () => {
    const failed = renderStep(
      [handle(getPayment, payment({ id: 73, status: "failed", failure_message: "Authentication failed." }))],
      73,
    );
    expect(await screen.findByText("Authentication failed.")).toBeTruthy();
    expect(failed.onReturnHandled).toHaveBeenCalled();
    expect(failed.onPaid).not.toHaveBeenCalled();
  });
  it("shows a paid quotation's card as authorized, with Continue and a way to start over, and no method to switch to", async () => {
    // Back from the review: the card was authorized for this quotation.
    openOnCardTab(74);
    const large = { ...QUOTATION, send_amount: "507.00", vela_fee_amount: "7.50", amount_paid: "514.50" };
    const { user, requests, onPaid, onStartOver } = renderStep(
      [
        handle(getPayment, payment({ id: 74, amount: "514.50", card: { brand: "Visa", last4: "4242" } })),
        handle(getSavedCards, []),
      ],
      null,
      large,
    );
    expect(await screen.findByText("Visa card •••• 4242 is authorized for 514.50 USD.")).toBeTruthy();
    // Nothing to pay again with, no tab to switch to.
    expect(screen.queryByRole("tab")).toBeNull();
    expect(screen.queryByRole("button", { name: "Continue with this card" })).toBeNull();
    expect(screen.queryByLabelText(/Card number/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(onPaid).toHaveBeenCalledWith(74);
    await user.click(screen.getByRole("button", { name: "Start over with a new quotation" }));
    expect(onStartOver).toHaveBeenCalled();
    expect(requests.some((request) => request.method !== "GET")).toBe(false);

    await act(() => changeLanguage("es"));
    try {
      expect(
        await screen.findByText("La tarjeta Visa •••• 4242 está autorizada por 514,50 USD."),
      ).toBeTruthy();
      expect(screen.getByRole("button", { name: "Continuar" })).toBeTruthy();
      expect(screen.getByRole("button", { name: "Empezar de nuevo con una cotización nueva" })).toBeTruthy();
    } finally {
      await act(() => changeLanguage("en"));
    }
  });

  it("says a refused method switch or card payment once, on the step, with the way out", async () => {
    // The card tab, and a quotation the API says is paid (the browser lost which payment it made).
    openOnCardTab();
    const frozen = "This quotation already has a payment. Start a new one to change it.";
    const card = SAVED_VISA;
    const shown = vi.spyOn(notifications, "show");
    const { user, onStartOver } = renderStep([
      handle(getSavedCards, [card]),
      handle(setPaymentMethod, failure(409, frozen)),
      handle(authorizeCard, failure(409, frozen)),
    ]);
    await user.click(await screen.findByRole("tab", { name: "Bank account" }));
    expect(await screen.findByText(frozen)).toBeTruthy();
    // Let any second notice arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByText(frozen)).toHaveLength(1);
    expect(shown.mock.calls.filter(([notice]) => notice.message === frozen)).toHaveLength(0);
    expect(screen.getByRole("tab", { name: "Card", selected: true })).toBeTruthy();

    // Paying with the saved card again: refused the same way, said once.
    await user.click(await screen.findByRole("radio", { name: /Visa •••• 4242/ }));
    await user.click(screen.getByRole("button", { name: "Continue with this card" }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByText(frozen)).toHaveLength(1);
    expect(shown.mock.calls.filter(([notice]) => notice.message === frozen)).toHaveLength(0);
    const refusal = screen.getByText(frozen).closest<HTMLElement>("[role=alert]");
    expect(refusal).toBeTruthy();
    await user.click(
      within(refusal as HTMLElement).getByRole("button", { name: "Start over with a new quotation" }),
    );
    expect(onStartOver).toHaveBeenCalled();
    shown.mockRestore();
  });
});
