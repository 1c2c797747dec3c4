import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { CHROMIUM_FLAGS } from "./chromium-flags.mjs";
import { REPO_ROOT } from "./production-server";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const SCREENSHOT_DIR = path.join(REPO_ROOT, "e2e", "artifacts");

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install it with: apt-get update && apt-get install -y chromium`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export type Viewport = { width: number; height: number };

export type ErrorWatch = {
  /** Requests the page cancelled itself (a query whose screen closed) are no failures. */
  ignoreCancelled?: boolean;
  /** Problems the journey expects; they are left out of the list. */
  expected?: (problem: string) => boolean;
};

/** Collects console errors and failed requests of a page, so a journey can assert there were none. */
export function watchForErrors(page: Page, { ignoreCancelled = false, expected }: ErrorWatch = {}): string[] {
  const problems: string[] = [];
  const note = (problem: string) => {
    if (!expected?.(problem)) problems.push(problem);
  };
  page.on("console", (message) => {
    if (message.type() === "error") note(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => note(`page error: ${error.message}`));
  page.on("requestfailed", (request) => {
    if (ignoreCancelled && request.failure()?.errorText === "net::ERR_ABORTED") return;
    note(`request failed: ${request.url()}`);
  });
  return problems;
}

/** Chrome logs each non-2xx fetch as a console error: true for such a line with one of `statuses`. */
export const isStatusLog = (problem: string, ...statuses: number[]) =>
  statuses.some((status) =>
    problem.includes(`Failed to load resource: the server responded with a status of ${status}`),
  );

/** A page in its own context, with what went wrong in it; a second tab (the mailbox) watches the same. */
export type Session = {
  context: BrowserContext;
  page: Page;
  problems: string[];
  baseUrl: string;
  watch: ErrorWatch;
};

export async function openSession(
  browser: Browser,
  baseUrl: string,
  options: { path?: string; viewport?: Viewport; expected?: (problem: string) => boolean } = {},
): Promise<Session> {
  const context = await browser.newContext({ viewport: options.viewport ?? VIEWPORTS.desktop });
  const page = await context.newPage();
  const watch: ErrorWatch = { ignoreCancelled: true, expected: options.expected };
  const problems = watchForErrors(page, watch);
  await page.goto(`${baseUrl}${options.path ?? "/"}`, { waitUntil: "networkidle" });
  return { context, page, problems, baseUrl, watch };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * One browser for a file's tests, launched before them and closed after them (call it in the
 * `describe`): answers a function that gives the running browser.
 */
export function sharedBrowser() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("The file's browser opens in beforeAll.");
    return browser;
  };
}
