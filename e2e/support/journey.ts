import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import { apiClient, type NewClient, outboxCodes, registerClient } from "./api";
import { expectNoSeriousAxeViolations } from "./axe";
import { isStatusLog, openSession, screenshot, sharedBrowser, VIEWPORTS } from "./browser";
import { logInAtLoginPage } from "./login";
import { devMailbox } from "./mailbox";

/**
 * What a journey file sets up the same way, called in its `describe`: the production server's
 * address, one browser for its tests (launched before them, closed after) with `openSession` on
 * it, the API with the outbox's codes, the mailbox, a stamp that keeps the run's e-mails new, and
 * a verified United States client made through the API.
 */
export function setUpJourney() {
  const baseUrl = inject("baseUrl");
  const mailbox = devMailbox();
  const api = apiClient(baseUrl);
  const browser = sharedBrowser();
  const outboxCode = outboxCodes(api, mailbox);
  const registerUsClient = (
    client: Pick<NewClient, "email" | "password" | "phoneNumber"> &
      Partial<Pick<NewClient, "firstName" | "lastName">>,
  ) =>
    registerClient(api, outboxCode, {
      firstName: "Ana",
      lastName: "García",
      countryIso: "US",
      phonePrefix: "+1",
      ...client,
    });
  const newSession = (options?: Parameters<typeof openSession>[2]) =>
    openSession(browser(), baseUrl, options);
  return {
    baseUrl,
    mailbox,
    api,
    outboxCode,
    stamp: Date.now().toString(36),
    /** A United States client ("Ana García" unless named otherwise), e-mail and phone verified; answers its token. */
    registerUsClient,
    /** A page of its own in the journey's browser, opened at `options.path`. */
    openSession: newSession,
    /**
     * Registers a United States client as `registerUsClient` does (a fresh number starting with
     * `phonePrefix`), then logs them in from the login page in a desktop session of their own, where
     * the console may show only `expectedStatuses`.
     */
    signUpAndLogIn: async (
      email: string,
      password: string,
      phonePrefix: string,
      expectedStatuses: number[],
    ) => {
      await registerUsClient({ email, password, phoneNumber: freshUsPhone(phonePrefix) });
      const session = await newSession({
        viewport: VIEWPORTS.desktop,
        expected: (problem) => isStatusLog(problem, ...expectedStatuses),
      });
      await logInAtLoginPage(session.page, baseUrl, email, password);
      return session;
    },
  };
}

/** A fresh United States number (10 digits) starting with `prefix` (5 digits), unique to this run. */
export const freshUsPhone = (prefix: string) => `${prefix}${String(Date.now()).slice(-5)}`;

/** Fills the card form on a payment step as Ana García would: a sandbox test number, any future expiry. */
export async function typeCard(page: Page, number = "4242 4242 4242 4242") {
  await expect.poll(() => page.getByLabel(/Card number/).isVisible(), { timeout: 15_000 }).toBe(true);
  await page.getByLabel(/Name on the card/).fill("Ana García");
  await page.getByLabel(/Card number/).fill(number);
  await page.getByLabel(/Expiry date/).fill("12/34");
  await page.getByLabel(/Security code/).fill("123");
}

/** On a payment step: opens the card method (its form, or the saved cards). */
export async function chooseCardMethod(page: Page) {
  await page
    .getByRole("button", { name: /^Credit or debit card/ })
    .first()
    .click();
}

/** On a payment step: pays with a new card (the approving test number by default), authorized on Continue. */
export async function payByNewCard(page: Page, number?: string) {
  await chooseCardMethod(page);
  await typeCard(page, number);
  await page.getByRole("button", { name: "Continue with this card" }).click();
}

/** Closes the notices on screen and lets things finish moving, before a screenshot. */
export async function settle(page: Page) {
  const close = page.getByRole("button", { name: "Close notification" });
  // A notice already leaving is gone before a click reaches it: such a click is let go at once.
  for (const button of await close.all()) await button.click({ timeout: 1000 }).catch(() => undefined);
  await expect.poll(() => close.count(), { timeout: 15_000 }).toBe(0);
  await page.waitForTimeout(400);
}

/**
 * A journey's screenshots: `shoot(page, name)` settles the screen and takes `<prefix>-<name>` at
 * desktop and at phone size, each checked with axe, and leaves the page at desktop size.
 */
export const screenshots = (prefix: string) =>
  async function shoot(page: Page, name: string) {
    await settle(page);
    await screenshot(page, `${prefix}-${name}-desktop`);
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize(VIEWPORTS.phone);
    await page.waitForTimeout(400);
    await screenshot(page, `${prefix}-${name}-phone`);
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.waitForTimeout(300);
  };
