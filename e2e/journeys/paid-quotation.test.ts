import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chooseCardMethod, payByNewCard, screenshots, setUpJourney } from "../support/journey";
import { modal, pathname } from "../support/login";

// Issue 18, point 2, in a browser: a client pays a 250 USD transfer to Mexico by card, reaches
// SEND and goes back to PAYMENT. The quotation is paid, so its terms are frozen (the server would
// refuse another method with 409): PAYMENT shows the card as authorized, with Continue to SEND and
// "Start over with a new quotation", and offers no method to switch to. Nothing is refused. A
// browser that forgot its payment hears the 409 once, on the step, with the same way out.

const PASSWORD = "Copper-Meadow-58!";
const CLABE = "002010077777777771";
const FROZEN = "This quotation already has a payment. Start a new one to change it.";

describe("a paid quotation in the send-money flow", () => {
  const { baseUrl, stamp, signUpAndLogIn } = setUpJourney();
  const shoot = screenshots("paid-quotation");
  const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
  const at = (page: Page, path: string) => expect.poll(() => pathname(page), { timeout: 20_000 }).toBe(path);
  // The address changes before the lazily loaded step replaces the one before it, whose Back
  // button would still answer a click: SEND is there once its own heading is.
  const atSend = async (page: Page) => {
    await at(page, "/account/send-money/send");
    await expect
      .poll(() => page.getByRole("heading", { name: "Check your transfer" }).isVisible(), { timeout: 15_000 })
      .toBe(true);
  };

  it("shows the authorized card on PAYMENT after going back, with Continue and a way to start over", async () => {
    const email = `ana.frozen.${stamp}@example.com`;
    const session = await signUpAndLogIn(email, PASSWORD, "20258", [409, 422]);
    const { page } = session;
    await expect.poll(() => pathname(page), { timeout: 20_000 }).toMatch(/^\/account/);

    // AMOUNT: 250 USD to Mexico by bank deposit.
    await page.goto(`${baseUrl}/account/send-money/amount`, { waitUntil: "networkidle" });
    const from = field(page, "You send from");
    await expect.poll(() => from.locator("option").count(), { timeout: 20_000 }).toBeGreaterThan(1);
    await from.selectOption({ label: "United States" });
    await field(page, "They receive in").selectOption({ label: "Mexico" });
    await expect
      .poll(() => field(page, "Delivery method").locator("option", { hasText: "Bank deposit" }).count(), {
        timeout: 20_000,
      })
      .toBe(1);
    await field(page, "Delivery method").selectOption({ label: "Bank deposit" });
    await field(page, "You send").fill("250");
    await field(page, "You send").press("Tab");
    await expect
      .poll(() => page.getByRole("button", { name: "Continue" }).isEnabled(), { timeout: 20_000 })
      .toBe(true);
    await page.getByRole("button", { name: "Continue" }).click();

    // SENDER: themself. RECIPIENT: a new one.
    await at(page, "/account/send-money/sender");
    await expect.poll(() => page.getByText("Ana García").first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole("button", { name: "Continue" }).click();
    await at(page, "/account/send-money/recipient");
    await page.getByRole("button", { name: "Add a new recipient" }).click();
    const dialog = modal(page);
    await expect.poll(() => dialog.getByLabel("First name").isVisible(), { timeout: 15_000 }).toBe(true);
    await dialog.getByLabel("First name").fill("María");
    await dialog.getByLabel("Last name").fill("López");
    await dialog.getByLabel("E-mail").fill(`maria.frozen.${stamp}@example.com`);
    await dialog.getByLabel("Phone number").click();
    await dialog.getByLabel("Phone number").pressSequentially("55 1234 5678");
    await dialog.getByLabel("CLABE").fill(CLABE);
    await dialog.getByRole("button", { name: "Save recipient" }).click();
    await expect.poll(() => modal(page).count(), { timeout: 15_000 }).toBe(0);
    const radio = page.getByRole("radio", { name: "Send to María López" });
    await expect.poll(() => radio.isVisible(), { timeout: 15_000 }).toBe(true);
    await radio.click();
    await page.getByRole("button", { name: "Continue" }).click();

    // PAYMENT: the approving card is authorized, and the flow moves on to SEND.
    await at(page, "/account/send-money/payment");
    await expect
      .poll(() => page.getByRole("heading", { name: "Payment methods" }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await payByNewCard(page);
    await atSend(page);

    // Back to PAYMENT: the card shows as authorized, with Continue; nothing to pay again with, no
    // method to switch to, so nothing the server would refuse.
    const refusals: string[] = [];
    page.on("response", (response) => {
      if (response.status() === 409) refusals.push(response.url());
    });
    await page.getByRole("button", { name: "Back" }).click();
    await at(page, "/account/send-money/payment");
    const authorized = page.getByText(/card •••• 4242 is authorized for [\d,]+\.\d{2} USD\./);
    await expect.poll(() => authorized.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole("tab").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Continue with this card" }).count()).toBe(0);
    expect(await page.getByLabel(/Card number/).count()).toBe(0);
    await shoot(page, "payment-authorized");

    // The same in Spanish.
    await page.getByRole("banner").locator("label", { hasText: "Español" }).click();
    const autorizada = page.getByText(/tarjeta .*•••• 4242 está autorizada por [\d.]+,\d{2} USD\./);
    await expect.poll(() => autorizada.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(
      await page.getByRole("button", { name: "Empezar de nuevo con una cotización nueva" }).isVisible(),
    ).toBe(true);
    await shoot(page, "payment-authorized-es");
    await page.getByRole("banner").locator("label", { hasText: "English" }).click();
    await expect.poll(() => authorized.isVisible(), { timeout: 15_000 }).toBe(true);

    // Continue: on to SEND with the same payment.
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await atSend(page);
    expect(await page.getByText(/4242/).first().isVisible()).toBe(true);

    // Back again, in a browser that forgot which payment it made (its payment choices cleared): the
    // methods are offered, the server refuses the card method with 409, and the step says so once,
    // with the way out.
    await page.getByRole("button", { name: "Back" }).click();
    await at(page, "/account/send-money/payment");
    expect(refusals).toEqual([]);
    // The running page rewrites its stored choices whenever its store changes, so clearing them
    // from outside races with it: the next page load clears them before the SPA's scripts run.
    await page.addInitScript(() => {
      if (sessionStorage.getItem("forget-payment-once") === null) return;
      sessionStorage.removeItem("forget-payment-once");
      sessionStorage.removeItem("vela-payment");
    });
    await page.evaluate(() => sessionStorage.setItem("forget-payment-once", "1"));
    await page.reload({ waitUntil: "networkidle" });
    await chooseCardMethod(page);
    const refusal = page.getByRole("alert").filter({ hasText: FROZEN });
    await expect.poll(() => refusal.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText(FROZEN).count()).toBe(1);
    expect(refusals).toHaveLength(1);
    await shoot(page, "payment-refused");

    // Start over: AMOUNT with the same corridor and amount, for a new quotation.
    await refusal.getByRole("button", { name: "Start over with a new quotation" }).click();
    await at(page, "/account/send-money/amount");
    await expect
      .poll(() => field(page, "You send").inputValue(), { timeout: 15_000 })
      .toMatch(/^250(\.00)?$/);
    expect(await field(page, "They receive in").locator("option:checked").textContent()).toBe("Mexico");
    await shoot(page, "started-over");
  });
});
