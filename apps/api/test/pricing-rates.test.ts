import { readFileSync } from "node:fs";
import { crossRate } from "@vela/shared/decimal";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app";
import { currencies, fxRates, quotations } from "../src/db/schema/index";
import { ECB_SNAPSHOT } from "../src/db/seed/ecb-2024-11-25";
import { createEcbFeed, ECB_SOURCE, parseEcbDaily } from "../src/providers/fx/ecb-feed";
import {
  createScheduledRateProvider,
  midRateFrom,
  NO_RATES_MESSAGE,
  type RateFeed,
} from "../src/providers/fx/rate-provider";
import { SANDBOX_ANCHOR, sandboxTable } from "../src/providers/fx/sandbox-feed";
import { bearer, countryId, registerClient } from "./auth-support";
import { buildTestApp, openFreshDatabase, type TestApp, testConfig } from "./helper";

// Point 15 of issue 7: rates move (a seeded sandbox feed, refreshed on a schedule into memory), a
// real ECB adapter is chosen by configuration and tested against a recorded daily file, a table
// older than the configured age is refused, and a quotation records both legs of its cross rate.

const ECB_SAMPLE = readFileSync(
  new URL("./fixtures/eurofxref-daily-2024-11-25.xml", import.meta.url),
  "utf8",
);
const HOUR = 3_600_000;

/** The US → Mexico corridor and a send amount, by the ids this database gave them. */
async function usToMexico(app: TestApp) {
  const rows = await app.db.select().from(currencies).where(sql`${currencies.iso} in ('USD','MXN')`);
  const id = Object.fromEntries(rows.map((row) => [row.iso, row.id]));
  return {
    country_from_id: await countryId(app, "US"),
    country_to_id: await countryId(app, "MX"),
    currency_from_id: id.USD!,
    currency_to_id: id.MXN!,
    send_amount: "100",
  };
}
const DAY = 24 * HOUR;

describe("sandbox feed", () => {
  it("is the snapshot at its anchor and a pure function of seed and time", () => {
    const atAnchor = sandboxTable({ seed: "a" }, SANDBOX_ANCHOR);
    expect(atAnchor.rates.get("USD")?.perBase).toBe("1.049500");
    expect(atAnchor.rates.get("IDR")?.perBase).toBe("16651.890000");
    const later = new Date(SANDBOX_ANCHOR.getTime() + 40 * DAY + 7 * 60_000);
    expect(sandboxTable({ seed: "a" }, later)).toEqual(sandboxTable({ seed: "a" }, later));
    expect(sandboxTable({ seed: "a" }, later).rates.get("MXN")).not.toEqual(
      sandboxTable({ seed: "b" }, later).rates.get("MXN"),
    );
  });

  it("moves from one five-minute bucket to the next, and stays within 3 % of the snapshot", () => {
    const at = (minutes: number) => new Date(SANDBOX_ANCHOR.getTime() + minutes * 60_000);
    let moved = 0;
    let previous = sandboxTable({ seed: "walk" }, at((400 * DAY) / 60_000)).rates;
    for (let bucket = 1; bucket <= 100; bucket += 1) {
      const minutes = 400 * (DAY / 60_000) + bucket * 5;
      const table = sandboxTable({ seed: "walk" }, at(minutes + 2));
      expect(table.asOf).toEqual(at(minutes));
      if (table.rates.get("MXN")!.perBase !== previous.get("MXN")!.perBase) moved += 1;
      previous = table.rates;
    }
    expect(moved).toBeGreaterThanOrEqual(95);
    // A sample across two years, every quoted currency.
    for (let day = 0; day < 730; day += 13) {
      const table = sandboxTable({ seed: "walk" }, at(day * (DAY / 60_000) + 37));
      for (const [iso, snapshot] of Object.entries(ECB_SNAPSHOT.rates)) {
        const ratio = Number(table.rates.get(iso)!.perBase) / Number(snapshot);
        expect(ratio).toBeGreaterThanOrEqual(0.97);
        expect(ratio).toBeLessThanOrEqual(1.03);
      }
    }
  });

  it("holds still at the snapshot with a step of 0, its as-of still moving with time", () => {
    const later = new Date(SANDBOX_ANCHOR.getTime() + 700 * DAY + 3 * 60_000);
    const table = sandboxTable({ seed: "still", stepMillionths: 0 }, later);
    expect(table.rates.get("MXN")?.perBase).toBe("21.330100");
    expect(table.asOf.getTime()).toBe(SANDBOX_ANCHOR.getTime() + 700 * DAY);
  });

  it("is chosen and tuned by configuration, and a bad value stops the start", () => {
    expect(testConfig()).toMatchObject({
      FX_PROVIDER: "sandbox",
      FX_SANDBOX_STEP_BPS: 5,
      FX_MAX_AGE_SECONDS: 432_000,
    });
    expect(() => testConfig({ FX_PROVIDER: "bank" })).toThrow(/FX_PROVIDER/);
    expect(() => testConfig({ FX_MAX_AGE_SECONDS: "5" })).toThrow(/FX_MAX_AGE_SECONDS/);
  });

  it("takes both legs of a cross rate from one table, each named with source and as-of", () => {
    const table = sandboxTable({ seed: "legs" }, new Date(SANDBOX_ANCHOR.getTime() + 3 * DAY));
    const mid = midRateFrom(table, "USD", "XOF")!;
    expect(mid.legs.map((leg) => leg.iso)).toEqual(["USD", "XOF"]);
    expect(mid.legs[0].source).toContain("sandbox");
    expect(mid.legs[1].source).toContain("Fixed euro parities");
    expect(new Set(mid.legs.map((leg) => leg.as_of))).toEqual(new Set([table.asOf.toISOString()]));
    expect(mid.rate).toBe(crossRate(mid.legs[0].per_base, mid.legs[1].per_base));
  });
});

describe("scheduled provider", () => {
  afterEach(() => vi.useRealTimers());

  it("loads on start, refreshes on its schedule and keeps the last table when a load fails", async () => {
    vi.useFakeTimers();
    let loads = 0;
    let failing = false;
    const feed: RateFeed = {
      name: "counting",
      load: async (now) => {
        loads += 1;
        if (failing) throw new Error("feed down");
        return sandboxTable({ seed: "s" }, now);
      },
    };
    const errors: unknown[] = [];
    const provider = createScheduledRateProvider(feed, {
      refreshMs: 300_000,
      maxAgeMs: DAY,
      now: () => Date.now(),
      onError: (error) => errors.push(error),
    });
    vi.setSystemTime(new Date(SANDBOX_ANCHOR.getTime() + DAY));
    await provider.start();
    expect(loads).toBe(1);
    const first = provider.current();
    await vi.advanceTimersByTimeAsync(3 * 300_000);
    expect(loads).toBe(4);
    expect(provider.current()?.asOf.getTime()).toBe(first!.asOf.getTime() + 3 * 300_000);
    failing = true;
    await vi.advanceTimersByTimeAsync(300_000);
    expect(errors).toHaveLength(1);
    expect(provider.current()?.asOf.getTime()).toBe(first!.asOf.getTime() + 3 * 300_000);
    provider.stop();
    await vi.advanceTimersByTimeAsync(10 * 300_000);
    expect(loads).toBe(5);
  });

  it("refuses to quote, with a 503, when no table was ever loaded", async () => {
    const provider = createScheduledRateProvider(
      {
        name: "down",
        load: async () => {
          throw new Error("feed down");
        },
      },
      { refreshMs: 60_000, maxAgeMs: DAY },
    );
    await provider.start();
    provider.stop();
    await expect(provider.midRate("USD", "MXN")).rejects.toMatchObject({
      statusCode: 503,
      message: NO_RATES_MESSAGE,
    });
  });
});

describe("ECB daily file", () => {
  it("parses the recorded file: every rate as published, the day, and the pegs beside them", () => {
    const table = parseEcbDaily(ECB_SAMPLE);
    expect(table.source).toBe(ECB_SOURCE);
    expect(table.asOf.toISOString()).toBe("2024-11-25T14:00:00.000Z");
    for (const [iso, rate] of Object.entries(ECB_SNAPSHOT.rates)) {
      expect(table.rates.get(iso)?.perBase).toBe(rate);
    }
    expect(table.rates.get("XOF")?.perBase).toBe("655.957");
    expect(table.rates.get("BHD")?.perBase).toBe("0.3946120000");
  });

  it.each([
    ["no day", ECB_SAMPLE.replace("time='2024-11-25'", "")],
    ["a bad rate", ECB_SAMPLE.replace("rate='1.0495'", "rate='1,0495'")],
    ["a bad currency", ECB_SAMPLE.replace("currency='USD'", "currency='usd'")],
    ["no rates", ECB_SAMPLE.replace(/<Cube currency[^>]*\/>/g, "")],
    ["an HTML error page", "<html><body>Service unavailable</body></html>"],
  ])("refuses a file with %s", (_what, xml) => {
    expect(() => parseEcbDaily(xml)).toThrow();
  });

  it("asks the configured URL and refuses an HTTP error", async () => {
    const asked: string[] = [];
    const feed = createEcbFeed({
      url: "https://rates.example/daily.xml",
      fetch: async (url) => {
        asked.push(url);
        return new Response("down", { status: 503 });
      },
    });
    await expect(feed.load(new Date())).rejects.toThrow("HTTP 503");
    expect(asked).toEqual(["https://rates.example/daily.xml"]);
  });
});

describe("quoting on moving rates", () => {
  let app: TestApp;
  let clock = SANDBOX_ANCHOR.getTime() + 3 * DAY + 2 * 60_000;
  let key: Record<string, number>;
  let token: string;

  beforeAll(async () => {
    app = await buildTestApp(
      { FX_MAX_AGE_SECONDS: "3600", FX_SANDBOX_SEED: "moving" },
      { fx: { now: () => clock } },
    );
    const { send_amount: _amount, ...corridor } = await usToMexico(app);
    key = corridor;
    token = (await registerClient(app)).session.token;
  });
  afterAll(() => app.close());

  const calculate = (headers: Record<string, string> = {}) =>
    app.inject({
      method: "POST",
      url: "/api/home/send-money/calculator",
      headers,
      payload: { ...key, send_amount: "100" },
    });

  it("answers from memory the table of the current bucket, and a new one after a refresh", async () => {
    // The rates never come from the database: the old fx_rates table can be empty.
    await app.db.delete(fxRates);
    const first = (await calculate()).json().data;
    const expected = midRateFrom(sandboxTable({ seed: "moving" }, new Date(clock)), "USD", "MXN")!;
    expect(first.mid_rate).toBe(expected.rate);
    expect(first.mid_rate).not.toBe("20.32405908");
    expect(first.rate_as_of).toBe(new Date(SANDBOX_ANCHOR.getTime() + 3 * DAY).toISOString());
    expect(first.rate_source).toContain("sandbox");

    clock += 25 * 60_000;
    // Until the schedule refreshes, the table in memory is the one quoted.
    expect((await calculate()).json().data.mid_rate).toBe(first.mid_rate);
    await app.rates.refresh();
    const second = (await calculate()).json().data;
    expect(second.mid_rate).not.toBe(first.mid_rate);
    expect(second.rate_as_of).toBe(new Date(SANDBOX_ANCHOR.getTime() + 3 * DAY + 25 * 60_000).toISOString());
  });

  it("never answers a repeated GET with the price of the table before a refresh", async () => {
    const query = new URLSearchParams(
      Object.entries({ ...key, send_amount: "250.00" }).map(([name, value]): [string, string] => [
        name,
        String(value),
      ]),
    );
    const get = () => app.inject({ method: "GET", url: `/api/home/send-money/calculator?${query}` });
    const first = await get();
    // The same text again within seconds is the kept answer, byte for byte.
    expect((await get()).body).toBe(first.body);
    clock += 25 * 60_000;
    await app.rates.refresh();
    const after = (await get()).json().data;
    expect(after.mid_rate).not.toBe(first.json().data.mid_rate);
    expect(after.mid_rate).toBe(
      midRateFrom(sandboxTable({ seed: "moving" }, new Date(clock)), "USD", "MXN")!.rate,
    );
  });

  it("records both legs, from one table, on a quotation", async () => {
    const created = await app.inject({
      method: "POST",
      url: "/api/consignments/quotation",
      headers: bearer(token),
      payload: { ...key, send_amount: "100" },
    });
    expect(created.statusCode).toBe(201);
    const quote = created.json().data;
    expect(quote.rate_legs).toHaveLength(2);
    expect(quote.rate_legs.map((leg: { iso: string }) => leg.iso)).toEqual(["USD", "MXN"]);
    for (const leg of quote.rate_legs) {
      expect(leg.source).toContain("sandbox");
      expect(leg.as_of).toBe(quote.rate_as_of);
    }
    expect(quote.mid_rate).toBe(crossRate(quote.rate_legs[0].per_base, quote.rate_legs[1].per_base));
    const [row] = await app.db.select().from(quotations).where(eq(quotations.id, quote.id));
    expect(row!.rateLegs).toEqual(quote.rate_legs);
    expect(row!.rateAsOf?.toISOString()).toBe(quote.rate_as_of);
    // Read back later, after the rates moved on, the quotation still names what it used.
    clock += 10 * 60_000;
    await app.rates.refresh();
    const read = await app.inject({
      method: "GET",
      url: `/api/quotations/${quote.id}`,
      headers: bearer(token),
    });
    expect(read.json().data).toMatchObject({
      mid_rate: quote.mid_rate,
      rate: quote.rate,
      rate_as_of: quote.rate_as_of,
      rate_legs: quote.rate_legs,
    });
  });

  it("refuses to quote on a table older than FX_MAX_AGE_SECONDS, in the error envelope", async () => {
    clock += 2 * HOUR;
    const stale = await calculate();
    expect(stale.statusCode).toBe(503);
    expect(stale.json()).toEqual({
      success: false,
      message: "Our exchange rates are out of date, so we cannot quote right now. Try again later.",
    });
    expect((await calculate({ language: "es" })).json().message).toBe(
      "Nuestros tipos de cambio no están actualizados, así que no podemos cotizar ahora. Inténtalo más tarde.",
    );
    await app.rates.refresh();
    expect((await calculate()).statusCode).toBe(200);
  });
});

describe("quoting on the ECB feed", () => {
  it("is chosen by FX_PROVIDER and prices on the recorded daily file, then refuses it when old", async () => {
    let clock = Date.parse("2024-11-26T09:00:00Z");
    let answer = () => new Response(ECB_SAMPLE, { headers: { "content-type": "text/xml" } });
    const app = await buildTestApp(
      { FX_PROVIDER: "ecb", FX_ECB_URL: "https://rates.example/eurofxref-daily.xml" },
      { fx: { now: () => clock, fetch: async () => answer() } },
    );
    try {
      const key = await usToMexico(app);
      const priced = await app.inject({
        method: "POST",
        url: "/api/home/send-money/calculator",
        payload: key,
      });
      expect(priced.statusCode).toBe(200);
      expect(priced.json().data).toMatchObject({
        mid_rate: "20.32405908",
        rate_source: `${ECB_SOURCE}, 2024-11-25`,
        rate_as_of: "2024-11-25T14:00:00.000Z",
      });
      expect(priced.json().data.rate_legs.map((leg: { source: string }) => leg.source)).toEqual([
        ECB_SOURCE,
        ECB_SOURCE,
      ]);

      // Five days later (the default FX_MAX_AGE_SECONDS) with no newer file, quoting stops.
      clock = Date.parse("2024-12-01T09:00:00Z");
      answer = () => new Response("down", { status: 503 });
      await app.rates.refresh();
      const stale = await app.inject({
        method: "POST",
        url: "/api/home/send-money/calculator",
        payload: key,
      });
      expect(stale.statusCode).toBe(503);
      expect(stale.json().success).toBe(false);
    } finally {
      await app.close();
    }
  });

  it("keeps each day's file and, restarted while the ECB is unreachable, quotes on the last one", async () => {
    let clock = Date.parse("2024-11-27T09:00:00Z");
    const nextDay = ECB_SAMPLE.replace("time='2024-11-25'", "time='2024-11-26'").replace(
      "rate='1.0495'",
      "rate='1.0512'",
    );
    const database = await openFreshDatabase();
    const config = testConfig({ FX_PROVIDER: "ecb" });
    const first = await buildApp({
      config,
      database,
      closeDatabase: false,
      fx: { now: () => clock, fetch: async () => new Response(nextDay) },
    });
    const kept = await first.db.select().from(fxRates).where(eq(fxRates.publishedOn, "2024-11-26"));
    expect(kept.map((row) => row.quote).sort()).toEqual(Object.keys(ECB_SNAPSHOT.rates).sort());
    await first.close();

    clock = Date.parse("2024-11-28T09:00:00Z");
    const asked: string[] = [];
    const second = await buildApp({
      config,
      database,
      fx: {
        now: () => clock,
        fetch: async (url) => {
          asked.push(url);
          throw new TypeError("fetch failed");
        },
      },
    });
    try {
      expect(asked).toHaveLength(1);
      const key = await usToMexico(second);
      const priced = await second.inject({
        method: "POST",
        url: "/api/home/send-money/calculator",
        payload: key,
      });
      expect(priced.statusCode).toBe(200);
      expect(priced.json().data).toMatchObject({
        mid_rate: crossRate("1.0512", "21.3301"),
        rate_source: `${ECB_SOURCE}, 2024-11-26`,
      });
      expect(priced.json().data.rate_legs[0]).toMatchObject({ iso: "USD", per_base: "1.0512" });

      clock = Date.parse("2024-12-02T09:00:00Z");
      await second.rates.refresh();
      const stale = await second.inject({
        method: "POST",
        url: "/api/home/send-money/calculator",
        payload: key,
      });
      expect(stale.statusCode).toBe(503);
      expect(stale.json()).toEqual({
        success: false,
        message: "Our exchange rates are out of date, so we cannot quote right now. Try again later.",
      });
    } finally {
      await second.close();
    }
  });
});
