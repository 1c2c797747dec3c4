import { copyFile, mkdir } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_PROVIDER_VARIABLES } from "../../apps/api/test/sandbox-providers";
import { apiClient, codeIn, registerClient } from "../support/api";
import { expectNoSeriousAxeViolations } from "../support/axe";
import { launchBrowser, screenshot, VIEWPORTS, type Viewport, watchForErrors } from "../support/browser";
import { freshUsPhone } from "../support/journey";
import { logIn, pathname } from "../support/login";
import { devMailbox } from "../support/mailbox";
import { type Sinks, startMessageSinks } from "../support/message-sinks";
import { type RunningServer, runServerToExit, startProductionServer } from "../support/production-server";

// Proves the production rule for sandboxes on the real build (apps/api/dist/server.js serving the
// built SPA), started twice with NODE_ENV=production and the variables the README asks for:
// without the opt-in it refuses to start, one line per sandbox provider naming its variable; with
// ALLOW_SANDBOX_PROVIDERS=true (a staging server) it starts, says so once in its log, has no
// development outbox, and every page shows "Sandbox: no real money moves" once the SPA has asked
// GET /api/app-info: the prerendered home page, the login page, and the signed-in dashboard of a
// client registered with the codes a stand-in mail server and SMS gateway received (production
// has no outbox). The banner is screenshotted in English and Spanish, on a desktop and a phone.

const PRODUCTION = {
  NODE_ENV: "production",
  APP_SECRET: "a-production-secret-of-forty-characters!",
  // Whatever the journeys' environment holds, no opt-in unless a test gives one.
  ALLOW_SANDBOX_PROVIDERS: "",
};

const BANNER = { en: "Sandbox: no real money moves", es: "Sandbox: no se mueve dinero real" } as const;
const REGION = { en: "Sandbox notice", es: "Aviso de entorno de pruebas" } as const;
type Language = keyof typeof BANNER;

/** Where the banner's screenshots are kept for review besides e2e/artifacts (SHOTS_DIR, if set). */
const SHOTS_DIR = process.env.SHOTS_DIR;

describe("a production start without ALLOW_SANDBOX_PROVIDERS", () => {
  it("refuses to start, with one line per sandbox provider naming the variable to set", async () => {
    const { code, output } = await runServerToExit({
      ...PRODUCTION,
      SMTP_URL: "smtp://127.0.0.1:2525",
      SMS_WEBHOOK_URL: "http://127.0.0.1:9/sms",
    });
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    const lines = output.split("\n");
    expect(lines[0]).toBe("Invalid configuration:");
    const problems = lines.filter((line) => line.startsWith("  - "));
    expect(problems.map((line) => line.slice(4).split(":")[0])).toEqual(SANDBOX_PROVIDER_VARIABLES);
    for (const line of problems) {
      expect(line).toMatch(/: is a sandbox in production \(.+\); set .+, or ALLOW_SANDBOX_PROVIDERS=true/);
    }
    // It stopped at the configuration: no database opened, nothing listened.
    expect(output).not.toMatch(/listening|Server listening/i);
  });
});

describe("a staging start with ALLOW_SANDBOX_PROVIDERS=true", () => {
  let sinks: Sinks;
  let server: RunningServer;
  let browser: Browser;
  const mailbox = devMailbox();

  beforeAll(async () => {
    sinks = await startMessageSinks();
    [server, browser] = await Promise.all([
      startProductionServer({
        ...PRODUCTION,
        ALLOW_SANDBOX_PROVIDERS: "true",
        SANDBOX_WEBHOOK_SECRET: "a-staging-webhook-secret",
        SMTP_URL: sinks.smtpUrl,
        SMS_WEBHOOK_URL: sinks.smsUrl,
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sinks?.close();
  });

  /** The newest code a stand-in received for `to` (an e-mail's subject names it), used once. */
  const sinkCode = (to: string) =>
    mailbox.freshCode(to, async () => {
      const newest = sinks.messagesTo(to).at(-1) ?? "";
      return /^Subject: .*?\b(\d{6})\b/m.exec(newest)?.[1] ?? codeIn(newest) ?? "";
    });

  async function openPage(urlPath: string, viewport: Viewport, language: Language) {
    const context = await browser.newContext({ viewport, locale: language === "es" ? "es-ES" : "en-US" });
    const page = await context.newPage();
    const problems = watchForErrors(page, { ignoreCancelled: true });
    await page.goto(`${server.baseUrl}${urlPath}`, { waitUntil: "networkidle" });
    return { page, problems };
  }

  /** The banner is on screen, named and worded in `language`, at the very top of the page. */
  async function expectBanner(page: Page, language: Language) {
    const region = page.getByRole("region", { name: REGION[language] });
    await expect.poll(() => region.isVisible(), { timeout: 15_000 }).toBe(true);
    expect((await region.getByRole("status").textContent())?.trim()).toBe(BANNER[language]);
    // Polled: right after a viewport change the layout may still be settling.
    // One read for both: the banner may remount as the layout changes (it shows nothing until it
    // has asked /api/app-info again).
    await expect
      .poll(
        async () => {
          const box = await region.boundingBox();
          return box !== null && box.y === 0 && box.height > 20;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
  }

  async function shoot(page: Page, name: string) {
    await page.waitForTimeout(300);
    const file = await screenshot(page, `production-start-${name}`);
    if (SHOTS_DIR) {
      await mkdir(SHOTS_DIR, { recursive: true });
      await copyFile(file, path.join(SHOTS_DIR, path.basename(file)));
    }
    await expectNoSeriousAxeViolations(page);
  }

  it("starts, logs one warning naming the sandboxes, and has no development outbox", async () => {
    const warnings = server
      .output()
      .split("\n")
      .filter((line) => line.includes("ALLOW_SANDBOX_PROVIDERS"))
      .map((line) => JSON.parse(line));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, providers: SANDBOX_PROVIDER_VARIABLES });
    expect(warnings[0].msg).toMatch(/no real money moves/);

    const outbox = await fetch(`${server.baseUrl}/api/dev/outbox`);
    expect(outbox.status).toBe(404);
    expect(await outbox.json()).toEqual({ success: false, message: "Not found." });

    // The opt-in keeps the sandboxes' own pages, and the SPA is told to say so.
    expect((await fetch(`${server.baseUrl}/api/sandbox/banks/arrivals`)).status).toBe(200);
    expect(await (await fetch(`${server.baseUrl}/api/app-info`)).json()).toEqual({
      success: true,
      message: null,
      data: { sandbox: true },
    });
  });

  it("shows the banner on the prerendered home page and the login page, in English and Spanish", async () => {
    // One build serves every environment: the prerendered HTML has no banner, the hydrated page asks.
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    expect(html).toContain("Send money home");
    expect(html).not.toContain(BANNER.en);
    for (const language of ["en", "es"] as const) {
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        const { page, problems } = await openPage("/", viewport, language);
        await expectBanner(page, language);
        await shoot(page, `home-${language}-${size}`);
        expect(problems).toEqual([]);
        await page.context().close();
      }
    }
    const { page, problems } = await openPage("/login", VIEWPORTS.phone, "en");
    await expectBanner(page, "en");
    // The log-in dialog is a lazily loaded chunk: it opens a moment after the banner.
    await expect.poll(() => page.getByRole("dialog").isVisible(), { timeout: 15_000 }).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("shows the banner in the signed-in area", async () => {
    const email = `staging.${Date.now().toString(36)}@example.com`;
    const password = "Amber-Harbour-73!";
    await registerClient(apiClient(server.baseUrl), sinkCode, {
      firstName: "Ana",
      lastName: "García",
      email,
      password,
      countryIso: "US",
      phonePrefix: "+1",
      phoneNumber: freshUsPhone("20256"),
    });

    for (const language of ["en", "es"] as const) {
      const { page, problems } = await openPage("/", VIEWPORTS.desktop, language);
      if (language === "es") await page.evaluate(() => localStorage.setItem("language", "en"));
      if (language === "es") await page.reload({ waitUntil: "networkidle" });
      await logIn(page, email, password);
      await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe("/account");
      if (language === "es") {
        await page.getByRole("banner").locator("label", { hasText: "Español" }).click();
      }
      await expectBanner(page, language);
      await shoot(page, `dashboard-${language}-desktop`);
      await page.setViewportSize(VIEWPORTS.phone);
      await expectBanner(page, language);
      await shoot(page, `dashboard-${language}-phone`);
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });
});
