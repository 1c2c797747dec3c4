import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import { apiClient, type NewClient, outboxCodes, registerClient } from "./api";
import { expectNoSeriousAxeViolations } from "./axe";
import { openSession, screenshot, sharedBrowser, VIEWPORTS } from "./browser";
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
  return {
    baseUrl,
    mailbox,
    api,
    outboxCode,
    stamp: Date.now().toString(36),
    /** A United States client ("Ana García" unless named otherwise), e-mail and phone verified; answers its token. */
    registerUsClient: (
      client: Pick<NewClient, "email" | "password" | "phoneNumber"> &
        Partial<Pick<NewClient, "firstName" | "lastName">>,
    ) =>
      registerClient(api, outboxCode, {
        firstName: "Ana",
        lastName: "García",
        countryIso: "US",
        phonePrefix: "+1",
        ...client,
      }),
    /** A page of its own in the journey's browser, opened at `options.path`. */
    openSession: (options?: Parameters<typeof openSession>[2]) => openSession(browser(), baseUrl, options),
  };
}

/** A fresh United States number (10 digits) starting with `prefix` (5 digits), unique to this run. */
export const freshUsPhone = (prefix: string) => `${prefix}${String(Date.now()).slice(-5)}`;

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
