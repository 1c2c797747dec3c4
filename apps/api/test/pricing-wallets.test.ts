import { convertAmount, rateLessMargin, toRateString } from "@vela/shared/decimal";
import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { currencies } from "../src/db/schema/index";
import { RATE_BASE } from "../src/providers/fx/rate-provider";
import { bearer, registerClient } from "./auth-support";
import { appForThisFile } from "./helper";

// Point 14 of issue 7: wallet convert and deposit quotations work for every currency we have a
// rate for, with limits of 10 to 10 000 US dollars' worth converted at the quote's own rate (the
// spec's fallback 10 / 10 000 read in each currency's own units refused $10 → IDR or KRW, $100 → JPY
// and $1000 → MXN). Currencies with 0 (JPY, KRW), 2 (USD, MXN, IDR) and 3 (BHD, OMR, JOD) decimals.
let token: string;
let byIso: Map<string, { id: number; decimals: number }>;

const app = appForThisFile();

beforeAll(async () => {
  token = (await registerClient(app)).session.token;
  const quoted = [RATE_BASE, ...app.rates.table().rates.keys()];
  const rows = await app.db.select().from(currencies).where(inArray(currencies.iso, quoted));
  byIso = new Map(rows.map((row) => [row.iso, { id: row.id, decimals: row.decimals }]));
});

const wallet = (kind: "convert" | "deposit", from: string, to: string, sendAmount: string) =>
  app.inject({
    method: "POST",
    url: `/api/wallets/${kind}-money/quotation/create`,
    headers: bearer(token),
    payload: {
      currency_from_id: byIso.get(from)!.id,
      currency_to_id: byIso.get(to)!.id,
      send_amount: sendAmount,
    },
  });

describe("wallet quotations in every currency", () => {
  it("has currencies with 0, 2 and 3 decimals to try", () => {
    expect(byIso.get("JPY")?.decimals).toBe(0);
    expect(byIso.get("KRW")?.decimals).toBe(0);
    expect(byIso.get("MXN")?.decimals).toBe(2);
    expect(byIso.get("BHD")?.decimals).toBe(3);
    expect(byIso.size).toBeGreaterThanOrEqual(36);
  });

  it.each([
    ["USD", "IDR", "10"],
    ["USD", "KRW", "10"],
    ["USD", "JPY", "100"],
    ["USD", "MXN", "1000"],
    ["USD", "BHD", "250"],
    ["KRW", "USD", "50000"],
    ["JPY", "EUR", "150000"],
    ["BHD", "JOD", "1000.125"],
  ])("converts %s → %s from %s", async (from, to, amount) => {
    const response = await wallet("convert", from, to, amount);
    expect(response.statusCode, JSON.stringify(response.json())).toBe(201);
    const quote = response.json().data;
    const decimals = byIso.get(to)!.decimals;
    // The quote's own rate, its receiving amount with the receiving currency's digits.
    expect(quote.rate).toBe(toRateString(rateLessMargin(quote.mid_rate, 50)));
    expect(quote.receiving_amount).toBe(convertAmount(quote.send_amount, quote.rate, decimals));
    expect(quote.receiving_amount.split(".")[1]?.length ?? 0).toBe(decimals);
    expect(quote.send_amount.split(".")[1]?.length ?? 0).toBe(byIso.get(from)!.decimals);
  });

  it("converts 10 and 10 000 dollars into every quoted currency, and refuses just outside", async () => {
    for (const iso of byIso.keys()) {
      if (iso === "USD") continue;
      for (const amount of ["10", "10000"]) {
        const ok = await wallet("convert", "USD", iso, amount);
        expect(ok.statusCode, `${amount} USD → ${iso}: ${ok.payload}`).toBe(201);
      }
      const below = await wallet("convert", "USD", iso, "9.99");
      expect(below.json().errors).toEqual({ send_amount: ["Min send amount is 10.00"] });
      const above = await wallet("convert", "USD", iso, "10000.01");
      expect(above.json().errors).toEqual({ send_amount: ["Max send amount is 10,000.00"] });
    }
  });

  it("sets limits in each currency from the dollar at the quote's rate, with its digits", async () => {
    const jpy = (await wallet("convert", "JPY", "USD", "5000")).json().data;
    // 10 USD at 161.64 / 1.0495 = 154.01619819 JPY per USD, rounded up; 10 000 rounded down.
    expect(jpy.limits.send).toEqual({ min: "1541", max: "1540161" });
    expect((await wallet("convert", "JPY", "USD", "1540")).json().errors).toEqual({
      send_amount: ["Min send amount is 1,541"],
    });
    const bhd = (await wallet("deposit", "BHD", "BHD", "100")).json().data;
    expect(bhd.limits.send).toEqual({ min: "3.760", max: "3760.000" });
    expect(bhd).toMatchObject({
      send_amount: "100.000",
      receiving_amount: "100.000",
      vela_fee_amount: "0.000",
    });
    const krw = (await wallet("deposit", "KRW", "KRW", "100000")).json().data;
    expect(krw).toMatchObject({ send_amount: "100000", receiving_amount: "100000" });
  });

  it("answers that a currency without a rate cannot be converted", async () => {
    const [kwd] = await app.db
      .select()
      .from(currencies)
      .where(inArray(currencies.iso, ["KWD"]));
    const response = await app.inject({
      method: "POST",
      url: "/api/wallets/convert-money/quotation/create",
      headers: bearer(token),
      payload: { currency_from_id: byIso.get("USD")!.id, currency_to_id: kwd!.id, send_amount: "100" },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ currency_to_id: ["We have no rate from USD to KWD."] });
  });
});
