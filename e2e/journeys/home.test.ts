import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, screenshot, VIEWPORTS, watchForErrors } from "../support/browser";

// Proves the whole path browser → API → embedded database on a new user's first visit: the home
// page's selectors fill from the reference endpoints, nothing fails in the console, and axe finds
// nothing serious, on a desktop and on a phone-sized screen.
describe("home page", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function openHome(viewport: { width: number; height: number }) {
    // axe needs a page opened from an explicit context.
    const context = await browser.newContext({ viewport });
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

    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.help}`);
    expect(serious).toEqual([]);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await screenshot(page, "home-phone");
    expect(problems).toEqual([]);
    await page.context().close();
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
