import { readFile } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { isStatusLog, type Session, VIEWPORTS } from "../support/browser";
import { freshUsPhone, screenshots, setUpJourney, typeCard } from "../support/journey";
import { modal, pathname, submitLogin } from "../support/login";

// Proves the send-money flow end to end in a real browser against the production build and its
// sandbox providers (card processor, ACH, payout partner; their delays made short by the e2e
// server's SANDBOX_* settings). A new client (registered and verified through the API) prices
// 250 USD to Mexico by bank deposit on the home calculator, presses "Get started", logs in from
// the modal it opens and lands on the flow's AMOUNT step with that price; continues as itself on
// SENDER, adds a recipient on RECIPIENT, pays with the sandbox's approving card (typed into the
// card form, which sends the number only to the processor's tokenisation endpoint), confirms on
// SEND, downloads the receipt PDF on CONFIRMATION, and sees the order reach Completed in the
// history and on the public tracking page. "Send again" with the declining card ends in "Your card
// was declined." and no new order. A cash-pickup transfer to the Philippines paid by ACH debit
// reaches "Available for pickup". Every step is screenshotted at 1280×800 and 390×844 and checked
// with axe; nothing else may fail in the console.

const PASSWORD = "Copper-Meadow-58!";
const CLABE = "002010077777777771";

type OrdersPage = { data: { ref: string; tracking_number: string; status: string }[]; total?: number };
type Tracking = { status: string; status_label: string };

describe("send-money journey", () => {
  const { baseUrl, api, stamp, openSession, registerUsClient } = setUpJourney();
  const shoot = screenshots("send-money");

  const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

  async function waitForPrice(page: Page) {
    await expect
      .poll(() => page.getByRole("region", { name: "Your price" }).getAttribute("aria-busy"), {
        timeout: 20_000,
      })
      .toBe("false");
  }

  /** Chooses a corridor and delivery method on an AMOUNT step (the home card or the flow's). */
  async function priceTransfer(page: Page, country: string, method: string, amount: string) {
    const from = field(page, "You send from");
    await expect.poll(() => from.locator("option").count(), { timeout: 20_000 }).toBeGreaterThan(1);
    await from.selectOption({ label: "United States" });
    await field(page, "They receive in").selectOption({ label: country });
    await expect
      .poll(() => field(page, "Delivery method").locator("option", { hasText: method }).count(), {
        timeout: 20_000,
      })
      .toBe(1);
    await field(page, "Delivery method").selectOption({ label: method });
    await waitForPrice(page);
    await field(page, "You send").fill(amount);
    await field(page, "You send").press("Tab");
    await waitForPrice(page);
  }

  async function choose(page: Page, scope: Locator, label: string) {
    const select = scope
      .getByRole("textbox", { name: label })
      .or(scope.getByRole("combobox", { name: label }));
    await expect.poll(() => select.first().isEnabled(), { timeout: 15_000 }).toBe(true);
    await select.first().click();
    const options = page.getByRole("option");
    await expect.poll(() => options.first().isVisible(), { timeout: 15_000 }).toBe(true);
    await options.first().click();
  }

  async function typePhone(dialog: Locator, label: string, number: string) {
    await dialog.getByLabel(label).click();
    await dialog.getByLabel(label).pressSequentially(number);
  }

  async function saveRecipient(page: Page) {
    await modal(page).getByRole("button", { name: "Save recipient" }).click();
    await expect
      .poll(() => page.getByText("Recipient saved.").first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => modal(page).count(), { timeout: 15_000 }).toBe(0);
  }

  /** SENDER: the client sends as themself. */
  async function senderStep(page: Page, shotName?: string) {
    await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe("/account/send-money/sender");
    await expect.poll(() => page.getByText("Ana García").first().isVisible(), { timeout: 15_000 }).toBe(true);
    if (shotName) await shoot(page, shotName);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe("/account/send-money/recipient");
  }

  async function chooseRecipient(page: Page, name: string) {
    const radio = page.getByRole("radio", { name: `Send to ${name}` });
    await expect.poll(() => radio.isVisible(), { timeout: 15_000 }).toBe(true);
    await radio.click();
    await expect.poll(() => radio.getAttribute("aria-checked"), { timeout: 15_000 }).toBe("true");
  }

  /** PAYMENT: the method whose option matches `method`, then the payment view. */
  async function chooseMethod(page: Page, method: RegExp) {
    await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe("/account/send-money/payment");
    await expect
      .poll(() => page.getByRole("heading", { name: "Payment methods" }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    // The fee line agrees with the summary beside it (no "0.00 USD" while the summary shows a fee).
    const fees = ((await page.getByTestId("payment-fees").textContent()) ?? "").replace("Fees: ", "");
    expect(fees).toMatch(/^\d[\d,]*\.\d{2} USD$/);
    expect(await page.getByRole("region", { name: "Your transfer" }).first().textContent()).toContain(fees);
    await page.getByRole("button", { name: method }).first().click();
  }

  /** SEND then CONFIRMATION: answers the tracking number and the order id the page shows. */
  async function confirm(page: Page, shotName: string) {
    await expect.poll(() => pathname(page), { timeout: 20_000 }).toBe("/account/send-money/send");
    await expect
      .poll(() => page.getByRole("heading", { name: "Check your transfer" }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await shoot(page, `${shotName}-review`);
    await page.getByRole("button", { name: /^Send / }).click();
    await expect.poll(() => pathname(page), { timeout: 20_000 }).toBe("/account/send-money/confirmation");
    await expect
      .poll(() => page.getByRole("heading", { name: "Your transfer is on its way" }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    const tracking = page.locator('main a[href^="/tracking/"]').first();
    const trackingNumber = ((await tracking.textContent()) ?? "").trim();
    expect(trackingNumber).not.toBe("");
    await shoot(page, `${shotName}-confirmation`);
    return trackingNumber;
  }

  async function signInFromHome(session: Session, email: string) {
    await expect
      .poll(() => modal(session.page).getByRole("heading", { name: "Log in to Vela" }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await submitLogin(session.page, email, PASSWORD);
  }

  it("prices 250 USD to Mexico at home, pays by card, confirms, downloads the receipt and follows the order to completed; a declined card places nothing", async () => {
    const email = `ana.send.${stamp}@example.com`;
    const token = await registerUsClient({ email, password: PASSWORD, phoneNumber: freshUsPhone("20257") });
    // The declined card answers 402, and the recipient form may refuse a value once (422).
    const session = await openSession({
      viewport: VIEWPORTS.desktop,
      expected: (problem) => isStatusLog(problem, 402, 422),
    });
    const { page } = session;

    // Home: the calculator prices the transfer; "Get started" asks to log in, then opens the flow.
    await priceTransfer(page, "Mexico", "Bank deposit", "250");
    await shoot(page, "home-price");
    await page.getByRole("button", { name: "Get started" }).click();
    await signInFromHome(session, email);
    await expect.poll(() => pathname(page), { timeout: 20_000 }).toBe("/account/send-money/amount");
    const search = new URL(page.url()).searchParams;
    expect(search.get("send_amount")).toBe("250.00");
    expect(search.get("shipping_method_id")).toBeTruthy();
    await waitForPrice(page);
    expect(await field(page, "You send").inputValue()).toBe("250.00");
    await shoot(page, "amount");
    await page.getByRole("button", { name: "Continue" }).click();

    await senderStep(page, "sender");

    // RECIPIENT: a new one, added for this transfer's corridor.
    await page.getByRole("button", { name: "Add a new recipient" }).click();
    const dialog = modal(page);
    await expect.poll(() => dialog.getByLabel("First name").isVisible(), { timeout: 15_000 }).toBe(true);
    await dialog.getByLabel("First name").fill("María");
    await dialog.getByLabel("Last name").fill("López");
    await dialog.getByLabel("E-mail").fill(`maria.send.${stamp}@example.com`);
    await typePhone(dialog, "Phone number", "55 1234 5678");
    await dialog.getByLabel("CLABE").fill(CLABE);
    await shoot(page, "recipient-form");
    await saveRecipient(page);
    await chooseRecipient(page, "María López");
    await shoot(page, "recipient");
    await page.getByRole("button", { name: "Continue" }).click();

    // PAYMENT: methods, then the card tab ('3') with the card form (no saved cards yet).
    await shoot(page, "payment-methods");
    await chooseMethod(page, /^Credit or debit card/);
    await expect
      .poll(() => page.getByRole("tab", { name: "Card", selected: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByTestId("payment-fees").textContent()).not.toBe("Fees: 0.00 USD");
    // The number goes to the processor's tokenisation endpoint only; our payments API gets a token.
    const sentToApi: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/payments/")) sentToApi.push(request.postData() ?? "");
    });
    await typeCard(page, "4242 4242 4242 4242");
    await shoot(page, "payment-card");
    // The card form only authorizes; "Send …" on the next screen is what charges it.
    await page.getByRole("button", { name: "Continue with this card" }).click();
    const trackingNumber = await confirm(page, "card");
    expect(sentToApi.some((body) => body.includes("4242424242424242"))).toBe(false);

    // The receipt: an authenticated download of a PDF.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download receipt" }).click(),
    ]);
    const pdf = await readFile((await download.path()) ?? "");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");

    // The order moves on by itself (capture, payout): completed on the public tracking page.
    await expect
      .poll(async () => (await api<Tracking>("GET", `/tracking/${trackingNumber}`)).status, {
        timeout: 60_000,
        interval: 1000,
      })
      .toBe("completed");
    // The history lists it by its reference, completed.
    const listed = await api<OrdersPage>("GET", "/orders?page=1&limit=10", { token });
    const ref = listed.data.find((order) => order.tracking_number === trackingNumber)?.ref ?? "";
    expect(ref).not.toBe("");
    await page.goto(`${baseUrl}/account/history`, { waitUntil: "networkidle" });
    await expect.poll(() => page.getByText(ref).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText("Completed").first().isVisible(), { timeout: 15_000 }).toBe(true);
    // Each row names its service.
    expect(await page.getByText(/^Money transfer · /).count()).toBeGreaterThan(0);
    await shoot(page, "history");
    await page.goto(`${baseUrl}/tracking/${trackingNumber}`, { waitUntil: "networkidle" });
    await expect.poll(() => page.getByText("Completed").first().isVisible(), { timeout: 15_000 }).toBe(true);
    await shoot(page, "tracking");

    // Send again with the declining card: the message, and no second order.
    const before = await api<OrdersPage>("GET", "/orders?page=1&limit=10", { token });
    await page.goto(`${baseUrl}/account/send-money/confirmation`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Send again" }).click();
    await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe("/account/send-money/amount");
    await waitForPrice(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await senderStep(page);
    await chooseRecipient(page, "María López");
    await page.getByRole("button", { name: "Continue" }).click();
    await chooseMethod(page, /^Credit or debit card/);
    // The card saved? none was asked to be saved, so the form is open again.
    await typeCard(page, "4000 0000 0000 0002");
    await page.getByRole("button", { name: "Continue with this card" }).click();
    await expect
      .poll(() => page.getByText("Your card was declined.").first().isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(pathname(page)).toBe("/account/send-money/payment");
    await shoot(page, "payment-declined");
    const after = await api<OrdersPage>("GET", "/orders?page=1&limit=10", { token });
    expect(after.data.length).toBe(before.data.length);

    expect(session.problems).toEqual([]);
    await session.context.close();
  }, 240_000);

  it("sends cash to the Philippines paid by ACH debit, and the order becomes available for pickup", async () => {
    const email = `ana.ach.${stamp}@example.com`;
    await registerUsClient({ email, password: PASSWORD, phoneNumber: freshUsPhone("20258") });
    const session = await openSession({
      viewport: VIEWPORTS.desktop,
      expected: (problem) => isStatusLog(problem, 422),
    });
    const { page } = session;
    await page.getByRole("button", { name: "Log in" }).first().click();
    await signInFromHome(session, email);
    await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe("/account");
    await page.goto(`${baseUrl}/account/send-money/amount`, { waitUntil: "networkidle" });
    await priceTransfer(page, "Philippines", "Cash pickup", "100");
    await page.getByRole("button", { name: "Continue" }).click();
    await senderStep(page);

    // A cash-pickup recipient: a payer network and an ID document from the form's lists.
    await page.getByRole("button", { name: "Add a new recipient" }).click();
    const dialog = modal(page);
    await expect.poll(() => dialog.getByLabel("First name").isVisible(), { timeout: 15_000 }).toBe(true);
    await dialog.getByLabel("First name").fill("José");
    await dialog.getByLabel("Last name").fill("Santos");
    await dialog.getByLabel("E-mail").fill(`jose.ach.${stamp}@example.com`);
    await typePhone(dialog, "Phone number", "917 123 4567");
    await choose(page, dialog, "Pickup network");
    await choose(page, dialog, "ID the recipient will show");
    // The document's format is shown by the refusal of a wrong number; the example is then used.
    await dialog.getByLabel("Document number").fill("P1234567A");
    await dialog.getByRole("button", { name: "Save recipient" }).click();
    const refusal = dialog.getByText(/^Does not match the format of this document \(e\.g\. .+\)\.$/);
    const isRefused = await expect
      .poll(() => refusal.isVisible(), { timeout: 5_000 })
      .toBe(true)
      .then(
        () => true,
        () => false,
      );
    if (isRefused) {
      const example = /\(e\.g\. (.+)\)\.$/.exec((await refusal.textContent()) ?? "")?.[1] ?? "";
      await dialog.getByLabel("Document number").fill(example);
      await saveRecipient(page);
    } else {
      await expect.poll(() => modal(page).count(), { timeout: 15_000 }).toBe(0);
    }
    await chooseRecipient(page, "José Santos");
    await page.getByRole("button", { name: "Continue" }).click();

    // PAYMENT by ACH: the bank-account tab ('1') with the bank form.
    await chooseMethod(page, /^Bank transfer/);
    await page.getByRole("button", { name: /^ACH transfer/ }).click();
    await expect
      .poll(() => page.getByRole("tab", { name: "Bank account", selected: true }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await page.getByLabel(/Name on the account/).fill("Ana García");
    await page.getByLabel(/Routing number/).fill("011000015");
    await page.getByLabel(/Account number/).fill("000123456789");
    await page.getByLabel("Save this bank account for next time").check();
    await shoot(page, "payment-ach");
    await page.getByRole("button", { name: /^Pay / }).click();
    const trackingNumber = await confirm(page, "ach");

    await expect
      .poll(async () => (await api<Tracking>("GET", `/tracking/${trackingNumber}`)).status, {
        timeout: 60_000,
        interval: 1000,
      })
      .toBe("available_for_pickup");
    // CONFIRMATION follows the order by itself.
    await expect
      .poll(() => page.getByText("Available for pickup").first().isVisible(), { timeout: 20_000 })
      .toBe(true);
    await shoot(page, "ach-available-for-pickup");

    // Settings: the bank account saved while paying, listed masked; a card added and deleted.
    await page.goto(`${baseUrl}/account/settings/banks`, { waitUntil: "networkidle" });
    const banks = page.getByRole("list", { name: "Saved bank accounts" });
    await expect.poll(() => banks.textContent(), { timeout: 15_000 }).toContain("6789");
    expect(await banks.textContent()).not.toContain("000123456789");
    await shoot(page, "settings-banks");
    await page.goto(`${baseUrl}/account/settings/cards`, { waitUntil: "networkidle" });
    await expect
      .poll(() => page.getByText("You have no saved cards.").isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.getByRole("button", { name: "Add a card" }).click();
    await typeCard(page, "5555 5555 5555 4444");
    await page.getByLabel(/Billing address/).fill("1 Main St");
    await page.getByLabel(/^City/).fill("Boston");
    await page.getByLabel(/Postal code/).fill("02110");
    await shoot(page, "settings-card-form");
    await page.getByRole("button", { name: "Save card" }).click();
    const cards = page.getByRole("list", { name: "Saved cards" });
    await expect.poll(() => cards.textContent(), { timeout: 15_000 }).toContain("4444");
    expect(await cards.textContent()).not.toContain("5555555555554444");
    await shoot(page, "settings-cards");
    await cards
      .getByRole("button", { name: /^Delete / })
      .first()
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect
      .poll(() => page.getByText("You have no saved cards.").isVisible(), { timeout: 15_000 })
      .toBe(true);

    expect(session.problems).toEqual([]);
    await session.context.close();
  }, 240_000);
});
