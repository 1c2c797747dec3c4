import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { expectNoSeriousAxeViolations, expectNoSidewaysScroll } from "../support/axe";
import { screenshot, sharedBrowser, VIEWPORTS, watchForErrors } from "../support/browser";

// Proves the home page's calculator end to end (browser → API → embedded database, rates from the
// committed ECB snapshot): a new visitor prices United States → Mexico from the send amount and
// from the receiving amount, meets spec §5's limit rules on both sides, switches the delivery
// method and sees its own limits, and "Get started" carries the price into the flow's address.
// Issue 7: a decimal point typed in won is kept (point 17); an amount outside the limits the page
// holds is never sent to the server, and the receiving amount never shows a value worked out for
// an older send amount while someone types (point 19).
describe("home calculator", () => {
  const baseUrl = inject("baseUrl");
  const browser = sharedBrowser();

  async function openHome(viewport: { width: number; height: number }) {
    const context = await browser().newContext({ viewport });
    const page = await context.newPage();
    const problems = watchForErrors(page);
    const refusals = watchRefusals(page);
    const cancelled = watchCancellations(page);
    await page.goto(baseUrl, { waitUntil: "networkidle" });
    return { page, problems: { list: problems, refusals, cancelled } };
  }

  /**
   * Requests the page cancelled itself: choosing another country while the previous one's
   * currencies or delivery methods are still loading drops that query. Not failures.
   */
  function watchCancellations(page: Page): Set<string> {
    const cancelled = new Set<string>();
    page.on("requestfailed", (request) => {
      if (request.failure()?.errorText === "net::ERR_ABORTED") cancelled.add(request.url());
    });
    return cancelled;
  }

  /** Every 422 the page receives, as "path errors". */
  function watchRefusals(page: Page): string[] {
    const refusals: string[] = [];
    page.on("response", async (response) => {
      if (response.status() !== 422) return;
      const body = (await response.json().catch(() => null)) as { errors?: unknown } | null;
      refusals.push(`${new URL(response.url()).pathname} ${JSON.stringify(body?.errors ?? null)}`);
    });
    return refusals;
  }

  /**
   * The calculator refuses an amount outside the limits with a 422 carrying spec §5's message,
   * which Chrome also logs as a failed resource. Those refusals are the behaviour under test, so
   * they are set aside here, after checking that each one is exactly such a limit refusal; any
   * other console error or refusal is still a problem.
   */
  function unexpectedProblems(problems: { list: string[]; refusals: string[]; cancelled: Set<string> }) {
    const { list, refusals, cancelled } = problems;
    for (const refusal of refusals) {
      expect(refusal).toMatch(
        /^\/api\/home\/send-money\/calculator \{"(send|receiving)_amount":\["(Min|Max) (send|receiving) amount is [\d,.]+"\]\}$/,
      );
    }
    return list.filter(
      (problem) =>
        !/^console: Failed to load resource: the server responded with a status of 422/.test(problem) &&
        !(problem.startsWith("request failed: ") && cancelled.has(problem.slice("request failed: ".length))),
    );
  }

  const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
  const price = (page: Page) => page.getByRole("region", { name: "Your price" });

  /** The price box once it is settled (not working out a new price), as text. */
  async function settledPrice(page: Page) {
    await expect.poll(() => price(page).getAttribute("aria-busy"), { timeout: 20_000 }).toBe("false");
    return (await price(page).textContent()) ?? "";
  }

  /** Chooses United States → Mexico and waits for the first price. */
  async function priceUsToMexico(page: Page) {
    const from = field(page, "You send from");
    await expect.poll(() => from.locator("option").count(), { timeout: 20_000 }).toBeGreaterThan(1);
    await from.selectOption({ label: "United States" });
    await field(page, "They receive in").selectOption({ label: "Mexico" });
    await expect.poll(() => settledPrice(page), { timeout: 20_000 }).toContain("102.99 USD");
  }

  const selectedLabel = (page: Page, label: string) =>
    field(page, label).evaluate((select) => {
      const element = select as HTMLSelectElement;
      return element.options[element.selectedIndex]?.textContent ?? "";
    });

  it("prices a transfer from either amount and replaces amounts outside the limits", async () => {
    const { page, problems } = await openHome(VIEWPORTS.desktop);
    await priceUsToMexico(page);

    // The defaults: 100.00 USD by the vela method, its fee, total, rate, time and guarantee.
    expect(await selectedLabel(page, "Currency you send")).toBe("USD");
    expect(await selectedLabel(page, "Currency they receive")).toBe("MXN");
    expect(await selectedLabel(page, "Delivery method")).toBe("Vela wallet");
    expect(await field(page, "You send").inputValue()).toBe("100.00");
    const text = await settledPrice(page);
    expect(text).toContain("2.99 USD");
    expect(text).toContain("102.99 USD");
    expect(text).toMatch(/1 USD = [\d,]+\.\d{2,4} MXN/);
    expect(text).toContain("Instant");
    expect(text).toContain("Guaranteed");
    expect(await field(page, "They receive").inputValue()).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    await screenshot(page, "calculator-desktop");

    // The receiving amount typed: the send amount follows once typing pauses.
    const send = field(page, "You send");
    const receive = field(page, "They receive");
    await receive.fill("5000");
    await expect.poll(() => send.inputValue(), { timeout: 20_000 }).toBe("247.26");
    await receive.press("Tab");
    expect(await receive.inputValue()).toBe("5,000.00");
    await expect.poll(() => settledPrice(page)).toContain("250.25 USD");

    // Below the minimum: replaced by it, with spec §5's message by the field.
    await send.fill("5");
    await send.press("Tab");
    await expect.poll(() => send.inputValue()).toBe("10.00");
    await expect.poll(() => page.getByText("Min send amount is 10.00").isVisible()).toBe(true);
    await expect.poll(() => settledPrice(page)).toContain("12.99 USD");
    await screenshot(page, "calculator-min");

    // Above the maximum: replaced by it, the amount written with thousands separators.
    await send.fill("20000");
    await send.press("Tab");
    await expect.poll(() => send.inputValue()).toBe("10,000.00");
    await expect.poll(() => page.getByText("Max send amount is 10,000.00").isVisible()).toBe(true);
    await expect.poll(() => settledPrice(page)).toContain("10,054.99 USD");

    // Cash pickup has its own limits: at most 2,500.00 USD sent and 50,000.00 MXN received. The
    // 10,000.00 becomes 2,500.00; that buys more than 50,000.00 MXN, so the receiving amount is
    // then held to its maximum and the send amount follows it.
    await field(page, "Delivery method").selectOption({ label: "Cash pickup" });
    await expect.poll(() => receive.inputValue(), { timeout: 20_000 }).toBe("50,000.00");
    await expect.poll(() => page.getByText("Max receiving amount is 50,000.00").isVisible()).toBe(true);
    await expect.poll(() => send.inputValue(), { timeout: 20_000 }).toBe("2,497.61");
    const cash = await settledPrice(page);
    expect(cash).toContain("Within minutes");
    expect(cash).toContain("2,515.09 USD");
    await screenshot(page, "calculator-cash-pickup");

    // "Get started" opens the account's flow with the price in the address; signed out, the login
    // modal comes first (the send-money journey follows it through to the flow).
    const addresses: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) addresses.push(frame.url());
    });
    await page.getByRole("button", { name: "Get started" }).click();
    await expect
      .poll(() => page.getByRole("dialog").getByRole("heading", { name: "Log in to Vela" }).isVisible())
      .toBe(true);
    const flowAddress = addresses.find((address) => address.includes("/account/send-money/amount?"));
    if (flowAddress) {
      const search = new URL(flowAddress).searchParams;
      expect(search.get("shipping_method_id")).toBeTruthy();
      expect(search.get("receiving_amount")).toBe("50000.00");
      expect(search.has("send_amount")).toBe(false);
    }

    // Every amount outside the limits the page held was replaced without asking the server. The one
    // refusal left: cash pickup's receiving maximum, which needs cash pickup's rate, which only the
    // calculator knows at that moment.
    expect(problems.refusals).toEqual([
      '/api/home/send-money/calculator {"receiving_amount":["Max receiving amount is 50,000.00"]}',
    ]);
    expect(unexpectedProblems(problems)).toEqual([]);
    await page.context().close();
  });

  it("asks nothing for an amount outside the limits while it is typed, and never shows a stale receiving amount", async () => {
    const { page, problems } = await openHome(VIEWPORTS.desktop);
    await priceUsToMexico(page);
    const send = field(page, "You send");
    const receive = field(page, "They receive");
    const before = await receive.inputValue();
    const calculatorRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/home/send-money/calculator")) calculatorRequests.push(request.url());
    });

    // Every frame, the pair of amounts on screen.
    await page.evaluate(() => {
      const byLabel = (label: string) =>
        Array.from(document.querySelectorAll("input")).find(
          (input) => input.labels?.[0]?.textContent === label,
        );
      const sendInput = byLabel("You send");
      const receiveInput = byLabel("They receive");
      const seen: [string, string][] = [];
      Object.assign(window, { amountsSeen: seen });
      const sample = () => {
        const pair: [string, string] = [sendInput?.value ?? "?", receiveInput?.value ?? "?"];
        const last = seen.at(-1);
        if (!last || last[0] !== pair[0] || last[1] !== pair[1]) seen.push(pair);
        requestAnimationFrame(sample);
      };
      sample();
    });
    await send.selectText();
    await send.pressSequentially("250", { delay: 150 });
    await expect.poll(() => settledPrice(page), { timeout: 20_000 }).toContain("252.99 USD");
    const after = await receive.inputValue();
    expect(after).not.toBe(before);
    const seen = await page.evaluate(
      () => (window as unknown as { amountsSeen: [string, string][] }).amountsSeen,
    );
    // Once typing started, the receiving amount was empty (updating) or the one for 250, never the
    // one for 100.00 and never one for 2 or 25.
    const whileTyping = seen.filter(([sent]) => sent !== "100.00");
    expect(whileTyping.length).toBeGreaterThan(1);
    for (const [sent, received] of whileTyping) {
      expect([sent, received]).toEqual(received === "" ? [sent, ""] : ["250", after]);
    }
    await screenshot(page, "calculator-typing");

    // Below the minimum, typed and left alone past the pause: the message shows, nothing is asked.
    calculatorRequests.length = 0;
    await send.selectText();
    await send.pressSequentially("5", { delay: 150 });
    await expect.poll(() => page.getByText("Min send amount is 10.00").isVisible()).toBe(true);
    await page.waitForTimeout(1000);
    expect(await send.inputValue()).toBe("5");
    expect(await receive.inputValue()).toBe("");
    expect(calculatorRequests).toEqual([]);
    await screenshot(page, "calculator-typing-below-minimum");
    await send.press("Tab");
    await expect.poll(() => send.inputValue()).toBe("10.00");
    await expect.poll(() => settledPrice(page)).toContain("12.99 USD");
    expect(calculatorRequests.every((url) => new URL(url).searchParams.get("send_amount") === "10.00")).toBe(
      true,
    );

    expect(problems.refusals).toEqual([]);
    expect(unexpectedProblems(problems)).toEqual([]);
    await page.context().close();
  });

  it("keeps the decimal point of an amount typed in won, which has no decimals", async () => {
    const { page, problems } = await openHome(VIEWPORTS.desktop);
    const from = field(page, "You send from");
    await expect.poll(() => from.locator("option").count(), { timeout: 20_000 }).toBeGreaterThan(1);
    await from.selectOption({ label: "Canada" });
    await field(page, "They receive in").selectOption({ label: "South Korea" });
    await expect.poll(() => settledPrice(page), { timeout: 20_000 }).toContain("CAD");
    expect(await selectedLabel(page, "Currency they receive")).toBe("KRW");
    const calculatorRequests: URL[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/home/send-money/calculator"))
        calculatorRequests.push(new URL(request.url()));
    });

    const send = field(page, "You send");
    const receive = field(page, "They receive");
    await receive.selectText();
    await receive.pressSequentially("500000.7", { delay: 60 });
    // What was typed stays on screen, and the field says which amount is used.
    expect(await receive.inputValue()).toBe("500000.7");
    await expect
      .poll(() => page.getByText("KRW has no decimals, so 500,000 KRW is used.").isVisible())
      .toBe(true);
    await expect.poll(() => settledPrice(page), { timeout: 20_000 }).toContain("CAD");
    await expect.poll(() => send.inputValue(), { timeout: 20_000 }).toMatch(/^\d{3}\.\d{2}$/);
    const sendAmount = Number((await send.inputValue()).replace(/,/g, ""));
    // About 500 CAD, not the 5,007.80 CAD that 5,000,007 won cost.
    expect(sendAmount).toBeGreaterThan(300);
    expect(sendAmount).toBeLessThan(800);
    expect(calculatorRequests.map((url) => url.searchParams.get("receiving_amount"))).toContain("500000");
    expect(calculatorRequests.some((url) => url.searchParams.get("receiving_amount") === "5000007")).toBe(
      false,
    );

    await receive.press("Tab");
    expect(await receive.inputValue()).toBe("500,000");
    expect(await page.getByText("KRW has no decimals, so 500,000 KRW is used.").isVisible()).toBe(true);
    await settledPrice(page);
    await screenshot(page, "calculator-krw-decimal-point");

    expect(problems.refusals).toEqual([]);
    expect(unexpectedProblems(problems)).toEqual([]);
    await page.context().close();
  });

  it("has no serious accessibility violations and fits a phone, limit message included", async () => {
    const { page, problems } = await openHome(VIEWPORTS.phone);
    await priceUsToMexico(page);

    const send = field(page, "You send");
    await send.fill("5");
    await send.press("Tab");
    await expect.poll(() => page.getByText("Min send amount is 10.00").isVisible()).toBe(true);
    await settledPrice(page);

    await expectNoSeriousAxeViolations(page);

    await expectNoSidewaysScroll(page);

    await screenshot(page, "calculator-phone");
    expect(unexpectedProblems(problems)).toEqual([]);
    await page.context().close();
  });
});
