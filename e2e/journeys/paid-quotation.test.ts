import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { isStatusLog, screenshot, VIEWPORTS } from "../support/browser";
import { screenshots, setUpJourney } from "../support/journey";
import { modal, pathname, submitLogin } from "../support/login";

// Issue 18, point 2, in a browser: a client pays a 250 USD transfer to Mexico by card, reaches
// SEND, goes back to PAYMENT and picks another method: the server refuses it (409) and the page
// says why, "This quotation already has a payment. Start a new one to change it.".

const PASSWORD = "Copper-Meadow-58!";
const CLABE = "002010077777777771";
const FROZEN = "This quotation already has a payment. Start a new one to change it.";

describe("a paid quotation in the send-money flow", () => {
  const { baseUrl, stamp, openSession, registerUsClient } = setUpJourney();
  const shoot = screenshots("paid-quotation");
  const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
  const at = (page: Page, path: string) => expect.poll(() => pathname(page), { timeout: 20_000 }).toBe(path);

  it("refuses another payment method once the card is authorized, with the reason on screen", async () => {
    const email = `ana.frozen.${stamp}@example.com`;
    await registerUsClient({
      email,
      password: PASSWORD,
      phoneNumber: `20258${String(Date.now()).slice(-5)}`,
    });
    const session = await openSession({
      viewport: VIEWPORTS.desktop,
      expected: (problem) => isStatusLog(problem, 409, 422),
    });
    const { page } = session;
    await page.goto(`${baseUrl}/login`, { waitUntil: "networkidle" });
    await expect
      .poll(() => modal(page).getByRole("heading", { name: "Log in to Vela" }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await submitLogin(page, email, PASSWORD);
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
    await page
      .getByRole("button", { name: /^Credit or debit card/ })
      .first()
      .click();
    await expect.poll(() => page.getByLabel(/Card number/).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByLabel(/Name on the card/).fill("Ana García");
    await page.getByLabel(/Card number/).fill("4242 4242 4242 4242");
    await page.getByLabel(/Expiry date/).fill("12/34");
    await page.getByLabel(/Security code/).fill("123");
    await page.getByRole("button", { name: /^Pay / }).click();
    await at(page, "/account/send-money/send");

    // Back to PAYMENT (the card tab, the card paid), and the bank transfer tab: refused, with the reason on screen.
    await page.getByRole("button", { name: "Back" }).click();
    await at(page, "/account/send-money/payment");
    const transfer = page.getByRole("tab", { name: "Bank transfer" });
    await expect.poll(() => transfer.isVisible(), { timeout: 15_000 }).toBe(true);
    const refused = page.waitForResponse(
      (response) => response.url().includes("/api/quotations/payment-method/") && response.status() === 409,
    );
    await transfer.click();
    await refused;
    await expect.poll(() => page.getByText(FROZEN).first().isVisible(), { timeout: 15_000 }).toBe(true);
    // The notice as it shows (the journey's shots below close notices first).
    await screenshot(page, "paid-quotation-refused-desktop");
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, "paid-quotation-refused-phone");
    await page.setViewportSize(VIEWPORTS.desktop);
    await shoot(page, "payment-after-refusal");
  });
});
