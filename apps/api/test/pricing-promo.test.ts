import { toRateString } from "@vela/shared/decimal";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { currencies, promoCodeRedemptions, promoCodes, quotations } from "../src/db/schema/index";
import { redeemPromoHold } from "../src/pricing/promo-codes";
import { SANDBOX_ANCHOR } from "../src/providers/fx/sandbox-feed";
import { bearer, countryId, registerClient } from "./auth-support";
import { appForThisFile } from "./helper";
import { postCardDepositQuotation } from "./wallets-support";

// Point 13 of issue 7: applying a promo code keeps the quotation's locked rate and expiry, the
// path's {service} must be the quotation's, and the use limits hold under concurrent requests
// (run with TEST_DATABASE_URL: real PostgreSQL, requests fired together) counting redeemed uses and
// live holds, never abandoned quotations.
let clock = SANDBOX_ANCHOR.getTime() + 10 * 86_400_000;
let corridor: Record<string, number>;
let ids: Record<string, number>;

const app = appForThisFile({ DATABASE_POOL_MAX: "20" }, { fx: { now: () => clock } });

beforeAll(async () => {
  const rows = await app.db.select().from(currencies).where(sql`${currencies.iso} in ('USD','MXN','EUR')`);
  ids = Object.fromEntries(rows.map((row) => [row.iso, row.id]));
  corridor = {
    country_from_id: await countryId(app, "US"),
    country_to_id: await countryId(app, "MX"),
    currency_from_id: ids.USD!,
    currency_to_id: ids.MXN!,
  };
});

let codeNumber = 0;
/** A fresh percentage code with the given limits, so tests never share one. */
async function newCode(limits: { maxUsesPerUser?: number | null; maxUsesTotal?: number | null }) {
  codeNumber += 1;
  const code = `RACE${codeNumber}X${Date.now() % 100000}`;
  const [row] = await app.db
    .insert(promoCodes)
    .values({
      code,
      kind: "percent",
      percentBps: 5000,
      description: "Half off our fee, for the tests.",
      maxUsesPerUser: limits.maxUsesPerUser ?? null,
      maxUsesTotal: limits.maxUsesTotal ?? null,
    })
    .returning();
  return row!;
}

/** Moves a quotation's rate lock into the past, as if its time had run out. */
const endRateLock = (quotationId: number) =>
  app.db
    .update(quotations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(quotations.id, quotationId));

const quote = (token: string, extra: Record<string, unknown> = {}) =>
  app.inject({
    method: "POST",
    url: "/api/consignments/quotation",
    headers: bearer(token),
    payload: { ...corridor, send_amount: "100", ...extra },
  });
const apply = (token: string, id: number, code: string, service = "consignments") =>
  app.inject({
    method: "PATCH",
    url: `/api/${service}/quotation/${id}/apply-promo-code`,
    headers: bearer(token),
    payload: { code },
  });

describe("applying a promo code", () => {
  it("keeps the quotation's amounts, rate and expiry, and only takes the discount off the fee", async () => {
    const { token } = (await registerClient(app)).session;
    const created = (await quote(token)).json().data;
    // The rates move on and time passes before the code is applied.
    clock += 40 * 60_000;
    await app.rates.refresh();
    const moved = await app.inject({
      method: "POST",
      url: "/api/home/send-money/calculator",
      payload: { ...corridor, send_amount: "100" },
    });
    expect(moved.json().data.mid_rate).not.toBe(created.mid_rate);
    const lockedUntil = new Date(Date.now() + 120_000);
    await app.db.update(quotations).set({ expiresAt: lockedUntil }).where(eq(quotations.id, created.id));

    const code = await newCode({ maxUsesPerUser: 1 });
    const applied = await apply(token, created.id, code.code.toLowerCase());
    expect(applied.statusCode).toBe(200);
    const data = applied.json().data;
    expect(data).toMatchObject({
      id: created.id,
      mid_rate: created.mid_rate,
      rate: created.rate,
      rate_as_of: created.rate_as_of,
      rate_legs: created.rate_legs,
      send_amount: created.send_amount,
      receiving_amount: created.receiving_amount,
      vela_fee_amount: "2.99",
      discount: "1.49",
      amount_paid: "101.50",
      promo_code: code.code,
      expires_at: lockedUntil.toISOString(),
    });
    const [row] = await app.db.select().from(quotations).where(eq(quotations.id, created.id));
    expect(row!.expiresAt.toISOString()).toBe(lockedUntil.toISOString());
    expect(toRateString(row!.midRate)).toBe(created.mid_rate);
  });

  it("finds the quotation only under its own service", async () => {
    const { token } = (await registerClient(app)).session;
    const consignment = (await quote(token)).json().data;
    const code = await newCode({ maxUsesPerUser: 1 });
    const wrong = await apply(token, consignment.id, code.code, "wallets");
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ success: false, message: "Quotation not found." });
    const giftCards = await apply(token, consignment.id, code.code, "gift-cards");
    expect(giftCards.statusCode).toBe(404);

    const wallet = (await postCardDepositQuotation(app, token, ids.USD!)).json().data;
    expect((await apply(token, wallet.id, code.code, "consignments")).statusCode).toBe(404);
    const right = await apply(token, wallet.id, code.code, "wallets");
    expect(right.statusCode).toBe(200);
    expect(right.json().data).toMatchObject({
      vela_fee_amount: "2.90",
      discount: "1.45",
      amount_paid: "101.45",
    });
    // Nothing was held by the refused attempts.
    const holds = await app.db
      .select()
      .from(promoCodeRedemptions)
      .where(eq(promoCodeRedemptions.promoCodeId, code.id));
    expect(holds.map((hold) => hold.quotationId)).toEqual([wallet.id]);
  });
});

describe("use limits under concurrency", () => {
  it("gives a once-per-user code to one of 60 quotations created at once by one user", async () => {
    const { token } = (await registerClient(app)).session;
    const code = await newCode({ maxUsesPerUser: 1 });
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => quote(token, { promo_code: code.code })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 422)).toHaveLength(59);
    for (const refused of answers.filter((answer) => answer.statusCode === 422)) {
      expect(refused.json().errors).toEqual({ promo_code: ["You have already used this promo code."] });
    }
    // A refused hold leaves no quotation behind either.
    const withCode = await app.db.select().from(quotations).where(eq(quotations.promoCodeId, code.id));
    expect(withCode).toHaveLength(1);
  });

  it("gives a once-per-user code to one of 30 open quotations when it is applied to all at once", async () => {
    const { token } = (await registerClient(app)).session;
    const code = await newCode({ maxUsesPerUser: 1 });
    const created = await Promise.all(Array.from({ length: 30 }, () => quote(token)));
    const answers = await Promise.all(
      created.map((answer) => apply(token, answer.json().data.id, code.code)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(29);
    const holds = await app.db
      .select()
      .from(promoCodeRedemptions)
      .where(eq(promoCodeRedemptions.promoCodeId, code.id));
    expect(holds).toHaveLength(1);
  });

  it("stops a code limited to 5 uses at 5 when 16 people ask at once", async () => {
    const code = await newCode({ maxUsesTotal: 5 });
    const tokens = [];
    for (let index = 0; index < 16; index += 1) tokens.push((await registerClient(app)).session.token);
    const answers = await Promise.all(tokens.map((token) => quote(token, { promo_code: code.code })));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(5);
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ promo_code: ["This promo code has been used up."] });
    }
  });

  it("counts redeemed uses and live holds, not quotations abandoned past their expiry", async () => {
    const { token } = (await registerClient(app)).session;
    const code = await newCode({ maxUsesPerUser: 1 });
    const first = await quote(token, { promo_code: code.code });
    expect(first.statusCode).toBe(201);
    expect((await quote(token, { promo_code: code.code })).statusCode).toBe(422);
    // The calculator forecasts the same refusal rather than show a discount the quotation would refuse.
    const forecast = await app.inject({
      method: "POST",
      url: "/api/calculator",
      headers: bearer(token),
      payload: { ...corridor, send_amount: "100", promo_code: code.code },
    });
    expect(forecast.json().errors).toEqual({ promo_code: ["You have already used this promo code."] });
    // Requoting the quotation that holds the code keeps it: its own hold does not count against it.
    const requoted = await app.inject({
      method: "PUT",
      url: `/api/quotations/${first.json().data.id}`,
      headers: bearer(token),
      payload: { send_amount: "120" },
    });
    expect(requoted.statusCode).toBe(200);
    expect(requoted.json().data).toMatchObject({ promo_code: code.code, discount: "1.49" });

    // The first quotation is abandoned: once its rate lock ends, its hold counts for nothing.
    await endRateLock(first.json().data.id);
    const second = await quote(token, { promo_code: code.code });
    expect(second.statusCode).toBe(201);

    // The second is paid: its use is redeemed and counts even after the quotation's lock ends.
    expect(await redeemPromoHold(app.db, second.json().data.id)).toBe(true);
    await endRateLock(second.json().data.id);
    const third = await quote(token, { promo_code: code.code });
    expect(third.statusCode).toBe(422);
    expect(third.json().errors.promo_code).toEqual(["You have already used this promo code."]);
    const redeemed = await app.db
      .select()
      .from(promoCodeRedemptions)
      .where(and(eq(promoCodeRedemptions.promoCodeId, code.id), eq(promoCodeRedemptions.status, "redeemed")));
    expect(redeemed.map((row) => row.quotationId)).toEqual([second.json().data.id]);
  });
});
