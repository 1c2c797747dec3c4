import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { isStatusLog, type Session, screenshot, VIEWPORTS } from "../support/browser";
import {
  chooseCardMethod,
  freshUsPhone,
  payByNewCard,
  screenshots,
  setUpJourney,
  typeCard,
} from "../support/journey";
import { logInAtLoginPage, modal, pathname } from "../support/login";

// Proves issue 10's multi-currency wallet end to end in a real browser against the production
// build and its sandboxes. A new client opens USD and EUR wallets on the dashboard; adds 300 USD
// by a push transfer's instructions (a wire quoting its reference, made to "arrive" on the bank
// sandbox's page) and 200 USD by card; converts 200 USD to EUR, where the wallet pays so PAYMENT
// is skipped; sends 50 EUR to a second client found by e-mail, who sees it in their own EUR
// wallet; withdraws 100 USD to a new bank account with the code read on the Mailbox page; and the
// balances and transactions the dashboard shows agree with the API's ledger answers. Every screen
// is screenshotted at 1280×800 and 390×844 and checked with axe; nothing else may fail.

const PASSWORD = "Copper-Meadow-58!";

type Wallet = {
  id: number;
  public_id: string;
  currency: { iso: string };
  balance: string;
  available: string;
  on_hold: string;
};
type TransactionsPage = {
  data: { ref: string; amount: string; direction: string; service: string }[];
  total: number;
};

describe("wallet journey", () => {
  const { baseUrl, api, mailbox, stamp, openSession, registerUsClient } = setUpJourney();
  const shoot = screenshots("wallets");

  const visible = (page: Page, text: string | RegExp) =>
    expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 20_000 }).toBe(true);
  const heading = (page: Page, name: string) =>
    expect
      .poll(() => page.getByRole("heading", { name }).first().isVisible(), { timeout: 20_000 })
      .toBe(true);
  const at = (page: Page, path: string) => expect.poll(() => pathname(page), { timeout: 20_000 }).toBe(path);

  async function logIn(session: Session, email: string) {
    await logInAtLoginPage(session.page, session.baseUrl, email, PASSWORD);
    await expect.poll(() => pathname(session.page), { timeout: 20_000 }).toMatch(/^\/account/);
  }

  /** Waits until the AMOUNT step's price is worked out and Continue can be pressed. */
  async function priced(page: Page) {
    await expect
      .poll(() => page.getByRole("button", { name: "Continue" }).isEnabled(), { timeout: 20_000 })
      .toBe(true);
  }

  async function typeAmount(page: Page, label: string, amount: string) {
    const field = page.getByRole("textbox", { name: label });
    await field.fill(amount);
    await field.press("Tab");
    await priced(page);
  }

  const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
  /** Screenshots a page in Spanish too (the header's switch), then switches back to English. */
  async function shootSpanish(page: Page, name: string, spanishText: string | RegExp) {
    const header = page.getByRole("banner");
    await header.locator("label", { hasText: "Español" }).click();
    await expect.poll(() => lang(page), { timeout: 15_000 }).toBe("es");
    await visible(page, spanishText);
    await shoot(page, `${name}-es`);
    await header.locator("label", { hasText: "English" }).click();
    await expect.poll(() => lang(page), { timeout: 15_000 }).toBe("en");
  }

  /** The wallet card of a currency on the dashboard, e.g. "USD wallet, balance 500.00 USD". */
  const walletCard = (page: Page, iso: string) =>
    page.getByRole("button", { name: new RegExp(`^${iso} wallet, balance `) });

  /** Chooses a wallet on the dashboard and waits until its details (and service links) show. */
  async function chooseWallet(page: Page, iso: string) {
    await walletCard(page, iso).click();
    await expect
      .poll(() => walletCard(page, iso).getAttribute("aria-pressed"), { timeout: 15_000 })
      .toBe("true");
    await heading(page, `${iso} wallet`);
  }

  async function walletsOf(token: string) {
    return (await api<{ wallets: Wallet[] }>("GET", "/wallets/dashboard", { token })).wallets;
  }

  it("opens USD and EUR wallets, adds money by transfer and card, converts, sends, withdraws with the e-mailed code, and shows what the ledger holds", async () => {
    const email = `ana.wallet.${stamp}@example.com`;
    const token = await registerUsClient({ email, password: PASSWORD, phoneNumber: freshUsPhone("20258") });
    const bobEmail = `bo.wallet.${stamp}@example.com`;
    const bobToken = await registerUsClient({
      firstName: "Bo",
      lastName: "Ruiz",
      email: bobEmail,
      password: PASSWORD,
      phoneNumber: freshUsPhone("20259"),
    });
    const currencies = await api<{ id: number; iso: string }[]>("GET", "/wallets/new-wallet/currencies", {
      token: bobToken,
    });
    const eurId = currencies.find((currency) => currency.iso === "EUR")?.id;
    await api("POST", "/wallets/new-wallet", { token: bobToken, body: { currency_id: eurId } });

    // A wrong code is refused once (422); nothing else may fail.
    const session = await openSession({
      viewport: VIEWPORTS.desktop,
      expected: (problem) => isStatusLog(problem, 422),
    });
    const { page } = session;
    await logIn(session, email);

    // The dashboard: no wallet yet; open USD, then EUR.
    await page.goto(`${baseUrl}/account/wallets`, { waitUntil: "networkidle" });
    await visible(page, "You don't have a wallet yet");
    await shoot(page, "empty");
    for (const [label, iso] of [
      ["Open your first wallet", "USD"],
      ["Open a wallet", "EUR"],
    ] as const) {
      await page.getByRole("button", { name: label }).first().click();
      const dialog = modal(page);
      const option = dialog.getByRole("radio", { name: new RegExp(`^${iso} · `) });
      await expect.poll(() => option.isVisible(), { timeout: 15_000 }).toBe(true);
      if (iso === "USD") await shoot(page, "open-wallet");
      await option.check();
      await dialog.getByRole("button", { name: "Open wallet" }).click();
      await expect.poll(() => walletCard(page, iso).isVisible(), { timeout: 15_000 }).toBe(true);
    }
    await chooseWallet(page, "USD");

    // Add 300 USD by a push transfer: its instructions and reference, then the bank sandbox
    // records the transfer's arrival and the deposit credits the wallet.
    await page.getByRole("link", { name: "Add money", exact: true }).click();
    await at(page, "/account/wallets/deposit/amount");
    await page.getByRole("combobox", { name: "You pay in" }).selectOption({ label: "USD · US Dollar" });
    await typeAmount(page, "You pay", "300");
    await shoot(page, "deposit-amount");
    await page.getByRole("button", { name: "Continue" }).click();
    await at(page, "/account/wallets/deposit/payment");
    await heading(page, "Payment methods");
    await shoot(page, "deposit-methods");
    await page
      .getByRole("button", { name: /^Bank transfer/ })
      .first()
      .click();
    await page
      .getByRole("button", { name: /^Domestic wire/ })
      .first()
      .click();
    await page.getByRole("button", { name: "Get the transfer details" }).click();
    const instructions = page.getByTestId("transfer-instructions");
    await expect.poll(() => instructions.isVisible(), { timeout: 15_000 }).toBe(true);
    const reference = /VLT-[A-Z0-9]{8}/.exec((await instructions.textContent()) ?? "")?.[0] ?? "";
    expect(reference).not.toBe("");
    // The first row is what to transfer ("302.50 USD"): the deposit with its fee.
    const transferAmount =
      ((await instructions.locator("dd").first().textContent()) ?? "").split(" ")[0] ?? "";
    expect(transferAmount).toMatch(/^3\d\d\.\d\d$/);
    await shoot(page, "deposit-instructions");
    await page.getByRole("button", { name: "I'll send it — continue" }).click();
    await at(page, "/account/wallets/deposit/send");
    await heading(page, "Review your deposit");
    await shoot(page, "deposit-review");
    await page.getByRole("button", { name: /^Confirm and add / }).click();
    await at(page, "/account/wallets/deposit/confirmation");
    // The confirmation gives the bank details and the reference again, and so do the order details.
    await heading(page, "Deposit placed: now send your transfer");
    const transferDetails = page.getByLabel("Bank transfer details");
    await expect.poll(() => transferDetails.textContent(), { timeout: 15_000 }).toContain(reference);
    expect(await transferDetails.textContent()).toContain("021000021");
    await visible(page, "To be added to your wallet");
    await shoot(page, "deposit-waiting");
    await shootSpanish(page, "deposit-waiting", "Depósito registrado: ahora envía tu transferencia");
    await page.getByRole("link", { name: "View details" }).click();
    await expect.poll(() => pathname(page), { timeout: 20_000 }).toMatch(/^\/account\/history\/\d+$/);
    await heading(page, "Bank transfer details");
    await visible(page, reference);
    await shoot(page, "deposit-transfer-details");
    await shootSpanish(page, "deposit-transfer-details", "Datos de la transferencia");
    await page.goBack();
    await at(page, "/account/wallets/deposit/confirmation");
    const bank = await session.context.newPage();
    await bank.goto(`${baseUrl}/api/sandbox/banks/arrivals?reference=${reference}`);
    await bank.getByLabel("Amount received").fill(transferAmount);
    await bank.getByRole("button", { name: "Record arrival" }).click();
    await expect
      .poll(
        () =>
          bank
            .getByText(/Received/)
            .first()
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    await bank.close();
    await expect
      .poll(async () => (await walletsOf(token)).find((wallet) => wallet.currency.iso === "USD")?.balance, {
        timeout: 30_000,
      })
      .toBe("300.00");
    // Once it arrived the confirmation says the money is in the wallet.
    await heading(page, "Money added");

    // Add 200 USD by card ("Add more money" starts the flow again).
    await page.getByRole("button", { name: "Add more money" }).click();
    await at(page, "/account/wallets/deposit/amount");
    // The same currencies again.
    const selected = (name: string) =>
      page.getByRole("combobox", { name }).locator("option:checked").textContent({ timeout: 15_000 });
    await expect.poll(() => selected("Into your wallet"), { timeout: 15_000 }).toBe("USD · US Dollar");
    await expect.poll(() => selected("You pay in"), { timeout: 15_000 }).toBe("USD · US Dollar");
    await typeAmount(page, "You pay", "200");
    await page.getByRole("button", { name: "Continue" }).click();
    await at(page, "/account/wallets/deposit/payment");
    await chooseCardMethod(page);
    await typeCard(page);
    await shoot(page, "deposit-card");
    await page.getByRole("button", { name: "Continue with this card" }).click();
    await at(page, "/account/wallets/deposit/send");
    await page.getByRole("button", { name: /^Confirm and add / }).click();
    await expect
      .poll(async () => (await walletsOf(token)).find((wallet) => wallet.currency.iso === "USD")?.balance, {
        timeout: 30_000,
      })
      .toBe("500.00");
    await visible(page, "COMPLETED");
    // A completed card deposit says it was added, not "as soon as your payment arrives".
    await heading(page, "Money added");
    expect(await page.getByText(/as soon as your payment arrives/).count()).toBe(0);
    await shoot(page, "deposit-card-done");

    // Convert 200 USD to EUR: paid from the wallet, so AMOUNT goes straight to the review.
    await page.goto(`${baseUrl}/account/wallets`, { waitUntil: "networkidle" });
    await chooseWallet(page, "USD");
    await page.getByRole("link", { name: "Convert", exact: true }).click();
    await at(page, "/account/wallets/convert/amount");
    await page.getByRole("combobox", { name: "To your wallet" }).selectOption({ label: "EUR · Euro" });
    await typeAmount(page, "You convert", "200");
    await shoot(page, "convert-amount");
    await page.getByRole("button", { name: "Continue" }).click();
    await at(page, "/account/wallets/convert/send");
    await heading(page, "Review your conversion");
    await shoot(page, "convert-review");
    await page.getByRole("button", { name: /^Convert 200.00/ }).click();
    await at(page, "/account/wallets/convert/confirmation");
    await heading(page, "Converted");
    await shoot(page, "convert-done");
    const afterConvert = await walletsOf(token);
    const eurBalance = afterConvert.find((wallet) => wallet.currency.iso === "EUR")?.balance ?? "";
    expect(Number(eurBalance)).toBeGreaterThan(50);

    // Send 50 EUR to Bo, found by his e-mail.
    await page.goto(`${baseUrl}/account/wallets`, { waitUntil: "networkidle" });
    await chooseWallet(page, "EUR");
    await page.getByRole("link", { name: "Send", exact: true }).click();
    await at(page, "/account/wallets/send/recipient");
    await page.getByRole("textbox", { name: "E-mail, phone or wallet ID" }).fill(bobEmail);
    await page.getByRole("button", { name: "Find" }).click();
    const bo = page.getByRole("button", { name: /^Send to .*, wallet VW-/ }).first();
    await expect.poll(() => bo.isVisible(), { timeout: 15_000 }).toBe(true);
    await shoot(page, "send-found");
    await bo.click();
    await at(page, "/account/wallets/send/amount");
    await page.getByRole("combobox", { name: "From your wallet" }).selectOption({ label: "EUR · Euro" });
    await typeAmount(page, "You send", "50");
    await shoot(page, "send-amount");
    await page.getByRole("button", { name: "Continue" }).click();
    await heading(page, "Review your transfer");
    await page.getByRole("button", { name: /^Send 50.00/ }).click();
    await heading(page, "Sent");
    await shoot(page, "send-done");

    // Bo sees it in his EUR wallet.
    const bobSession = await openSession({ viewport: VIEWPORTS.desktop });
    await logIn(bobSession, bobEmail);
    await bobSession.page.goto(`${baseUrl}/account/wallets`, { waitUntil: "networkidle" });
    await expect
      .poll(() => walletCard(bobSession.page, "EUR").getAttribute("aria-label"), { timeout: 15_000 })
      .toBe("EUR wallet, balance 50.00 EUR");
    await visible(bobSession.page, /from Ana/);
    await screenshot(bobSession.page, "wallets-received-desktop");
    expect(bobSession.problems).toEqual([]);
    await bobSession.context.close();

    // Withdraw 100 USD to a new bank account, confirmed with the code from the Mailbox page.
    await page.goto(`${baseUrl}/account/wallets`, { waitUntil: "networkidle" });
    await chooseWallet(page, "USD");
    await page.getByRole("link", { name: "Withdraw", exact: true }).click();
    await at(page, "/account/wallets/withdraw/method");
    await page.getByRole("radio", { name: /^USD/ }).check();
    await page.getByRole("radio", { name: /^Bank/ }).first().check();
    await shoot(page, "withdraw-method");
    await page.getByRole("button", { name: "Continue" }).click();
    await at(page, "/account/wallets/withdraw/beneficiary");
    await page.getByRole("button", { name: "Add an account" }).click();
    const dialog = modal(page);
    await expect.poll(() => dialog.getByLabel(/First name/).isVisible(), { timeout: 15_000 }).toBe(true);
    await dialog.getByLabel(/First name/).fill("Ana");
    await dialog.getByLabel(/Last name/).fill("García");
    for (const [label, value] of [
      [/Routing number|ABA/, "021000021"],
      [/Account number/, "123456789"],
    ] as const) {
      const input = dialog.getByLabel(label).first();
      if (await input.isVisible()) await input.fill(value);
    }
    const accountType = dialog
      .getByRole("textbox", { name: /Account type/ })
      .or(dialog.getByRole("combobox", { name: /Account type/ }))
      .first();
    await accountType.click();
    await page.getByRole("option", { name: /Checking/ }).click();
    await shoot(page, "withdraw-account");
    await dialog.getByRole("button", { name: "Save account" }).click();
    await expect.poll(() => modal(page).count(), { timeout: 15_000 }).toBe(0);
    await visible(page, "Withdrawal account saved.");
    await expect
      .poll(() => page.getByRole("radio", { name: /Ana García/ }).isChecked(), { timeout: 15_000 })
      .toBe(true);
    // The saved account's number is masked.
    await visible(page, /USD · ••••.6789/);
    expect(await page.getByText("123456789").count()).toBe(0);
    await page.getByRole("button", { name: "Continue" }).click();
    await at(page, "/account/wallets/withdraw/amount");
    await typeAmount(page, "You withdraw", "100");
    await shoot(page, "withdraw-amount");
    await page.getByRole("button", { name: "Continue" }).click();
    await at(page, "/account/wallets/withdraw/verify");
    await page.getByRole("button", { name: "E-mail me a code" }).click();
    await visible(page, /We sent a 6-digit code/);
    const code = await mailbox.readCode(session, email, "wallets-mailbox-desktop");
    await page.getByRole("textbox", { name: /code/i }).fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: /^Withdraw 10/ }).click();
    // A wrong code is refused and counted; nothing is held.
    await visible(page, /The code is not correct/);
    expect((await walletsOf(token)).find((wallet) => wallet.currency.iso === "USD")?.on_hold).toBe("0.00");
    await page.getByRole("textbox", { name: /code/i }).fill(code);
    await shoot(page, "withdraw-verify");
    await page.getByRole("button", { name: /^Withdraw 10/ }).click();
    await at(page, "/account/wallets/withdraw/confirmation");
    await heading(page, "Withdrawal on its way");
    await shoot(page, "withdraw-done");

    // The dashboard agrees with the ledger: balances, and each wallet's transactions.
    await expect
      .poll(async () => (await walletsOf(token)).find((wallet) => wallet.currency.iso === "USD")?.on_hold, {
        timeout: 30_000,
      })
      .toBe("0.00");
    await page.goto(`${baseUrl}/account/wallets`, { waitUntil: "networkidle" });
    const ledger = await walletsOf(token);
    for (const wallet of ledger) {
      await expect
        .poll(() => walletCard(page, wallet.currency.iso).getAttribute("aria-label"), { timeout: 15_000 })
        .toContain(
          `balance ${Number(wallet.balance).toLocaleString("en-US", { minimumFractionDigits: 2 })} ${wallet.currency.iso}`,
        );
      await chooseWallet(page, wallet.currency.iso);
      const listed = await api<TransactionsPage>("GET", `/wallets/${wallet.id}/transactions`, { token });
      await expect
        .poll(() => page.getByText(`${listed.total} transaction`).first().isVisible(), { timeout: 15_000 })
        .toBe(true);
      for (const row of listed.data) {
        await expect.poll(() => page.getByText(row.ref).first().isVisible(), { timeout: 15_000 }).toBe(true);
      }
    }
    await chooseWallet(page, "USD");
    await shoot(page, "dashboard");
    // The account's home page shows the same balances.
    await page.goto(`${baseUrl}/account`, { waitUntil: "networkidle" });
    for (const wallet of ledger) {
      await expect
        .poll(() => page.getByTestId(`dashboard-balance-${wallet.currency.iso}`).textContent())
        .toContain(Number(wallet.balance).toLocaleString("en-US", { minimumFractionDigits: 2 }));
    }
    await shoot(page, "account-home");
    const usd = ledger.find((wallet) => wallet.currency.iso === "USD");
    expect(Number(usd?.balance)).toBeLessThan(200);
    expect(session.problems).toEqual([]);
  }, 300_000);

  it("shows a refused withdrawal as refused and back in the wallet, and lists its refund beside it", async () => {
    const email = `ana.refused.${stamp}@example.com`;
    const token = await registerUsClient({ email, password: PASSWORD, phoneNumber: freshUsPhone("20257") });
    const currencies = await api<{ id: number; iso: string }[]>("GET", "/wallets/new-wallet/currencies", {
      token,
    });
    const usdId = currencies.find((currency) => currency.iso === "USD")?.id;
    await api("POST", "/wallets/new-wallet", { token, body: { currency_id: usdId } });
    const session = await openSession({ viewport: VIEWPORTS.desktop });
    const { page } = session;
    await logIn(session, email);

    // 100 USD in by card.
    await page.goto(`${baseUrl}/account/wallets/deposit/amount?currency_to_id=${usdId}`, {
      waitUntil: "networkidle",
    });
    await page.getByRole("combobox", { name: "You pay in" }).selectOption({ label: "USD · US Dollar" });
    await typeAmount(page, "You pay", "100");
    await page.getByRole("button", { name: "Continue" }).click();
    await at(page, "/account/wallets/deposit/payment");
    await payByNewCard(page);
    await at(page, "/account/wallets/deposit/send");
    await page.getByRole("button", { name: /^Confirm and add / }).click();
    await heading(page, "Money added");

    // 20 USD out to an account the payout partner refuses (last name "Rejected").
    await page.goto(`${baseUrl}/account/wallets/withdraw/method?currency_from_id=${usdId}`, {
      waitUntil: "networkidle",
    });
    await page.getByRole("radio", { name: /^USD/ }).check();
    await page.getByRole("radio", { name: /^Bank/ }).first().check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Add an account" }).click();
    const dialog = modal(page);
    await expect.poll(() => dialog.getByLabel(/First name/).isVisible(), { timeout: 15_000 }).toBe(true);
    await dialog.getByLabel(/First name/).fill("Ana");
    await dialog.getByLabel(/Last name/).fill("Rejected");
    await dialog
      .getByLabel(/Routing number|ABA/)
      .first()
      .fill("021000021");
    await dialog
      .getByLabel(/Account number/)
      .first()
      .fill("987654321");
    await dialog
      .getByRole("textbox", { name: /Account type/ })
      .or(dialog.getByRole("combobox", { name: /Account type/ }))
      .first()
      .click();
    await page.getByRole("option", { name: /Checking/ }).click();
    await dialog.getByRole("button", { name: "Save account" }).click();
    await expect
      .poll(() => page.getByRole("radio", { name: /Ana Rejected/ }).isChecked(), { timeout: 15_000 })
      .toBe(true);
    await page.getByRole("button", { name: "Continue" }).click();
    await typeAmount(page, "You withdraw", "20");
    await page.getByRole("button", { name: "Continue" }).click();
    await at(page, "/account/wallets/withdraw/verify");
    await page.getByRole("button", { name: "E-mail me a code" }).click();
    await visible(page, /We sent a 6-digit code/);
    const code = await mailbox.readCode(session, email, "wallets-refused-mailbox-desktop");
    await page.getByRole("textbox", { name: /code/i }).fill(code);
    await page.getByRole("button", { name: /^Withdraw 20/ }).click();
    await at(page, "/account/wallets/withdraw/confirmation");

    // The page follows the order to refunded and says what happened: no "on its way", no "on hold".
    await heading(page, "Withdrawal refused");
    await visible(page, /^The withdrawal was refused; 20\.20.USD is back in your wallet\.$/);
    await visible(page, "REFUNDED");
    expect(await page.getByText(/on its way|stays on hold/).count()).toBe(0);
    await shoot(page, "withdraw-refused");
    await shootSpanish(page, "withdraw-refused", "Retiro rechazado");
    const wallet = (await walletsOf(token)).find((candidate) => candidate.currency.iso === "USD");
    expect(wallet).toMatchObject({ balance: "100.00", available: "100.00", on_hold: "0.00" });

    // The transactions list it as a bank statement would: −20.20, then its +20.20 refund.
    await page.goto(`${baseUrl}/account/wallets`, { waitUntil: "networkidle" });
    const list = page.getByRole("list", { name: "Transactions" });
    const refund = list.getByRole("listitem").filter({ hasText: "Refund: Withdraw to Ana Rejected" });
    await expect.poll(() => refund.textContent(), { timeout: 15_000 }).toContain("+20.20");
    const debit = list
      .getByRole("listitem")
      .filter({ hasText: "Withdraw to Ana Rejected" })
      .filter({ hasNotText: "Refund:" });
    expect(await debit.textContent()).toContain("−20.20");
    await shoot(page, "withdraw-refused-history");
    await shootSpanish(page, "withdraw-refused-history", /Reembolso: /);
    expect(session.problems).toEqual([]);
    await session.context.close();
  }, 240_000);
});
