import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoSeriousAxeViolations, expectNoSidewaysScroll } from "../support/axe";
import { type Session, screenshot, sharedBrowser, VIEWPORTS, watchForErrors } from "../support/browser";
import { freshUsPhone } from "../support/journey";
import { modal, pathname, textMeACode } from "../support/login";
import { devMailbox } from "../support/mailbox";

// Proves the whole path browser → API → embedded database on a new user's first visit: the home
// page's selectors fill from the reference endpoints, nothing fails in the console, and axe finds
// nothing serious, on a desktop and on a phone-sized screen.
describe("home page", () => {
  const baseUrl = inject("baseUrl");
  const browser = sharedBrowser();

  async function openHome(viewport: { width: number; height: number }, locale = "en-US") {
    // axe needs a page opened from an explicit context; its locale is the browser's languages.
    const context = await browser().newContext({ viewport, locale });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    await page.goto(baseUrl, { waitUntil: "networkidle" });
    return { page, problems };
  }

  /** The option labels of a native select, once the API has filled it with at least `count`. */
  async function optionsOf(page: Page, label: string, count = 2) {
    const select = page.getByLabel(label, { exact: true });
    await expect
      .poll(() => select.locator("option").count(), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(count);
    return select.locator("option").allTextContents();
  }

  it("fills the country and currency selectors from the API", async () => {
    const { page, problems } = await openHome(VIEWPORTS.desktop);

    const fromCountries = await optionsOf(page, "You send from");
    const toCountries = await optionsOf(page, "They receive in");
    expect(fromCountries).toContain("United States");
    expect(toCountries.length).toBeGreaterThan(5);
    // The currencies follow the country: each list is the corridor's, its first item selected.
    expect((await optionsOf(page, "Currency you send", 1)).length).toBeGreaterThan(0);
    expect((await optionsOf(page, "Currency they receive", 1)).length).toBeGreaterThan(0);

    // Choosing a destination selects its currency, from the corridor's list.
    await page.getByLabel("They receive in", { exact: true }).selectOption({ label: "Mexico" });
    await expect
      .poll(() =>
        page.getByLabel("Currency they receive", { exact: true }).evaluate((select) => {
          const element = select as HTMLSelectElement;
          return element.options[element.selectedIndex]?.textContent ?? "";
        }),
      )
      .toContain("MXN");

    await screenshot(page, "home-desktop");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("has no serious accessibility violations and fits a phone", async () => {
    const { page, problems } = await openHome(VIEWPORTS.phone);
    await optionsOf(page, "You send from");

    await expectNoSeriousAxeViolations(page);

    await expectNoSidewaysScroll(page);

    await screenshot(page, "home-phone");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  /** The visible text of a native select's chosen option. */
  const chosen = (page: Page, label: string) =>
    page.getByLabel(label, { exact: true }).evaluate((select) => {
      const element = select as HTMLSelectElement;
      return element.options[element.selectedIndex]?.textContent ?? "";
    });

  // Issue 18: the calculator started on the alphabetically first countries (Canada → Brazil, CAD).
  it("starts a visitor from the browser's region: en-US sends from the United States in USD, es-MX to Mexico", async () => {
    const us = await openHome(VIEWPORTS.desktop, "en-US");
    await optionsOf(us.page, "You send from");
    await expect.poll(() => chosen(us.page, "You send from")).toBe("United States");
    await expect.poll(() => chosen(us.page, "Currency you send")).toContain("USD");
    expect(us.problems).toEqual([]);
    await us.page.context().close();

    const mx = await openHome(VIEWPORTS.desktop, "es-MX");
    // The page speaks the browser's language too: the labels are Spanish.
    const receiveIn = mx.page.getByRole("combobox").nth(2);
    await expect.poll(() => receiveIn.locator("option").count(), { timeout: 20_000 }).toBeGreaterThan(2);
    await expect
      .poll(() =>
        receiveIn.evaluate((select) => {
          const element = select as HTMLSelectElement;
          return element.options[element.selectedIndex]?.textContent ?? "";
        }),
      )
      .toBe("México");
    await screenshot(mx.page, "home-es-mx-defaults");
    expect(mx.problems).toEqual([]);
    await mx.page.context().close();
  });

  it("takes a new client from Get started through sign-up and verification into the priced AMOUNT step", async () => {
    const mailbox = devMailbox();
    const context = await browser().newContext({ viewport: VIEWPORTS.desktop, locale: "en-US" });
    const page = await context.newPage();
    const problems = watchForErrors(page, { ignoreCancelled: true });
    await page.goto(baseUrl, { waitUntil: "networkidle" });
    const session: Session = { context, page, problems, baseUrl, watch: { ignoreCancelled: true } };

    // The home calculator: 250 USD to the Philippines.
    await optionsOf(page, "They receive in");
    await page.getByLabel("They receive in", { exact: true }).selectOption({ label: "Philippines" });
    await expect.poll(() => chosen(page, "Currency they receive")).toContain("PHP");
    const sendField = page.getByLabel("You send", { exact: true });
    await sendField.fill("250");
    await sendField.blur();
    await expect.poll(() => sendField.inputValue()).toBe("250.00");
    await expect
      .poll(() => page.getByText(/^1 USD = [\d.]+ PHP$/).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.getByRole("button", { name: "Get started" }).click();

    // Signed out: the login modal; a new client creates an account there instead.
    await expect
      .poll(() => modal(page).getByRole("heading", { name: "Log in to Vela" }).isVisible())
      .toBe(true);
    await modal(page).getByRole("button", { name: "Create an account" }).click();
    const email = `get.started.${Date.now().toString(36)}@example.com`;
    const phone = freshUsPhone("20255");
    const dialog = modal(page);
    await dialog.getByLabel(/^First name/).fill("Ana");
    await dialog.getByLabel(/^Last name/).fill("López");
    await dialog.getByLabel(/^Email/).fill(email);
    await dialog.getByLabel(/^Password/).fill("Velvet-Harbor-72!");
    await dialog.getByLabel(/^Repeat the password/).fill("Velvet-Harbor-72!");
    const country = dialog.getByLabel(/^Country of residence/);
    await country.click();
    await country.fill("United States");
    await page
      .locator("[data-combobox-option]", { hasText: /^United States$/ })
      .first()
      .click();
    await expect.poll(() => dialog.getByLabel(/^Prefix/).inputValue()).toContain("+1");
    await dialog.getByLabel(/^Mobile number/).fill(phone);
    await dialog.getByRole("checkbox", { name: /terms and conditions/ }).check();
    await dialog.getByRole("button", { name: "Create account" }).click();

    // The e-mail and phone codes, as the sign-up asks for them.
    await expect
      .poll(() => modal(page).getByRole("heading", { name: "Verify your account" }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    await modal(page)
      .getByLabel(/6-digit code/)
      .fill(await mailbox.readCode(session, email));
    await modal(page).getByRole("button", { name: "Verify email" }).click();
    await expect
      .poll(() => modal(page).getByRole("button", { name: "Text me a code" }).isVisible())
      .toBe(true);
    await textMeACode(page);
    await modal(page)
      .getByLabel(/6-digit code/)
      .fill(await mailbox.readCode(session, `+1${phone}`));
    await modal(page).getByRole("button", { name: "Verify phone" }).click();
    await expect.poll(() => modal(page).getByText("Your account is ready").isVisible()).toBe(true);
    await modal(page).getByRole("button", { name: "Go to my account" }).click();

    // Not the dashboard: the send-money flow's AMOUNT step, on the corridor and amount chosen, priced.
    await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe("/account/send-money/amount");
    await expect.poll(() => chosen(page, "They receive in"), { timeout: 15_000 }).toBe("Philippines");
    await expect.poll(() => page.getByLabel("You send", { exact: true }).inputValue()).toBe("250.00");
    await expect
      .poll(() => page.getByText(/^1 USD = [\d.]+ PHP$/).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await screenshot(page, "home-get-started-signed-up");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("answers unknown client routes with the SPA and unknown API paths with JSON", async () => {
    const { page, problems } = await openHome(VIEWPORTS.desktop);
    await page.goto(`${baseUrl}/no-such-page`, { waitUntil: "networkidle" });
    await expect.poll(() => page.getByRole("heading", { level: 1 }).first().textContent()).toBeTruthy();
    await screenshot(page, "not-found");

    const api = await page.request.get(`${baseUrl}/api/nonexistent`);
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ success: false });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
