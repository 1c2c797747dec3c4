import { successEnvelope } from "@vela/shared/api";
import {
  billPayer,
  billPlan,
  billProvider,
  billService,
  giftCardProduct,
  operatorsAnswer,
  PURCHASE_MESSAGES,
  topupProduct,
} from "@vela/shared/purchases";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { queryRows } from "../src/db/client";
import { authThrottles, users } from "../src/db/schema/index";
import { BILL_PROVIDERS } from "../src/providers/bills/bill-catalogue";
import { BILL_LOOKUP_LIMIT, resolveBill, resolveGiftCard, resolveTopup } from "../src/purchases/catalogue";
import { bearer, countryId, registerClient } from "./auth-support";
import { buildTestApp, type TestApp } from "./helper";

// The purchase catalogues' routes (issue 11): operators by country or detected from a number,
// products, gift cards, bill services, billers, plans and the counted bill lookup; each needs a
// session with the service's permission. And the resolve helpers the quotations use.
let app: TestApp;
let token: string;
let ids: { MX: number; CO: number; US: number; AQ: number; COP: number; MXN: number };

const enel = BILL_PROVIDERS.find((provider) => provider.name === "Enel Colombia")!;
const aire = BILL_PROVIDERS.find((provider) => provider.name === "Air-e")!;

type Call = {
  method?: "GET" | "POST";
  url: string;
  payload?: object;
  auth?: string | null;
  language?: string;
};
const call = ({ method = "GET", url, payload, auth = token, language }: Call) =>
  app.inject({
    method,
    url: `/api${url}`,
    headers: {
      ...(auth ? bearer(auth) : {}),
      ...(language ? { language } : {}),
    },
    ...(payload ? { payload } : {}),
  });

async function signUp() {
  const { session } = await registerClient(app);
  return { token: session.token as string, id: session.user.id as number };
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { statusCode: number; message: string; errors?: Record<string, string[]> };
  }
  throw new Error("expected a refusal");
}

beforeAll(async () => {
  app = await buildTestApp();
  ({ token } = await signUp());
  const currency = async (iso: string) =>
    (await queryRows<{ id: number }>(app.db, sql`select id from currencies where iso = ${iso}`))[0]!.id;
  ids = {
    MX: await countryId(app, "MX"),
    CO: await countryId(app, "CO"),
    US: await countryId(app, "US"),
    AQ: await countryId(app, "AQ"),
    COP: await currency("COP"),
    MXN: await currency("MXN"),
  };
});
afterAll(async () => {
  await app?.close();
});

describe("top-up catalogue", () => {
  it("detects +52 55 1234 5678: Mexico, Telcel, with the operators of Mexico and their products", async () => {
    const response = await call({
      url: `/reload-phones/operators?phone=${encodeURIComponent("+52 55 1234 5678")}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = successEnvelope(operatorsAnswer).parse(response.json()).data;
    expect(data).toMatchObject({
      country_id: ids.MX,
      country_iso: "MX",
      phone: {
        e164: "+525512345678",
        prefix: "+52",
        number: "5512345678",
        country_iso: "MX",
        formatted: "+52 55 1234 5678",
      },
      detected_operator_id: 101,
    });
    const telcel = data.operators.find((operator) => operator.id === data.detected_operator_id)!;
    expect(telcel).toMatchObject({
      name: "Telcel",
      currency_id: ids.MXN,
      currency_iso: "MXN",
      country_id: ids.MX,
      data_bundles: true,
    });
    expect(telcel.products.some((product) => product.type === "FIXED" && product.amount === "100.00")).toBe(
      true,
    );
    expect(data.operators.map((operator) => operator.name)).toEqual([
      "Telcel",
      "AT&T Mexico",
      "Movistar Mexico",
    ]);
  });

  it("lists a country's operators by country_id; a country without top-ups has none; an unknown one is 404", async () => {
    const co = await call({ url: `/reload-phones/operators?country_id=${ids.CO}` });
    expect(co.statusCode).toBe(200);
    expect(co.json().data).toMatchObject({ country_iso: "CO", phone: null, detected_operator_id: null });
    expect(co.json().data.operators.map((operator: { name: string }) => operator.name)).toContain(
      "Claro Colombia",
    );
    const none = await call({ url: `/reload-phones/operators?country_id=${ids.AQ}` });
    expect(none.statusCode).toBe(200);
    expect(none.json().data.operators).toEqual([]);
    expect((await call({ url: "/reload-phones/operators?country_id=999999" })).statusCode).toBe(404);
  });

  it("refuses invalid numbers and numbers of a country without top-ups on `phone` (422)", async () => {
    for (const [phone, message] of [
      ["+52 1234", PURCHASE_MESSAGES.invalidPhone],
      ["+57 601 234 5678", PURCHASE_MESSAGES.invalidPhone],
      ["+44 7911 123456", PURCHASE_MESSAGES.unsupportedCountry],
    ] as const) {
      const response = await call({ url: `/reload-phones/operators?phone=${encodeURIComponent(phone)}` });
      expect(response.statusCode, phone).toBe(422);
      expect(response.json().errors.phone).toEqual([message]);
    }
    const neither = await call({ url: "/reload-phones/operators" });
    expect(neither.statusCode).toBe(422);
    expect(neither.json().errors.phone).toBeDefined();
  });

  it("answers an operator's products; an unknown operator is 404, a bad id 422", async () => {
    const response = await call({ url: "/reload-phones/products?operator_id=801" });
    expect(response.statusCode).toBe(200);
    const products = successEnvelope(z.array(topupProduct)).parse(response.json()).data;
    expect(products.find((product) => product.type === "RANGE")).toMatchObject({
      min: "10.00",
      max: "1000.00",
      currency_iso: "PHP",
      amount: null,
    });
    expect(products.some((product) => product.kind === "data" && product.validity !== null)).toBe(true);
    expect((await call({ url: "/reload-phones/products?operator_id=999" })).json()).toMatchObject({
      success: false,
      message: PURCHASE_MESSAGES.unknownOperator,
    });
    expect((await call({ url: "/reload-phones/products?operator_id=abc" })).statusCode).toBe(422);
  });

  it("shows the products' amounts by the one money formatter, in the caller's language", async () => {
    const productsIn = async (operatorId: number, language: string) =>
      successEnvelope(z.array(topupProduct))
        .parse((await call({ url: `/reload-phones/products?operator_id=${operatorId}`, language })).json())
        .data.filter((product) => product.kind === "airtime");
    // Claro Colombia sells fixed COP amounts; Movistar Colombia any amount in a range.
    const claro = (await productsIn(501, "en")).find((product) => product.amount === "50000.00");
    expect(claro).toMatchObject({
      name: "Claro Colombia 50,000.00 COP",
      description: "50,000.00 COP of airtime credit",
    });
    const claroEs = (await productsIn(501, "es")).find((product) => product.amount === "50000.00");
    expect(claroEs).toMatchObject({
      name: "Claro Colombia 50.000,00 COP",
      description: "50.000,00 COP de saldo",
    });
    expect((await productsIn(502, "en"))[0]?.description).toBe(
      "Any amount of airtime credit from 3,000.00 COP to 200,000.00 COP",
    );
    expect((await productsIn(502, "es"))[0]?.description).toBe(
      "Cualquier importe de saldo, de 3.000,00 COP a 200.000,00 COP",
    );
  });
});

describe("gift card catalogue", () => {
  it("lists, filters and searches gift cards; one card by id; unknown 404", async () => {
    const all = await call({ url: "/gift-cards/products" });
    expect(all.statusCode).toBe(200);
    const cards = successEnvelope(z.array(giftCardProduct)).parse(all.json()).data;
    expect(cards.length).toBeGreaterThanOrEqual(15);
    const mexican = (await call({ url: `/gift-cards/products?country_id=${ids.MX}` })).json().data;
    expect(mexican.map((card: { brand: string }) => card.brand).sort()).toEqual([
      "Liverpool",
      "Uber",
      "Walmart México",
    ]);
    expect(mexican.every((card: { currency_id: number }) => card.currency_id === ids.MXN)).toBe(true);
    const searched = (await call({ url: "/gift-cards/products?search=netflix" })).json().data;
    expect(searched.map((card: { brand: string }) => card.brand)).toEqual(["Netflix"]);
    const gaming = (await call({ url: "/gift-cards/products?category=gaming" })).json().data;
    expect(gaming.length).toBeGreaterThanOrEqual(2);
    const one = await call({ url: `/gift-cards/products/${cards[0]!.id}` });
    expect(one.json().data).toEqual(cards[0]);
    expect((await call({ url: "/gift-cards/products/424242" })).statusCode).toBe(404);
    expect((await call({ url: "/gift-cards/products/zero" })).statusCode).toBe(422);
    expect((await call({ url: "/gift-cards/products?country_id=999999" })).statusCode).toBe(404);
  });
});

describe("bill catalogue", () => {
  it("lists Colombia's services (in Spanish when asked), its electricity billers and Enel's plans", async () => {
    const services = await call({ url: `/prepaid-pay-bills/services?country_id=${ids.CO}` });
    expect(services.statusCode).toBe(200);
    const list = successEnvelope(z.array(billService)).parse(services.json()).data;
    expect(list[0]).toMatchObject({
      country_id: ids.CO,
      iso: "CO",
      flag: "🇨🇴",
      service: "Electricity",
      slug: "electricity",
    });
    const spanish = (
      await call({ url: `/prepaid-pay-bills/services?country_id=${ids.CO}`, language: "es" })
    ).json().data;
    expect(spanish[0].service).toBe("Electricidad");
    expect((await call({ url: `/prepaid-pay-bills/services?country_id=${ids.US}` })).json().data).toEqual([]);

    const providers = await call({
      url: `/prepaid-pay-bills/providers?country_id=${ids.CO}&service_type_id=${list[0]!.service_type_id}`,
    });
    const billers = successEnvelope(z.array(billProvider)).parse(providers.json()).data;
    expect(billers.map((biller) => biller.name)).toEqual(["Enel Colombia", "Air-e"]);
    expect(billers[0]).toMatchObject({ has_plans: true, partial_payment: true, currency_id: ids.COP });
    expect(billers[1]).toMatchObject({ has_plans: false, partial_payment: false });
    expect(
      (await call({ url: `/prepaid-pay-bills/providers?country_id=${ids.US}&service_type_id=1` })).statusCode,
    ).toBe(404);
    expect((await call({ url: `/prepaid-pay-bills/providers?country_id=${ids.CO}` })).statusCode).toBe(422);

    const plans = successEnvelope(z.array(billPlan)).parse(
      (await call({ url: `/prepaid-pay-bills/products?service_provider_id=${enel.id}` })).json(),
    ).data;
    expect(plans[0]).toMatchObject({ name: "Pay your bill", amount: null, currency_iso: "COP" });
    expect(plans.slice(1).map((plan) => plan.amount)).toEqual(["20000.00", "50000.00", "100000.00"]);
    expect(
      (await call({ url: `/prepaid-pay-bills/products?service_provider_id=${aire.id}` })).json().data,
    ).toEqual([]);
    expect((await call({ url: "/prepaid-pay-bills/products?service_provider_id=77" })).statusCode).toBe(404);
  });

  it("looks a bill up by POST /bills and GET /prepaid-pay-bills/bill, with the holder's name masked", async () => {
    const posted = await call({
      method: "POST",
      url: "/bills",
      payload: { service_provider_id: enel.id, reference_number: "1234567" },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const payer = successEnvelope(billPayer).parse(posted.json()).data;
    const bill = (await app.providers.bills.lookup(enel.id, "1234567"))!;
    const [first, last] = bill.customerName.split(" ");
    expect(payer).toMatchObject({
      service_provider_id: enel.id,
      service_provider: "Enel Colombia",
      reference_number: "1234567",
      balance: bill.balance,
      balance_currency_iso: "COP",
      currency_id: ids.COP,
      currency_to_id: ids.COP,
      country_from_id: ids.US,
      country_to_id: ids.CO,
      mobile_prefix: "+57",
      customer_name: `${Array.from(first!).slice(0, 2).join("")}••• ${Array.from(last!).slice(0, 2).join("")}•••`,
      due_date: bill.dueDate,
      partial_payment: true,
    });
    expect(posted.body).not.toContain(bill.customerName);
    const got = await call({
      url: `/prepaid-pay-bills/bill?service_provider_id=${enel.id}&reference_number=1234567`,
    });
    expect(got.json().data).toEqual(payer);
  });

  it("answers 404 for no bill (…0000) and an unknown biller, 422 for a malformed reference", async () => {
    const none = await call({
      method: "POST",
      url: "/bills",
      payload: { service_provider_id: enel.id, reference_number: "1230000" },
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(PURCHASE_MESSAGES.billNotFound);
    const unknown = await call({
      method: "POST",
      url: "/bills",
      payload: { service_provider_id: 4242, reference_number: "1234567" },
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await call({
      method: "POST",
      url: "/bills",
      payload: { service_provider_id: enel.id, reference_number: "12-AB-34" },
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.reference_number).toEqual([
      PURCHASE_MESSAGES.billReferenceFormat(enel.referenceExample),
    ]);
    const missing = await call({ method: "POST", url: "/bills", payload: { service_provider_id: enel.id } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.reference_number).toBeDefined();
    const paid = await call({
      method: "POST",
      url: "/bills",
      payload: { service_provider_id: enel.id, reference_number: "1239999" },
    });
    expect(paid.json().data).toMatchObject({ balance: "0.00", due_date: null });
  });

  it("counts lookups per user: sent together, exactly the limit pass and the rest are 429 with Retry-After", async () => {
    const caller = await signUp();
    const answers = await Promise.all(
      Array.from({ length: BILL_LOOKUP_LIMIT.max + 5 }, () =>
        call({
          method: "POST",
          url: "/bills",
          payload: { service_provider_id: aire.id, reference_number: "3456789" },
          auth: caller.token,
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(BILL_LOOKUP_LIMIT.max);
    expect(codes.filter((code) => code === 429)).toHaveLength(5);
    const limited = answers.find((answer) => answer.statusCode === 429)!;
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(800);
    expect(limited.json().message).toMatch(/Too many bill lookups/);
    const spanish = await call({
      url: `/prepaid-pay-bills/bill?service_provider_id=${aire.id}&reference_number=3456789`,
      auth: caller.token,
      language: "es",
    });
    expect(spanish.statusCode).toBe(429);
    expect(spanish.json().message).toMatch(/Demasiadas consultas/);
    // Another user is not affected; the window running out starts the count again.
    expect(
      (
        await call({
          method: "POST",
          url: "/bills",
          payload: { service_provider_id: aire.id, reference_number: "3456789" },
        })
      ).statusCode,
    ).toBe(200);
    await app.db
      .update(authThrottles)
      .set({ blockedUntil: sql`now() - interval '1 second'` })
      .where(
        and(eq(authThrottles.kind, BILL_LOOKUP_LIMIT.kind), eq(authThrottles.subject, String(caller.id))),
      );
    expect(
      (
        await call({
          method: "POST",
          url: "/bills",
          payload: { service_provider_id: aire.id, reference_number: "3456789" },
          auth: caller.token,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe("access", () => {
  const routes = (): Array<[Call, string]> => [
    [{ url: "/reload-phones/operators?country_id=1" }, "recharge"],
    [{ url: "/reload-phones/products?operator_id=101" }, "recharge"],
    [{ url: "/gift-cards/products" }, "giftcard"],
    [{ url: "/gift-cards/products/5001" }, "giftcard"],
    [{ url: "/prepaid-pay-bills/services?country_id=1" }, "paybill"],
    [{ url: `/prepaid-pay-bills/providers?country_id=${ids.CO}&service_type_id=1` }, "paybill"],
    [{ url: "/prepaid-pay-bills/products?service_provider_id=3501" }, "paybill"],
    [{ url: "/prepaid-pay-bills/bill?service_provider_id=3501&reference_number=1234567" }, "paybill"],
    [
      { method: "POST", url: "/bills", payload: { service_provider_id: 3501, reference_number: "1234567" } },
      "paybill",
    ],
  ];

  it("needs a session (401) and the service's permission (403)", async () => {
    const denied = await signUp();
    await app.db
      .update(users)
      .set({ permissions: { recharge: false, giftcard: false, paybill: false } })
      .where(eq(users.id, denied.id));
    const onlyRecharge = await signUp();
    await app.db
      .update(users)
      .set({ permissions: { recharge: false } })
      .where(eq(users.id, onlyRecharge.id));
    for (const [route, permission] of routes()) {
      expect((await call({ ...route, auth: null })).statusCode, route.url).toBe(401);
      const forbidden = await call({ ...route, auth: denied.token });
      expect(forbidden.statusCode, route.url).toBe(403);
      expect(forbidden.json().message).toBe(PURCHASE_MESSAGES.disabled);
      const other = await call({ ...route, auth: onlyRecharge.token });
      expect(other.statusCode, route.url).toBe(permission === "recharge" ? 403 : 200);
    }
    // A refused lookup is not counted.
    const [row] = await app.db
      .select()
      .from(authThrottles)
      .where(
        and(eq(authThrottles.kind, BILL_LOOKUP_LIMIT.kind), eq(authThrottles.subject, String(denied.id))),
      );
    expect(row).toBeUndefined();
  });
});

describe("resolve helpers", () => {
  it("resolveTopup: a FIXED product's own value, a RANGE amount within bounds, and each refusal on its field", async () => {
    const topups = app.providers.topups;
    const fixed = await resolveTopup(topups, {
      phone: "+52 55 1234 5678",
      operator_id: 101,
      product_id: 10104,
    });
    expect(fixed).toMatchObject({
      phone: { countryIso: "MX", operatorId: 101 },
      operator: { name: "Telcel" },
      faceValue: "100.00",
    });
    expect(
      (
        await resolveTopup(topups, {
          phone: "+525512345678",
          operator_id: 101,
          product_id: 10104,
          amount: "100",
        })
      ).faceValue,
    ).toBe("100.00");
    // Another operator of the same country may be chosen (portability).
    expect(
      (await resolveTopup(topups, { phone: "+525512345678", operator_id: 102, product_id: 10201 })).operator
        .name,
    ).toBe("AT&T Mexico");
    const range = await resolveTopup(topups, {
      phone: "+63 917 123 4567",
      operator_id: 801,
      product_id: 80101,
      amount: "250.5",
    });
    expect(range.faceValue).toBe("250.50");

    const cases: Array<[Parameters<typeof resolveTopup>[1], string, string]> = [
      [{ phone: "+52 1234", operator_id: 101, product_id: 10104 }, "phone", PURCHASE_MESSAGES.invalidPhone],
      [
        { phone: "+44 7911 123456", operator_id: 101, product_id: 10104 },
        "phone",
        PURCHASE_MESSAGES.unsupportedCountry,
      ],
      [
        { phone: "+525512345678", operator_id: 9999, product_id: 10104 },
        "operator_id",
        PURCHASE_MESSAGES.unknownOperator,
      ],
      [
        { phone: "+525512345678", operator_id: 501, product_id: 50101 },
        "operator_id",
        PURCHASE_MESSAGES.operatorCountry,
      ],
      [
        { phone: "+525512345678", operator_id: 101, product_id: 10201 },
        "product_id",
        PURCHASE_MESSAGES.productOperator,
      ],
      [
        { phone: "+525512345678", operator_id: 101, product_id: 77 },
        "product_id",
        PURCHASE_MESSAGES.unknownProduct,
      ],
      [
        { phone: "+525512345678", operator_id: 101, product_id: 10104, amount: "150" },
        "amount",
        PURCHASE_MESSAGES.amountNotDenomination("100.00"),
      ],
      [
        { phone: "+639171234567", operator_id: 801, product_id: 80101 },
        "amount",
        PURCHASE_MESSAGES.amountRequired,
      ],
      [
        { phone: "+639171234567", operator_id: 801, product_id: 80101, amount: "9.99" },
        "amount",
        PURCHASE_MESSAGES.belowRange("10.00", "PHP"),
      ],
      [
        { phone: "+639171234567", operator_id: 801, product_id: 80101, amount: "1000.01" },
        "amount",
        PURCHASE_MESSAGES.aboveRange("1000.00", "PHP"),
      ],
      [
        { phone: "+639171234567", operator_id: 801, product_id: 80101, amount: "20.001" },
        "amount",
        "Enter the amount with at most 2 decimals.",
      ],
    ];
    for (const [request, field, message] of cases) {
      const error = await refusal(resolveTopup(topups, request));
      expect(error.statusCode, JSON.stringify(request)).toBe(422);
      expect(error.errors, JSON.stringify(request)).toEqual({ [field]: [message] });
    }
  });

  it("resolveGiftCard: a denomination or an amount in range, sold in the sender's country", async () => {
    const cards = app.providers.giftcards;
    expect(
      await resolveGiftCard(cards, { product_id: 5002, amount: "25", senderCountryIso: "US" }),
    ).toMatchObject({ faceValue: "25.00", product: { brand: "Amazon.es" } });
    expect(
      (await resolveGiftCard(cards, { product_id: 5001, amount: "12.34", senderCountryIso: "es" })).faceValue,
    ).toBe("12.34");
    const cases: Array<[Parameters<typeof resolveGiftCard>[1], string, string]> = [
      [
        { product_id: 1, amount: "25", senderCountryIso: "US" },
        "product_id",
        PURCHASE_MESSAGES.unknownProduct,
      ],
      [
        { product_id: 5004, amount: "25", senderCountryIso: "ES" },
        "product_id",
        PURCHASE_MESSAGES.giftCardCountry,
      ],
      [
        { product_id: 5004, amount: "25", senderCountryIso: null },
        "product_id",
        PURCHASE_MESSAGES.giftCardCountry,
      ],
      [
        { product_id: 5002, amount: "20", senderCountryIso: "US" },
        "amount",
        PURCHASE_MESSAGES.amountNotDenomination("10.00, 25.00, 50.00, 100.00"),
      ],
      [
        { product_id: 5001, amount: "0.50", senderCountryIso: "US" },
        "amount",
        PURCHASE_MESSAGES.belowRange("1.00", "USD"),
      ],
      [
        { product_id: 5001, amount: "2000.01", senderCountryIso: "US" },
        "amount",
        PURCHASE_MESSAGES.aboveRange("2000.00", "USD"),
      ],
    ];
    for (const [request, field, message] of cases) {
      const error = await refusal(resolveGiftCard(cards, request));
      expect(error.errors, JSON.stringify(request)).toEqual({ [field]: [message] });
    }
  });

  it("resolveBill: plans, the balance by default, part payments only where allowed, paid and missing bills", async () => {
    const bills = app.providers.bills;
    const enelBill = (await bills.lookup(enel.id, "4567890"))!;
    const payPlan = enel.id * 10 + 1;
    const packPlan = enel.id * 10 + 2;
    expect(
      await resolveBill(bills, {
        service_provider_id: enel.id,
        reference_number: "4567890",
        product_id: payPlan,
      }),
    ).toMatchObject({
      plan: { id: payPlan, amount: null },
      faceValue: enelBill.balance,
      bill: { balance: enelBill.balance },
    });
    expect(
      (
        await resolveBill(bills, {
          service_provider_id: enel.id,
          reference_number: "4567890",
          product_id: payPlan,
          amount: "1000",
        })
      ).faceValue,
    ).toBe("1000.00");
    expect(
      (
        await resolveBill(bills, {
          service_provider_id: enel.id,
          reference_number: "4567890",
          product_id: packPlan,
        })
      ).faceValue,
    ).toBe("20000.00");
    // A prepaid pack is bought whatever the balance.
    expect(
      (
        await resolveBill(bills, {
          service_provider_id: enel.id,
          reference_number: "1239999",
          product_id: packPlan,
        })
      ).faceValue,
    ).toBe("20000.00");
    const aireBill = (await bills.lookup(aire.id, "5678901"))!;
    expect(
      await resolveBill(bills, { service_provider_id: aire.id, reference_number: "5678901" }),
    ).toMatchObject({ plan: null, faceValue: aireBill.balance });

    const above = (balance: string) => `${BigInt(balance.split(".")[0]!) + 1n}.00`;
    const cases: Array<[Parameters<typeof resolveBill>[1], string, string]> = [
      [
        { service_provider_id: 1, reference_number: "1234567" },
        "service_provider_id",
        PURCHASE_MESSAGES.unknownProvider,
      ],
      [
        { service_provider_id: enel.id, reference_number: "12" },
        "reference_number",
        PURCHASE_MESSAGES.billReferenceFormat("1234567"),
      ],
      [
        { service_provider_id: enel.id, reference_number: "4567890" },
        "product_id",
        PURCHASE_MESSAGES.planRequired,
      ],
      [
        { service_provider_id: enel.id, reference_number: "4567890", product_id: 39061 },
        "product_id",
        PURCHASE_MESSAGES.planProvider,
      ],
      [
        { service_provider_id: aire.id, reference_number: "5678901", product_id: payPlan },
        "product_id",
        PURCHASE_MESSAGES.planProvider,
      ],
      [
        { service_provider_id: enel.id, reference_number: "4567890", product_id: packPlan, amount: "30000" },
        "amount",
        PURCHASE_MESSAGES.amountNotDenomination("20000.00"),
      ],
      [
        {
          service_provider_id: enel.id,
          reference_number: "4567890",
          product_id: payPlan,
          amount: above(enelBill.balance),
        },
        "amount",
        PURCHASE_MESSAGES.aboveBalanceAny(enelBill.balance, "COP"),
      ],
      [
        { service_provider_id: aire.id, reference_number: "5678901", amount: above(aireBill.balance) },
        "amount",
        PURCHASE_MESSAGES.aboveBalance(aireBill.balance, "COP"),
      ],
      [
        { service_provider_id: aire.id, reference_number: "5678901", amount: "100" },
        "amount",
        PURCHASE_MESSAGES.aboveBalance(aireBill.balance, "COP"),
      ],
      [
        { service_provider_id: enel.id, reference_number: "1239999", product_id: payPlan },
        "reference_number",
        PURCHASE_MESSAGES.billPaid,
      ],
      [
        { service_provider_id: aire.id, reference_number: "1239999" },
        "reference_number",
        PURCHASE_MESSAGES.billPaid,
      ],
      [
        { service_provider_id: aire.id, reference_number: "5678901", amount: "10.555" },
        "amount",
        "Enter the amount with at most 2 decimals.",
      ],
    ];
    for (const [request, field, message] of cases) {
      const error = await refusal(resolveBill(bills, request));
      expect(error.statusCode, JSON.stringify(request)).toBe(422);
      expect(error.errors, JSON.stringify(request)).toEqual({ [field]: [message] });
    }
    const missing = await refusal(
      resolveBill(bills, { service_provider_id: aire.id, reference_number: "1230000" }),
    );
    expect(missing).toMatchObject({ statusCode: 404, message: PURCHASE_MESSAGES.billNotFound });
  });
});
