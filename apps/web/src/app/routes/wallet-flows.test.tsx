import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { getCountries } from "@vela/shared/contract/reference";
import { createWalletSendQuotation, createWalletTransaction } from "@vela/shared/contract/wallets";
import { Route, Routes } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { WalletSendRoute } from "@/features/wallets/routes/wallet-send-route";
import { INITIAL_WALLET_FLOW_DATA, WALLET_FLOW_STORES } from "@/features/wallets/stores/wallet-flow-store";
import {
  type WalletsBackendOptions,
  WITHDRAW_CODE,
  walletsBackend,
} from "@/features/wallets/testing/wallets-backend";
import { registerAuthSource } from "@/shared/api/auth-source";
import { requests, server } from "@/test/api-server";
import { payByCard } from "@/test/card-form";
import { handle, invalid } from "@/test/contract-handlers";
import { EUR, SPAIN, UNITED_STATES, USD } from "@/test/fixtures";
import { resetFlowStores, searchAfterNotFound } from "@/test/flow-steps";
import { address, renderRoutes, renderWithApp } from "@/test/render";
import { WalletMoneyFlowRoute } from "./wallet-money-flow-route";
import { WalletWithdrawFlowRoute } from "./wallet-withdraw-flow-route";

/** What an element says, with the money formatter's no-break spaces read as spaces. */
const text = (element: HTMLElement) => (element.textContent ?? "").replace(/\u00a0/g, " ");

const FUNDED: WalletsBackendOptions = {
  wallets: [
    { currency: USD, balance: "500.00" },
    { currency: EUR, balance: "0.00" },
  ],
};

const renderFlows = (route: string, options: WalletsBackendOptions = FUNDED) => {
  registerAuthSource(() => ({ token: "client-token", type: "client", userType: "client" }));
  const backend = walletsBackend(options);
  server.use(...backend.handlers);
  const user = renderRoutes(
    <>
      <Route path="/account/wallets/deposit/:step" element={<WalletMoneyFlowRoute flow="deposit" />} />
      <Route path="/account/wallets/convert/:step" element={<WalletMoneyFlowRoute flow="convert" />} />
      <Route path="/account/wallets/send/:step" element={<WalletSendRoute />} />
      <Route path="/account/wallets/withdraw/:step" element={<WalletWithdrawFlowRoute />} />
    </>,
    route,
  );
  return { backend, requests, user };
};

const amountField = (label: string) => screen.getByRole("textbox", { name: label }) as HTMLInputElement;

/** Convert's AMOUNT from the USD wallet to the EUR one, with `value` typed in "You convert". */
const typeConversion = async (value: string) => {
  const flows = renderFlows(`/account/wallets/convert/amount?currency_from_id=${USD.id}`);
  await flows.user.selectOptions(
    await screen.findByRole("combobox", { name: "To your wallet" }),
    String(EUR.id),
  );
  const amount = amountField("You convert");
  await flows.user.clear(amount);
  await flows.user.type(amount, value);
  return { ...flows, amount };
};

/** On AMOUNT: types `value` in the `label` field and continues once the price lets it. */
const continueWithAmount = async (user: UserEvent, label: string, value: string) => {
  const amount = await screen.findByRole("textbox", { name: label });
  await user.clear(amount);
  await user.type(amount, value);
  await waitFor(() =>
    expect(screen.getByRole("button", { name: "Continue" }).hasAttribute("disabled")).toBe(false),
  );
  await user.click(screen.getByRole("button", { name: "Continue" }));
};

describe("the wallet flows", () => {
  beforeEach(() => resetFlowStores(WALLET_FLOW_STORES, INITIAL_WALLET_FLOW_DATA));

  it("converts from the wallet itself: the quotation's wallet-continue skips PAYMENT, and the money moves once", async () => {
    const { user, requests, backend } = renderFlows(
      `/account/wallets/convert/amount?currency_from_id=${USD.id}`,
    );

    expect(await screen.findByText("Step 1 of 4 · Amount")).toBeTruthy();
    const to = await screen.findByRole("combobox", { name: "To your wallet" });
    await user.selectOptions(to, String(EUR.id));
    const amount = amountField("You convert");
    await user.clear(amount);
    await user.type(amount, "200");
    await waitFor(() => expect(screen.getByText(/180\.00.EUR/)).toBeTruthy());
    await user.click(screen.getByRole("button", { name: "Continue" }));

    // Spec §4: a wallet-continue skips two steps: AMOUNT → SEND.
    expect(await screen.findByRole("heading", { name: "Review your conversion" })).toBeTruthy();
    expect(address()).toBe("/account/wallets/convert/send");
    expect(WALLET_FLOW_STORES.convert.getState().step).toBe(2);
    expect(requests.some((request) => request.url.includes("payment-methods"))).toBe(false);
    const quotationPost = requests.find(
      (request) => request.url === "/api/wallets/convert-money/quotation/create",
    );
    expect(quotationPost?.body).toEqual({
      currency_from_id: USD.id,
      currency_to_id: EUR.id,
      send_amount: "200.00",
    });

    await user.click(screen.getByRole("button", { name: "Convert 200.00 USD" }));

    expect(await screen.findByRole("heading", { name: "Converted" })).toBeTruthy();
    expect(address()).toBe("/account/wallets/convert/confirmation");
    expect(screen.getByRole("link", { name: "View details" }).getAttribute("href")).toMatch(
      /^\/account\/history\/\d+$/,
    );
    const transaction = requests.filter(
      (request) => request.url === "/api/wallets/convert-money/transaction",
    );
    expect(transaction).toHaveLength(1);
    expect(transaction[0]?.headers.get("Idempotency-Key")).toMatch(/[0-9a-f-]{36}/);
    expect(backend.balanceOf("USD")).toBe("300.00");
    expect(backend.balanceOf("EUR")).toBe("180.00");
  });

  it("goes back from a conversion's review straight to AMOUNT (PAYMENT was never shown)", async () => {
    const { user } = renderFlows(`/account/wallets/convert/amount?currency_from_id=${USD.id}`);
    await user.selectOptions(await screen.findByRole("combobox", { name: "To your wallet" }), String(EUR.id));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Continue" }).hasAttribute("disabled")).toBe(false),
    );
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { name: "Review your conversion" });

    await user.click(screen.getByRole("button", { name: "Back" }));

    expect(await screen.findByText("Step 1 of 4 · Amount")).toBeTruthy();
    expect(address()).toBe("/account/wallets/convert/amount");
  });

  it("refuses to convert more than the wallet has available, by the amount field", async () => {
    const { requests } = await typeConversion("600");

    expect(await screen.findByText("You have 500.00 USD available in this wallet.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Continue" }).hasAttribute("disabled")).toBe(true);
    expect(requests.some((request) => request.url.endsWith("quotation/create"))).toBe(false);
  });

  it("keeps an amount typed and left at once: the debounced value that arrives later does not undo it", async () => {
    const { user, requests, amount } = await typeConversion("300");
    await user.tab();

    await waitFor(() => expect(screen.getByText(/270\.00.EUR/)).toBeTruthy());
    // Past the debounce: still the amount that was typed.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(WALLET_FLOW_STORES.convert.getState().send_amount).toBe("300.00");
    expect(amount.value).toBe("300.00");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByRole("heading", { name: "Review your conversion" });
    expect(
      requests.find((request) => request.url === "/api/wallets/convert-money/quotation/create")?.body,
    ).toMatchObject({ send_amount: "300.00" });
  });

  it("shows the calculator's §5 limit message by the amount", async () => {
    await typeConversion("5");

    expect(await screen.findByText("Min send amount is 10.00")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Continue" }).hasAttribute("disabled")).toBe(true);
  });

  it("starts a deposit's \"You pay in\" in the currency of the user's country, not the list's first (issue 18)", async () => {
    registerAuthSource(() => ({ token: "t", type: "client", userType: "client", countryId: SPAIN.id }));
    const backend = walletsBackend(FUNDED);
    // The first handler for a path answers: the countries with the user's own.
    server.use(handle(getCountries, [UNITED_STATES, SPAIN]), ...backend.handlers);
    renderWithApp(
      <Routes>
        <Route path="/account/wallets/deposit/:step" element={<WalletMoneyFlowRoute flow="deposit" />} />
      </Routes>,
      { route: `/account/wallets/deposit/amount?currency_to_id=${USD.id}` },
    );
    const payIn = (await screen.findByRole("combobox", { name: "You pay in" })) as HTMLSelectElement;
    await waitFor(() => expect(payIn.selectedOptions[0]?.textContent).toContain("EUR"));
    expect(WALLET_FLOW_STORES.deposit.getState().currency_from_id).toBe(EUR.id);
  });

  it("deposits with the send-money flow's PAYMENT step, then reviews and places the deposit", async () => {
    const { user, requests, backend } = renderFlows(
      `/account/wallets/deposit/amount?currency_to_id=${USD.id}`,
    );

    expect(await screen.findByText("Step 1 of 4 · Amount")).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/102\.50.USD/)).toBeTruthy());
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByText("Step 2 of 4 · Payment")).toBeTruthy();
    expect(address()).toBe("/account/wallets/deposit/payment");
    await payByCard(user);

    expect(await screen.findByRole("heading", { name: "Review your deposit" })).toBeTruthy();
    await waitFor(() => expect(text(screen.getByLabelText("Details"))).toContain("Visa •••• 4242"));
    await user.click(screen.getByRole("button", { name: "Confirm and add 102.50 USD" }));

    // The card was captured and the wallet credited: it says so, not "as soon as your payment arrives".
    expect(await screen.findByRole("heading", { name: "Money added" })).toBeTruthy();
    expect(text(screen.getByText(/is in your wallet/))).toBe("100.00 USD is in your wallet.");
    expect(screen.queryByText(/as soon as your payment arrives/)).toBeNull();
    const body = requests.find((request) => request.url === "/api/wallets/deposit-money/transaction")?.body;
    expect(body).toMatchObject({ quotation_id: expect.any(Number), payment_id: expect.any(Number) });
    expect(backend.balanceOf("USD")).toBe("600.00");
  });

  it("back from a card-paid deposit's review, PAYMENT shows the authorized card: Continue, or start over", async () => {
    const { user, requests } = renderFlows(`/account/wallets/deposit/amount?currency_to_id=${USD.id}`);
    expect(await screen.findByText("Step 1 of 4 · Amount")).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/102\.50.USD/)).toBeTruthy());
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await payByCard(user);
    expect(await screen.findByRole("heading", { name: "Review your deposit" })).toBeTruthy();

    // Back: the quotation is paid, so PAYMENT shows that payment and offers nothing to switch to.
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByText("Visa card •••• 4242 is authorized for 102.50 USD.")).toBeTruthy();
    expect(address()).toBe("/account/wallets/deposit/payment");
    expect(screen.queryByRole("tab")).toBeNull();
    expect(screen.queryByRole("button", { name: "Continue with this card" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { name: "Review your deposit" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Back" }));
    await user.click(await screen.findByRole("button", { name: "Start over with a new quotation" }));
    expect(await screen.findByText("Step 1 of 4 · Amount")).toBeTruthy();
    expect(
      requests.filter((request) => request.url.includes("/payments/authorize-credit-card")),
    ).toHaveLength(1);
  });

  it("sends to another user found by their e-mail, and says so when nobody is found", async () => {
    const { user, backend, requests } = renderFlows(
      `/account/wallets/send/recipient?currency_from_id=${USD.id}`,
    );

    await searchAfterNotFound(user, {
      field: "E-mail, phone or wallet ID",
      button: "Find",
      notFound: ["nobody@example.com", "We couldn't find a Vela wallet for that. Check it and try again."],
      found: "bo@example.com",
    });
    await user.click(await screen.findByRole("button", { name: "Send to Bo R., wallet VW-BOBRR-00002" }));

    expect(await screen.findByText("Step 2 of 4 · Amount")).toBeTruthy();
    // Bo holds only EUR: that is what can arrive.
    const to = await screen.findByRole("combobox", { name: "They receive in" });
    expect(
      within(to)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["EUR · Euro"]);
    await continueWithAmount(user, "You send", "50");

    expect(await screen.findByRole("heading", { name: "Review your transfer" })).toBeTruthy();
    expect(
      requests.find((request) => request.url === "/api/wallets/send-money/quotation/create")?.body,
    ).toMatchObject({ recipient_wallet_id: "VW-BOBRR-00002", send_amount: "50.00" });
    await user.click(screen.getByRole("button", { name: "Send 50.00 USD" }));

    expect(await screen.findByRole("heading", { name: "Sent" })).toBeTruthy();
    expect(text(screen.getByText(/received/))).toBe("Bo R. received 45.00 EUR.");
    expect(backend.balanceOf("USD")).toBe("450.00");
  });

  it("says a send past the person's limit was refused on AMOUNT, with the way to verify and back (issue 20)", async () => {
    const { user } = renderFlows("/account/wallets/send/recipient?wallet_id=VW-BOBRR-00002");
    const limit =
      "This would take you past your 24-hour limit of 1,000 USD for unverified accounts (50 USD left). Verify your identity to raise it.";
    server.use(handle(createWalletSendQuotation, invalid({ amount: [limit] })));
    await user.click(await screen.findByRole("button", { name: "Send to Bo R., wallet VW-BOBRR-00002" }));
    await continueWithAmount(user, "You send", "500");

    const alert = (await screen.findByText(limit)).closest("[role=alert]") as HTMLElement;
    expect(within(alert).getByRole("link", { name: "Verify your identity" }).getAttribute("href")).toBe(
      `/account/verification?${new URLSearchParams({ from: "/account/wallets/send/amount" })}`,
    );
    // The general "couldn't prepare" message is not said over it.
    expect(screen.queryByText("We couldn't hold this price. Check the amount and try again.")).toBeNull();
    expect(address()).toBe("/account/wallets/send/amount");
  });

  it("says so on the review when the transaction is refused past the limit (checked again under the lock)", async () => {
    const { user, backend } = renderFlows("/account/wallets/send/recipient?wallet_id=VW-BOBRR-00002");
    const limit =
      "This would take you past your 24-hour limit of 1,000 USD for unverified accounts (0 USD left). Verify your identity to raise it.";
    server.use(handle(createWalletTransaction, invalid({ amount: [limit] })));
    await user.click(await screen.findByRole("button", { name: "Send to Bo R., wallet VW-BOBRR-00002" }));
    await continueWithAmount(user, "You send", "50");
    await user.click(await screen.findByRole("button", { name: "Send 50.00 USD" }));

    const alert = (await screen.findByText(limit)).closest("[role=alert]") as HTMLElement;
    expect(within(alert).getByRole("link", { name: "Verify your identity" }).getAttribute("href")).toBe(
      `/account/verification?${new URLSearchParams({ from: "/account/wallets/send/send" })}`,
    );
    expect(backend.balanceOf("USD")).toBe("500.00");
  });

  it("opens a shared wallet link with that wallet looked up", async () => {
    const { requests } = renderFlows("/account/wallets/send/recipient?wallet_id=VW-BOBRR-00002");

    expect(await screen.findByRole("button", { name: "Send to Bo R., wallet VW-BOBRR-00002" })).toBeTruthy();
    expect(
      requests.some((request) => request.url === "/api/wallets/send-money/search-user?query=VW-BOBRR-00002"),
    ).toBe(true);
    expect(
      (screen.getByRole("textbox", { name: "E-mail, phone or wallet ID" }) as HTMLInputElement).value,
    ).toBe("VW-BOBRR-00002");
  });

  it("withdraws with the e-mailed code: a wrong code is refused, the right one puts the amount on hold", async () => {
    const { user, backend } = renderFlows(`/account/wallets/withdraw/method?currency_from_id=${USD.id}`);

    // The only payout method offered is chosen already.
    const bank = (await screen.findByRole("radio", { name: "Bank account" })) as HTMLInputElement;
    await waitFor(() => expect(bank.checked).toBe(true));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Step 2 of 5 · Account")).toBeTruthy();
    await user.click(await screen.findByRole("radio", { name: /Ana López/ }));
    await user.click(screen.getByRole("button", { name: "Continue" }));

    await continueWithAmount(user, "You withdraw", "100");

    // Spec §4: the extra confirmation step before money leaves.
    expect(await screen.findByRole("heading", { name: "Confirm it's you" })).toBeTruthy();
    expect(address()).toBe("/account/wallets/withdraw/verify");
    await user.click(screen.getByRole("button", { name: "E-mail me a code" }));
    expect(await screen.findByText("We sent a 6-digit code to a•••@example.com.")).toBeTruthy();
    expect(backend.codesSent).toBe(1);

    await user.type(screen.getByLabelText(/code/i, { selector: "input" }), "000000");
    await user.click(screen.getByRole("button", { name: "Withdraw 101.00 USD" }));
    expect(await screen.findByText("The code is wrong or has expired.", { selector: "div" })).toBeTruthy();
    expect(backend.wallets[0]?.on_hold).toBe("0.00");

    const code = screen.getByLabelText(/code/i, { selector: "input" });
    await user.clear(code);
    await user.type(code, WITHDRAW_CODE);
    await user.click(screen.getByRole("button", { name: "Withdraw 101.00 USD" }));

    expect(await screen.findByRole("heading", { name: "Withdrawal on its way" })).toBeTruthy();
    expect(backend.wallets[0]?.on_hold).toBe("101.00");
  });

  it("adds a new account for a withdrawal with the recipients' withdraw form", async () => {
    const { user, requests } = renderFlows(`/account/wallets/withdraw/method?currency_from_id=${USD.id}`);
    await user.click(await screen.findByRole("radio", { name: "Bank account" }));
    await user.click(screen.getByRole("button", { name: "Continue" }));

    await user.click(await screen.findByRole("button", { name: "Add an account" }));
    const dialog = await screen.findByRole("dialog", { name: "New account for withdrawals" });
    await user.type(await within(dialog).findByRole("textbox", { name: /First name/ }), "Ana");
    await user.type(within(dialog).getByRole("textbox", { name: /Last name/ }), "Ruiz");
    await user.type(within(dialog).getByRole("textbox", { name: /Account number/ }), "123456789");
    await user.click(within(dialog).getByRole("button", { name: "Save account" }));

    // Saved as a withdrawal account, not as a recipient somebody is told about.
    expect(await screen.findByText("Withdrawal account saved.")).toBeTruthy();
    expect(screen.queryByText("Recipient saved.")).toBeNull();
    // The saved account is chosen for the withdrawal, its number masked.
    await waitFor(() =>
      expect((screen.getByRole("radio", { name: /Ana Ruiz/ }) as HTMLInputElement).checked).toBe(true),
    );
    expect(text(document.body)).toContain("USD · •••• 6789");
    expect(text(document.body)).not.toContain("123456789");
    const form = requests.find((request) => request.url.startsWith("/api/recipients/withdraw-form"));
    expect(form?.url).toContain(`currency_to_id=${USD.id}`);
    expect(form?.url).toContain("withdrawal_method_id=21");
    expect(
      requests.find((request) => request.url === "/api/recipients" && request.method === "POST")?.body,
    ).toMatchObject({
      type: "customer",
      currency_to_id: USD.id,
      withdrawal_method_id: 21,
      first_name: "Ana",
    });
  });
});
