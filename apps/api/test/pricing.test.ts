import { successEnvelope } from "@vela/shared/api";
import { calculation } from "@vela/shared/pricing";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { currencies, quotations, shippingMethods } from "../src/db/schema/index";
import { bearer, countryId, registerClient } from "./auth-support";
import { appForThisFile } from "./helper";
import { postCardDepositQuotation } from "./wallets-support";

// Proves pricing through the API: every seeded corridor prices both ways, the limits answer with
// the spec's messages, quotations lock their rate and expire, promo codes apply or say why not.
let ids: Record<string, number>;
let token: string;

const app = appForThisFile();

beforeAll(async () => {
  const currencyRows = await app.db
    .select()
    .from(currencies)
    .where(sql`${currencies.iso} in ('USD','MXN','EUR','IDR','XOF','PHP','GBP')`);
  ids = Object.fromEntries(currencyRows.map((row) => [row.iso, row.id]));
  for (const iso2 of ["US", "MX", "ES", "ID", "SN", "PH", "EC", "GB"]) ids[iso2] = await countryId(app, iso2);
  token = (await registerClient(app)).session.token;
});

const usToMx = () => ({
  country_from_id: ids.US!,
  country_to_id: ids.MX!,
  currency_from_id: ids.USD!,
  currency_to_id: ids.MXN!,
});

const homeUrl = (query: Record<string, string | number>) =>
  `/api/home/send-money/calculator?${new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]))}`;
const home = (query: Record<string, string | number>) => app.inject({ method: "GET", url: homeUrl(query) });

describe("home calculator", () => {
  it("prices a transfer from the send amount with fee, rate, total and labels", async () => {
    const response = await home({ ...usToMx(), send_amount: "100.00" });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      send_amount: "100.00",
      vela_fee_amount: "2.99",
      discount: "0.00",
      amount_paid: "102.99",
      currency_from_iso: "USD",
      currency_to_iso: "MXN",
      shipping_method: { slug: "vela" },
      guaranteed_rate: true,
      transfer_time: "Instant",
      estimated_fee_currency: "USD",
      limits: { send: { min: "10.00", max: "10000.00" } },
    });
    // ECB 25 Nov 2024: 21.3301 MXN and 1.0495 USD per euro; less the 0.5 % wallet margin.
    expect(data.mid_rate).toBe("20.32405908");
    expect(data.rate).toBe("20.22243878");
    expect(data.receiving_amount).toBe("2022.24");
    expect(data.rate_source).toContain("2024-11-25");
    expect(response.headers["cache-control"]).toContain("max-age=60");
  });

  it("answers a repeated query with the same text, in the contract's shape and no more", async () => {
    const query = { ...usToMx(), send_amount: "123.45" };
    const first = await home(query);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    // Nothing beyond the contract: its schema parses the answer to an equal object.
    expect(successEnvelope(calculation).parse(body)).toEqual(body);
    expect(body.message).toBeNull();
    const again = await home(query);
    expect(again.body).toBe(first.body);
    expect(again.headers["cache-control"]).toContain("max-age=60");
    expect(again.headers["content-type"]).toBe("application/json; charset=utf-8");
    // Another spelling of the same query agrees; one more field than allowed is still refused.
    expect((await home({ send_amount: "123.45", ...usToMx() })).json()).toEqual(body);
    const refused = await home({ ...query, payment_method: "cheque" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.payment_method).toBeDefined();
    // In Spanish it is priced on its own (its key has the language): the same price, with the
    // delivery method and its arrival time in Spanish.
    const spanish = await app.inject({ method: "GET", url: homeUrl(query), headers: { language: "es" } });
    expect(spanish.json()).toEqual({
      ...body,
      data: {
        ...body.data,
        shipping_method: { ...body.data.shipping_method, name: "Billetera Vela" },
        transfer_time: "Al instante",
      },
    });
  });

  it("prices from the receiving amount, asking never less than it buys", async () => {
    const data = (await home({ ...usToMx(), receiving_amount: "2022.24" })).json().data;
    expect(data.receiving_amount).toBe("2022.24");
    expect(data.send_amount).toBe("100.00");
  });

  it("charges more for a card and by tier", async () => {
    const card = (
      await home({ ...usToMx(), send_amount: "1000.00", payment_method: "credit-and-debit-card-methods" })
    ).json().data;
    // Tier up to 2,000: 3.99 + 0.25 %, plus 1.5 % for the card = 3.99 + 17.50.
    expect(card.vela_fee_amount).toBe("21.49");
    const bank = (await home({ ...usToMx(), send_amount: "1000.00" })).json().data;
    expect(bank.vela_fee_amount).toBe("6.49");
  });

  it.each([
    [{ send_amount: "5" }, "send_amount", "Min send amount is 10.00"],
    [{ send_amount: "0" }, "send_amount", "Min send amount is 10.00"],
    [{ send_amount: "10000.01" }, "send_amount", "Max send amount is 10,000.00"],
  ])("refuses %o with the spec's message", async (amount, field, message) => {
    const response = await home({ ...usToMx(), ...amount });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ [field]: [message] });
  });

  it("checks the receiving limit only when the send amount is within its own", async () => {
    const cash = (
      await app.db.select().from(shippingMethods).where(eq(shippingMethods.slug, "cash-pickup"))
    )[0]!;
    // Cash pickup: send up to 2,500 USD, receive up to 50,000 MXN.
    const tooMuchCash = await home({
      ...usToMx(),
      shipping_method_id: cash.id,
      receiving_amount: "60000",
    });
    expect(tooMuchCash.statusCode).toBe(422);
    expect(tooMuchCash.json().errors).toEqual({ send_amount: ["Max send amount is 2,500.00"] });
    const withinSend = await home({ ...usToMx(), shipping_method_id: cash.id, send_amount: "2500" });
    expect(withinSend.statusCode).toBe(422);
    expect(withinSend.json().errors).toEqual({ receiving_amount: ["Max receiving amount is 50,000.00"] });
  });

  it("answers the broken limit as data beside its message, so clients need not read the text", async () => {
    const low = await home({ ...usToMx(), send_amount: "5" });
    expect(low.statusCode).toBe(422);
    expect(low.json().limit).toEqual({ kind: "min", field: "send", amount: "10.00", currency: "USD" });
    const cash = (
      await app.db.select().from(shippingMethods).where(eq(shippingMethods.slug, "cash-pickup"))
    )[0]!;
    const tooMuch = await home({ ...usToMx(), shipping_method_id: cash.id, send_amount: "2500" });
    expect(tooMuch.json().limit).toEqual({
      kind: "max",
      field: "receiving",
      amount: "50000.00",
      currency: "MXN",
    });
    // Any other invalid amount carries no limit.
    const cents = await home({ ...usToMx(), send_amount: "100.001" });
    expect(cents.statusCode).toBe(422);
    expect(cents.json()).not.toHaveProperty("limit");
  });

  it("handles currencies with no minor unit and pegged currencies", async () => {
    const toIndonesia = (
      await home({
        country_from_id: ids.US!,
        country_to_id: ids.ID!,
        currency_from_id: ids.USD!,
        currency_to_id: ids.IDR!,
        send_amount: "100",
      })
    ).json().data;
    expect(toIndonesia.receiving_amount).toMatch(/^\d+\.\d{2}$/);
    const toSenegal = await home({
      country_from_id: ids.ES!,
      country_to_id: ids.SN!,
      currency_from_id: ids.EUR!,
      currency_to_id: ids.XOF!,
      send_amount: "100",
    });
    expect(toSenegal.statusCode).toBe(200);
    // XOF has no minor unit: a whole number, below 655.957 × 100 after the margin.
    expect(toSenegal.json().data.receiving_amount).toMatch(/^\d+$/);
    expect(toSenegal.json().data.mid_rate).toBe("655.95700000");
    const tooPrecise = await home({
      country_from_id: ids.ES!,
      country_to_id: ids.SN!,
      currency_from_id: ids.EUR!,
      currency_to_id: ids.XOF!,
      receiving_amount: "1000.5",
    });
    expect(tooPrecise.statusCode).toBe(422);
    expect(tooPrecise.json().errors.receiving_amount).toEqual(["Must be a whole amount."]);
  });

  it.each([
    [{ send_amount: "100", receiving_amount: "100" }, "receiving_amount"],
    [{}, "send_amount"],
    [{ send_amount: "-5" }, "send_amount"],
    [{ send_amount: "abc" }, "send_amount"],
    [{ send_amount: "100", promo_code: "WELCOME50" }, "promo_code"],
  ])("refuses bad input %o with 422", async (extra, field) => {
    const response = await home({ ...usToMx(), ...extra });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toContain(field);
  });

  it("refuses a corridor that is not offered", async () => {
    const response = await home({ ...usToMx(), currency_to_id: ids.PHP!, send_amount: "100" });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.country_to_id).toBeDefined();
  });

  it("prices every seeded corridor both ways", async () => {
    const corridors = await app.db.execute(sql`
      select c.country_from_id, c.country_to_id, c.currency_from_id, c.currency_to_id, m.shipping_method_id
      from corridors c join corridor_methods m on m.corridor_id = c.id`);
    const rows = (corridors as unknown as { rows: Record<string, number>[] }).rows;
    expect(rows.length).toBeGreaterThan(6 * 15);
    for (const row of rows) {
      const key = {
        country_from_id: row.country_from_id!,
        country_to_id: row.country_to_id!,
        currency_from_id: row.currency_from_id!,
        currency_to_id: row.currency_to_id!,
        shipping_method_id: row.shipping_method_id!,
      };
      const forward = await home({ ...key, send_amount: "100" });
      expect(forward.statusCode, JSON.stringify(forward.json())).toBe(200);
      const back = await home({ ...key, receiving_amount: forward.json().data.receiving_amount });
      expect(back.statusCode, JSON.stringify(back.json())).toBe(200);
      expect(Number(back.json().data.send_amount)).toBeLessThanOrEqual(100);
    }
  });
});

describe("corridor lookups", () => {
  it("answers limits, delivery methods and currencies by country", async () => {
    const limits = await app.inject({
      method: "GET",
      url: `/api/limits?country_to_id=${ids.MX}&currency_from_id=${ids.USD}&currency_to_id=${ids.MXN}`,
    });
    expect(limits.json().data.send).toEqual({ min: "10.00", max: "10000.00" });
    const methods = await app.inject({
      method: "GET",
      url: `/api/shipping-methods?country_from_id=${ids.US}&country_to_id=${ids.PH}&currency_from_id=${ids.USD}&currency_to_id=${ids.PHP}`,
    });
    expect(methods.json().data.map((method: { slug: string }) => method.slug)).toEqual([
      "vela",
      "bank-deposit",
      "cash-pickup",
      "mobile-wallet",
      "home-delivery",
    ]);
    const to = await app.inject({
      method: "GET",
      url: `/api/consignments/currencies?country_to_id=${ids.EC}`,
    });
    expect(to.json().data.map((currency: { iso: string }) => currency.iso)).toEqual(["USD"]);
    const from = await app.inject({
      method: "GET",
      url: `/api/consignments/currencies-from?country_from_id=${ids.ES}`,
    });
    expect(from.json().data.map((currency: { iso: string }) => currency.iso)).toEqual(["EUR"]);
  });
});

describe("quotations", () => {
  const create = (body: Record<string, unknown>, userToken = token) =>
    app.inject({
      method: "POST",
      url: "/api/consignments/quotation",
      headers: bearer(userToken),
      payload: body,
    });

  it("creates a quotation that locks its rate and belongs to its user", async () => {
    const response = await create({ ...usToMx(), send_amount: "250.00" });
    expect(response.statusCode).toBe(201);
    const quote = response.json().data;
    expect(quote).toMatchObject({ status: "open", send_amount: "250.00", service: "consignments" });
    expect(quote.id).toBeGreaterThan(0);
    expect(quote.expires_in).toBeGreaterThan(1700);

    const other = (await registerClient(app)).session.token;
    const peek = await app.inject({
      method: "GET",
      url: `/api/quotations/${quote.id}`,
      headers: bearer(other),
    });
    expect(peek.statusCode).toBe(404);
    const own = await app.inject({
      method: "GET",
      url: `/api/quotations/${quote.id}`,
      headers: bearer(token),
    });
    expect(own.json().data).toMatchObject({ id: quote.id, rate: expect.stringMatching(/^20\.22/) });
  });

  it("needs a session", async () => {
    expect(
      (await app.inject({ method: "POST", url: "/api/consignments/quotation", payload: usToMx() }))
        .statusCode,
    ).toBe(401);
  });

  it("recalculates with new amounts and starts the lock again", async () => {
    const quote = (await create({ ...usToMx(), send_amount: "100" })).json().data;
    const updated = await app.inject({
      method: "PUT",
      url: `/api/quotations/${quote.id}`,
      headers: bearer(token),
      payload: { receiving_amount: "5000" },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ id: quote.id, receiving_amount: "5000.00" });
  });

  it("refuses a promo code on an expired quotation and tells to requote", async () => {
    const quote = (await create({ ...usToMx(), send_amount: "100" })).json().data;
    await app.db
      .update(quotations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(quotations.id, quote.id));
    const response = await app.inject({
      method: "PATCH",
      url: `/api/consignments/quotation/${quote.id}/apply-promo-code`,
      headers: bearer(token),
      payload: { code: "WELCOME50" },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      "This quotation has expired and its rate is no longer held. Request a new quotation.",
    );
    const read = await app.inject({
      method: "GET",
      url: `/api/quotations/${quote.id}`,
      headers: bearer(token),
    });
    expect(read.json().data.status).toBe("expired");
    // Requoting brings it back at today's rate.
    const requote = await app.inject({
      method: "PUT",
      url: `/api/quotations/${quote.id}`,
      headers: bearer(token),
      payload: {},
    });
    expect(requote.json().data.status).toBe("open");
  });

  it("creates convert and deposit quotations for wallets", async () => {
    const convert = await app.inject({
      method: "POST",
      url: "/api/wallets/convert-money/quotation/create",
      headers: bearer(token),
      payload: { currency_from_id: ids.USD, currency_to_id: ids.EUR, send_amount: "100.00" },
    });
    expect(convert.statusCode).toBe(201);
    expect(convert.json().data).toMatchObject({
      service: "wallet-convert",
      vela_fee_amount: "0.00",
      country_from_id: null,
    });
    expect(convert.json().data.id).toBeGreaterThan(0);
    const deposit = await postCardDepositQuotation(app, token, ids.USD!);
    expect(deposit.json().data).toMatchObject({
      vela_fee_amount: "2.90",
      receiving_amount: "100.00",
      amount_paid: "102.90",
    });
    const same = await app.inject({
      method: "POST",
      url: "/api/wallets/convert-money/quotation/create",
      headers: bearer(token),
      payload: { currency_from_id: ids.USD, currency_to_id: ids.USD, send_amount: "100.00" },
    });
    expect(same.statusCode).toBe(422);
  });
});

describe("promo codes", () => {
  const quoteFor = async (userToken: string, body: Record<string, unknown>) =>
    (
      await app.inject({
        method: "POST",
        url: "/api/consignments/quotation",
        headers: bearer(userToken),
        payload: body,
      })
    ).json().data;
  const apply = (userToken: string, id: number, code: string) =>
    app.inject({
      method: "PATCH",
      url: `/api/consignments/quotation/${id}/apply-promo-code`,
      headers: bearer(userToken),
      payload: { code },
    });

  it("applies a percentage code to the fee, once per user", async () => {
    const user = (await registerClient(app)).session.token;
    const quote = await quoteFor(user, { ...usToMx(), send_amount: "100" });
    const applied = await apply(user, quote.id, "welcome50");
    expect(applied.statusCode).toBe(200);
    expect(applied.json().data).toMatchObject({
      promo_code: "WELCOME50",
      vela_fee_amount: "2.99",
      discount: "1.49",
      amount_paid: "101.50",
    });
    const second = await quoteFor(user, { ...usToMx(), send_amount: "100" });
    const refused = await apply(user, second.id, "WELCOME50");
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.code).toEqual(["You have already used this promo code."]);
  });

  it.each([
    ["NOPE", "This promo code does not exist."],
    ["SUMMER2024", "This promo code has expired."],
    ["SAVE2EUR", "This promo code is for transfers sent in EUR."],
  ])("refuses %s and says why", async (code, message) => {
    const user = (await registerClient(app)).session.token;
    const quote = await quoteFor(user, { ...usToMx(), send_amount: "100" });
    const response = await apply(user, quote.id, code);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.code).toEqual([message]);
  });

  it("refuses a code below its minimum amount", async () => {
    const user = (await registerClient(app)).session.token;
    const quote = await quoteFor(user, { ...usToMx(), send_amount: "20" });
    const response = await apply(user, quote.id, "WELCOME50");
    expect(response.json().errors.code).toEqual(["This promo code needs a send amount of at least 50.00."]);
  });

  it("applies a fixed code in its currency, and tells its terms", async () => {
    const user = (await registerClient(app)).session.token;
    const quote = await quoteFor(user, {
      country_from_id: ids.ES!,
      country_to_id: ids.MX!,
      currency_from_id: ids.EUR!,
      currency_to_id: ids.MXN!,
      send_amount: "100",
      promo_code: "SAVE2EUR",
    });
    expect(quote).toMatchObject({ discount: "2.00", promo_code: "SAVE2EUR" });
    const terms = await app.inject({
      method: "GET",
      url: "/api/promo_code?code=save2eur",
      headers: bearer(user),
    });
    expect(terms.json().data).toMatchObject({
      code: "SAVE2EUR",
      kind: "fixed",
      value: "2.00",
      currency_iso: "EUR",
    });
  });
});

// Point 16 of issue 7: the home calculator answers POST too (spec §7), the wallet-to-wallet
// calculator refuses a delivery method instead of switching it, amounts and rates leave in one
// format everywhere, and validation messages follow `language: es`.
describe("calculators: POST, one format, Spanish", () => {
  const postHome = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({ method: "POST", url: "/api/home/send-money/calculator", headers, payload });

  it("answers POST /home/send-money/calculator like the GET, for anyone", async () => {
    const posted = await postHome({ ...usToMx(), send_amount: "100.00" });
    expect(posted.statusCode).toBe(200);
    const got = await home({ ...usToMx(), send_amount: "100.00" });
    expect(posted.json()).toEqual(got.json());
    const withCode = await postHome({ ...usToMx(), send_amount: "100", promo_code: "WELCOME50" });
    expect(withCode.statusCode).toBe(422);
    expect(withCode.json().errors).toEqual({ promo_code: ["Sign in to use a promo code."] });
  });

  it("refuses a delivery method other than the wallet on /send_money/calculator", async () => {
    const methods = await app.db.select().from(shippingMethods);
    const id = (slug: string) => methods.find((method) => method.slug === slug)!.id;
    const send = (extra: Record<string, unknown>) =>
      app.inject({
        method: "POST",
        url: "/api/send_money/calculator",
        headers: bearer(token),
        payload: { ...usToMx(), send_amount: "100", ...extra },
      });
    const cash = await send({ shipping_method_id: id("cash-pickup") });
    expect(cash.statusCode).toBe(422);
    expect(cash.json().errors).toEqual({
      shipping_method_id: ["Wallet-to-wallet sends deliver only into a Vela wallet."],
    });
    const vela = await send({ shipping_method_id: id("vela") });
    expect(vela.statusCode).toBe(200);
    expect(vela.json().data.shipping_method.slug).toBe("vela");
    expect((await send({})).json().data.shipping_method.slug).toBe("vela");
  });

  it("writes amounts with the currency's digits and rates with eight decimals, stored or not", async () => {
    const created = (
      await app.inject({
        method: "POST",
        url: "/api/consignments/quotation",
        headers: bearer(token),
        payload: { ...usToMx(), send_amount: "100" },
      })
    ).json().data;
    const read = (
      await app.inject({ method: "GET", url: `/api/quotations/${created.id}`, headers: bearer(token) })
    ).json().data;
    for (const answer of [created, read]) {
      expect(answer.mid_rate).toBe("20.32405908");
      expect(answer.rate).toBe("20.22243878");
      expect(answer.limits).toEqual({
        send: { min: "10.00", max: "10000.00" },
        receiving: { min: "10.00", max: expect.stringMatching(/^\d+\.00$/) },
      });
      for (const field of ["send_amount", "vela_fee_amount", "discount", "amount_paid", "receiving_amount"]) {
        expect(answer[field]).toMatch(/^\d+\.\d{2}$/);
      }
    }
    const toSenegal = (
      await home({
        country_from_id: ids.ES!,
        country_to_id: ids.SN!,
        currency_from_id: ids.EUR!,
        currency_to_id: ids.XOF!,
        send_amount: "100",
      })
    ).json().data;
    expect(toSenegal.limits.receiving.min).toBe("10");
    expect(toSenegal.mid_rate).toBe("655.95700000");
  });

  it("translates validation messages when the request says language: es", async () => {
    const es = { language: "es" };
    const missing = await postHome({ country_to_id: ids.MX, send_amount: "100" }, es);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe("Los datos proporcionados no son válidos.");
    expect(missing.json().errors.country_from_id).toEqual(["Este campo es obligatorio."]);
    const both = await postHome({ ...usToMx(), send_amount: "100", receiving_amount: "100" }, es);
    expect(both.json().errors.receiving_amount).toEqual([
      "Indica el monto que envías o el que se recibe, no ambos.",
    ]);
    const notNumber = await postHome({ ...usToMx(), send_amount: "abc" }, es);
    expect(notNumber.json().errors.send_amount).toEqual([
      "El monto debe tener solo dígitos, con '-' y '.' opcionales, por ejemplo 1234.56",
    ]);
    const method = await postHome({ ...usToMx(), send_amount: "100", payment_method: "gold" }, es);
    expect(method.json().errors.payment_method?.[0]).toMatch(/^Debe ser uno de: wallet, /);
    const code = await postHome({ ...usToMx(), send_amount: "100", promo_code: "WELCOME50" }, es);
    expect(code.json().errors.promo_code).toEqual(["Inicia sesión para usar un código promocional."]);
    const tooPrecise = await postHome(
      {
        country_from_id: ids.ES,
        country_to_id: ids.SN,
        currency_from_id: ids.EUR,
        currency_to_id: ids.XOF,
        receiving_amount: "1000.5",
      },
      es,
    );
    expect(tooPrecise.json().errors.receiving_amount).toEqual(["Debe ser un monto entero."]);
    const cents = await postHome({ ...usToMx(), send_amount: "100.001" }, es);
    expect(cents.json().errors.send_amount).toEqual(["Debe tener como máximo 2 decimales."]);
    const corridor = await postHome({ ...usToMx(), currency_to_id: ids.PHP, send_amount: "100" }, es);
    expect(corridor.json().errors.country_to_id).toEqual([
      "Todavía no enviamos a este país en estas monedas desde allí.",
    ]);
    // The spec's limit messages keep their wording; the amount in them follows the language's
    // separators, the limit as data stays a wire-format amount.
    const low = await postHome({ ...usToMx(), send_amount: "5" }, es);
    expect(low.json().errors.send_amount).toEqual(["Min send amount is 10,00"]);
    expect(low.json().limit).toMatchObject({ kind: "min", field: "send", amount: "10.00" });
  });
});
