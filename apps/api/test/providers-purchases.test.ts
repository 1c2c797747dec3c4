import { createHmac } from "node:crypto";
import { compareAmounts, countDecimals, fromMinor, toMinor } from "@vela/shared/decimal";
import { sql } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/client";
import { BILL_PLANS, BILL_PROVIDERS } from "../src/providers/bills/bill-catalogue";
import { BILL_FAILURES, originalBalanceMinor } from "../src/providers/bills/sandbox-bills";
import { GIFT_CARD_PRODUCTS } from "../src/providers/giftcards/giftcard-catalogue";
import { GIFTCARD_FAILURES, sandboxRedeemCode } from "../src/providers/giftcards/sandbox-giftcards";
import { costOf } from "../src/providers/purchases/sandbox-fulfilments";
import { TOPUP_FAILURES } from "../src/providers/topups/sandbox-topups";
import { TOPUP_COUNTRIES, TOPUP_OPERATORS, TOPUP_PREFIXES } from "../src/providers/topups/topup-catalogue";
import { buildTestApp, type TestApp } from "./helper";

// The three purchase aggregators' sandboxes (issue 11): their catalogues, number detection, the
// test values (operator down, out of stock, no bill, a paid bill), idempotent submits by our
// reference, the cost (face value less commission, rounded down) and codes derived, not stored.
let app: TestApp;
const SECRET = "providers-test-secret-0123456789";

beforeAll(async () => {
  app = await buildTestApp({ SANDBOX_WEBHOOK_SECRET: SECRET, SANDBOX_SWEEP_SECONDS: "0" });
});
afterAll(async () => {
  await app?.close();
});

let counter = 0;
const ref = (prefix: string) => `${prefix}-${process.pid}-${++counter}`;

describe("catalogue data", () => {
  it("covers every country where top-ups are offered, with real operators and products in the local currency", async () => {
    const offered = await queryRows<{ iso2: string }>(
      app.db,
      sql`select c.iso2 from country_services s join countries c on c.id = s.country_id
          where s.service = 'reload-phones' and s.direction = 'to'`,
    );
    const served = await app.providers.topups.countries();
    expect(offered.map((row) => row.iso2).sort()).toEqual([...served].sort());
    for (const iso of ["MX", "GT", "SV", "HN", "CO", "DO", "PE", "PH", "IN", "NG", "KE", "US"]) {
      expect(served).toContain(iso);
      const operators = await app.providers.topups.operators(iso);
      expect(operators.length).toBeGreaterThanOrEqual(2);
    }
    const names = TOPUP_OPERATORS.map((operator) => operator.name);
    for (const name of ["Telcel", "AT&T Mexico", "Movistar Colombia", "Claro Colombia", "Tigo Guatemala"]) {
      expect(names).toContain(name);
    }
    const ids = new Set<number>();
    for (const operator of TOPUP_OPERATORS) {
      expect(operator.logoUrl).toMatch(/^data:image\/svg\+xml;base64,/);
      for (const product of operator.products) {
        expect(ids.has(product.id)).toBe(false);
        ids.add(product.id);
        expect(product.currencyIso).toBe(operator.currencyIso);
        if (product.type === "FIXED") expect(product.amount).not.toBeNull();
        else expect(compareAmounts(product.min!, product.max!)).toBe(-1);
      }
    }
    expect(TOPUP_OPERATORS.some((operator) => operator.products.some((p) => p.kind === "data"))).toBe(true);
    expect(TOPUP_OPERATORS.some((operator) => operator.products.some((p) => p.type === "RANGE"))).toBe(true);
    expect(TOPUP_COUNTRIES.every((iso) => TOPUP_PREFIXES[iso] !== undefined)).toBe(true);
  });

  it("lists gift cards with values, instructions and sender countries, and bills with Colombia's two kinds of biller", async () => {
    expect(GIFT_CARD_PRODUCTS.length).toBeGreaterThanOrEqual(15);
    const brands = GIFT_CARD_PRODUCTS.map((product) => product.brand);
    for (const brand of [
      "Amazon.com",
      "Amazon.es",
      "Netflix",
      "Spotify",
      "Google Play",
      "Apple",
      "Steam",
      "Uber",
      "Walmart México",
      "Liverpool",
      "Zara",
    ]) {
      expect(brands).toContain(brand);
    }
    for (const product of GIFT_CARD_PRODUCTS) {
      expect(product.soldIn.length).toBeGreaterThan(0);
      expect(product.redeemInstructions.length).toBeGreaterThan(10);
      if (product.type === "FIXED") expect(product.denominations.length).toBeGreaterThan(0);
      else expect(product.min && product.max).toBeTruthy();
    }
    expect(GIFT_CARD_PRODUCTS.some((product) => product.hasPin)).toBe(true);

    const bills = app.providers.bills;
    expect((await bills.countries()).sort()).toEqual([
      "CO",
      "DO",
      "EC",
      "GT",
      "HN",
      "IN",
      "MX",
      "PE",
      "PH",
      "SV",
    ]);
    const services = await bills.services("CO");
    expect(services.map((service) => service.slug)).toEqual([
      "electricity",
      "water",
      "internet",
      "tv",
      "phone",
      "gas",
    ]);
    const electricity = await bills.providers("CO", services[0]!.serviceTypeId);
    const enel = electricity.find((provider) => provider.name === "Enel Colombia")!;
    const aire = electricity.find((provider) => provider.name === "Air-e")!;
    expect(enel).toMatchObject({ hasPlans: true, partialPayment: true, currencyIso: "COP" });
    expect(aire).toMatchObject({ hasPlans: false, partialPayment: false });
    const plans = await bills.plans(enel.id);
    expect(plans[0]).toMatchObject({ name: "Pay your bill", amount: null });
    expect(plans.slice(1).every((plan) => plan.amount !== null)).toBe(true);
    expect(await bills.plans(aire.id)).toEqual([]);
    expect(
      BILL_PROVIDERS.filter((provider) => provider.hasPlans).every((provider) =>
        BILL_PLANS.some((plan) => plan.providerId === provider.id),
      ),
    ).toBe(true);
  });
});

describe("sandbox top-ups", () => {
  it("detects +52 55 1234 5678 as a Mexican Telcel number, and national numbers with a default country", async () => {
    const detected = await app.providers.topups.detect("+52 55 1234 5678");
    expect(detected).toEqual({
      e164: "+525512345678",
      callingCode: "+52",
      nationalNumber: "5512345678",
      countryIso: "MX",
      formatted: "+52 55 1234 5678",
      operatorId: 101,
    });
    expect((await app.providers.topups.operator(101))?.name).toBe("Telcel");
    expect((await app.providers.topups.detect("300 123 4567", "CO"))?.operatorId).toBe(503);
    expect((await app.providers.topups.detect("+57 310 123 4567"))?.operatorId).toBe(501);
    expect((await app.providers.topups.detect("+63 917 123 4567"))?.operatorId).toBe(801);
    expect((await app.providers.topups.detect("+234 803 123 4567"))?.operatorId).toBe(1001);
    // Area codes say nothing of a US carrier: valid, but no guess.
    expect(await app.providers.topups.detect("+1 213 373 4253")).toMatchObject({
      countryIso: "US",
      operatorId: null,
    });
  });

  it("refuses invalid numbers, fixed lines and national numbers without a country", async () => {
    for (const phone of ["+52 1234", "+999 5551234567", "hello", "+57 601 234 5678", "5512345678", ""]) {
      expect(await app.providers.topups.detect(phone), phone).toBeNull();
    }
    // +57 601… is a Bogotá landline: valid, but not a number one tops up.
    expect(parsePhoneNumberFromString("+57 601 234 5678")?.getType()).toBe("FIXED_LINE");
  });

  it("delivers at once with the cost less the commission, and answers a repeated submit with the same purchase", async () => {
    const topups = app.providers.topups;
    const telcel = (await topups.operator(101))!;
    const product = telcel.products.find((item) => item.amount === "100.00")!;
    const reference = ref("tu");
    const request = {
      reference,
      amountMinor: 10_000n,
      currencyIso: "MXN",
      operatorId: 101,
      productId: product.id,
      phone: "+525512345678",
    };
    const first = await topups.submit(request);
    expect(first).toMatchObject({
      provider: "sandbox-topups",
      status: "delivered",
      failureCode: null,
      costMinor: 10_000n - 500n, // 5 % commission
      costCurrencyIso: "MXN",
    });
    expect(first.confirmation).toMatch(/^TOPUP-[0-9A-F]{12}$/);
    const again = await topups.submit({ ...request, phone: "+525512340000" });
    expect(again).toEqual(first);
    expect(await topups.get(first.transactionId)).toEqual(first);
    expect(await topups.get("tu_nothing")).toBeNull();
    const [count] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from sandbox_fulfilments where reference = ${reference}`,
    );
    expect(count!.n).toBe(1);
  });

  it("answers concurrent submits of one reference with one purchase", async () => {
    const reference = ref("tu");
    const telcel = (await app.providers.topups.operator(101))!;
    const request = {
      reference,
      amountMinor: 2_000n,
      currencyIso: "MXN",
      operatorId: 101,
      productId: telcel.products[0]!.id,
      phone: "+525512345678",
    };
    const answers = await Promise.all(Array.from({ length: 6 }, () => app.providers.topups.submit(request)));
    expect(new Set(answers.map((answer) => answer.transactionId)).size).toBe(1);
  });

  it("fails a number ending in 0000 (operator down) and charges nothing", async () => {
    const state = await app.providers.topups.submit({
      reference: ref("tu"),
      amountMinor: 10_000n,
      currencyIso: "MXN",
      operatorId: 101,
      productId: 10104,
      phone: "+52 55 1234 0000",
    });
    expect(state).toMatchObject({
      status: "failed",
      failureCode: "OPERATOR_DOWN",
      failureMessage: "The operator is not taking top-ups right now.",
      costMinor: 0n,
      confirmation: null,
    });
    expect(TOPUP_FAILURES.OPERATOR_DOWN).toBe(state.failureMessage);
  });

  it("refuses a submit of another country's number, an unknown product or the wrong currency", async () => {
    const base = {
      amountMinor: 10_000n,
      currencyIso: "MXN",
      operatorId: 101,
      productId: 10104,
      phone: "+525512345678",
    };
    await expect(
      app.providers.topups.submit({ ...base, reference: ref("tu"), phone: "+573001234567" }),
    ).rejects.toMatchObject({ statusCode: 422 });
    await expect(
      app.providers.topups.submit({ ...base, reference: ref("tu"), productId: 50101 }),
    ).rejects.toMatchObject({ statusCode: 422 });
    await expect(
      app.providers.topups.submit({ ...base, reference: ref("tu"), currencyIso: "USD" }),
    ).rejects.toMatchObject({ statusCode: 422 });
  });
});

describe("sandbox gift cards", () => {
  const amazon = GIFT_CARD_PRODUCTS.find((product) => product.brand === "Amazon.com")!;
  const walmart = GIFT_CARD_PRODUCTS.find((product) => product.brand === "Walmart México")!;

  it("filters by country, category and a search that ignores case and accents", async () => {
    const cards = app.providers.giftcards;
    expect((await cards.products({ countryIso: "mx" })).map((product) => product.brand).sort()).toEqual([
      "Liverpool",
      "Uber",
      "Walmart México",
    ]);
    expect(
      (await cards.products({ category: "gaming" })).every((product) => product.category === "gaming"),
    ).toBe(true);
    expect((await cards.products({ search: "walmart mexico" })).map((product) => product.id)).toEqual([
      walmart.id,
    ]);
    expect((await cards.products({ search: "AMAZON" })).length).toBe(3);
    expect(await cards.product(999_999)).toBeNull();
  });

  it("issues a card with a code derived from the transaction id (and a PIN where the brand has one)", async () => {
    const cards = app.providers.giftcards;
    const base = { recipientName: "Ana López", recipientEmail: "ana@example.com" };
    const plain = await cards.submit({
      ...base,
      reference: ref("gc"),
      amountMinor: 5_000n,
      currencyIso: "USD",
      productId: amazon.id,
    });
    expect(plain).toMatchObject({ status: "delivered", costMinor: 5_000n - 125n, costCurrencyIso: "USD" });
    const code = await cards.redeemCode(plain.transactionId);
    expect(code).toEqual(sandboxRedeemCode(SECRET, plain.transactionId, false));
    expect(code!.code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(code!.pin).toBeNull();
    expect(await cards.redeemCode(plain.transactionId)).toEqual(code);

    const withPin = await cards.submit({
      ...base,
      reference: ref("gc"),
      amountMinor: 50_000n,
      currencyIso: "MXN",
      productId: walmart.id,
    });
    const pinned = await cards.redeemCode(withPin.transactionId);
    expect(pinned!.pin).toMatch(/^\d{6}$/);
    expect(pinned!.code).not.toBe(code!.code);
    // A different secret gives a different code: it is derived, not random and not stored.
    expect(sandboxRedeemCode("another-secret-0123456789", withPin.transactionId, true)).not.toEqual(pinned);
    const digest = createHmac("sha256", SECRET).update(`giftcard:${withPin.transactionId}`).digest();
    expect(pinned!.pin).toBe(String(digest.readUInt32BE(16) % 1_000_000).padStart(6, "0"));
    const columns = await queryRows<{ column_name: string }>(
      app.db,
      sql`select column_name from information_schema.columns where table_name = 'sandbox_fulfilments'`,
    );
    expect(columns.map((column) => column.column_name)).not.toContain("code");
  });

  it("fails a recipient out-of-stock@… (no code) and answers the same purchase for a repeated reference", async () => {
    const cards = app.providers.giftcards;
    const reference = ref("gc");
    const request = {
      reference,
      amountMinor: 2_500n,
      currencyIso: "USD",
      productId: amazon.id,
      recipientName: "X",
      recipientEmail: "Out-Of-Stock@Example.com",
    };
    const failed = await cards.submit(request);
    expect(failed).toMatchObject({
      status: "failed",
      failureCode: "OUT_OF_STOCK",
      failureMessage: GIFTCARD_FAILURES.OUT_OF_STOCK,
      costMinor: 0n,
    });
    expect(failed.failureMessage).toBe("This gift card is out of stock right now.");
    expect(await cards.redeemCode(failed.transactionId)).toBeNull();
    expect(await cards.submit({ ...request, recipientEmail: "fine@example.com" })).toEqual(failed);
    expect(await cards.redeemCode("gc_unknown")).toBeNull();
  });
});

describe("sandbox bills", () => {
  const enel = BILL_PROVIDERS.find((provider) => provider.name === "Enel Colombia")!;
  const aire = BILL_PROVIDERS.find((provider) => provider.name === "Air-e")!;
  const pack = BILL_PLANS.find((plan) => plan.providerId === enel.id && plan.amount === "20000.00")!;
  const payBill = BILL_PLANS.find((plan) => plan.providerId === enel.id && plan.amount === null)!;

  it("derives a bill from the reference: deterministic, in range, with a holder and a due date", async () => {
    const bill = await app.providers.bills.lookup(enel.id, "1234567");
    expect(bill).toMatchObject({ providerId: enel.id, referenceNumber: "1234567", currencyIso: "COP" });
    expect(await app.providers.bills.lookup(enel.id, "1234567")).toEqual(bill);
    expect(countDecimals(bill!.balance)).toBe(2);
    expect(compareAmounts(bill!.balance, "50000")).toBeGreaterThanOrEqual(0);
    expect(compareAmounts(bill!.balance, "400000")).toBeLessThanOrEqual(0);
    expect(bill!.balance.endsWith(".00")).toBe(true);
    expect(bill!.customerName).toMatch(/^\S+ \S+$/);
    expect(bill!.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await app.providers.bills.lookup(enel.id, "7654321")).not.toEqual(bill);
  });

  it("has no bill for a reference ending in 0000, a paid one for 9999, and none for a malformed reference", async () => {
    const bills = app.providers.bills;
    expect(await bills.lookup(enel.id, "1230000")).toBeNull();
    expect(await bills.lookup(enel.id, "12A4567")).toBeNull();
    expect(await bills.lookup(999_999, "1234567")).toBeNull();
    expect(await bills.lookup(enel.id, "1239999")).toMatchObject({ balance: "0.00", dueDate: null });
    const paid = await bills.submit({
      reference: ref("bp"),
      amountMinor: 1_000_000n,
      currencyIso: "COP",
      providerId: enel.id,
      referenceNumber: "1239999",
      planId: payBill.id,
    });
    expect(paid).toMatchObject({ status: "failed", failureCode: "BILL_ALREADY_PAID", costMinor: 0n });
    expect(paid.failureMessage).toBe("This bill is already paid.");
    const missing = await bills.submit({
      reference: ref("bp"),
      amountMinor: 1_000_000n,
      currencyIso: "COP",
      providerId: enel.id,
      referenceNumber: "1230000",
      planId: payBill.id,
    });
    expect(missing).toMatchObject({ status: "failed", failureCode: "BILL_NOT_FOUND" });
  });

  it("takes delivered payments off the balance; a prepaid pack leaves it; overpaying fails", async () => {
    const bills = app.providers.bills;
    const referenceNumber = "2345678";
    const original = originalBalanceMinor(enel, referenceNumber);
    expect(fromMinor(original, 2)).toBe((await bills.lookup(enel.id, referenceNumber))!.balance);
    const part = await bills.submit({
      reference: ref("bp"),
      amountMinor: 1_000_000n,
      currencyIso: "COP",
      providerId: enel.id,
      referenceNumber,
      planId: payBill.id,
    });
    expect(part).toMatchObject({ status: "delivered", costMinor: 1_000_000n - 15_000n });
    expect(part.confirmation).toMatch(/^RCPT-/);
    expect(toMinor((await bills.lookup(enel.id, referenceNumber))!.balance, 2)).toBe(original - 1_000_000n);

    const packState = await bills.submit({
      reference: ref("bp"),
      amountMinor: 2_000_000n,
      currencyIso: "COP",
      providerId: enel.id,
      referenceNumber,
      planId: pack.id,
    });
    expect(packState.status).toBe("delivered");
    expect(toMinor((await bills.lookup(enel.id, referenceNumber))!.balance, 2)).toBe(original - 1_000_000n);

    const over = await bills.submit({
      reference: ref("bp"),
      amountMinor: original,
      currencyIso: "COP",
      providerId: enel.id,
      referenceNumber,
      planId: payBill.id,
    });
    expect(over).toMatchObject({
      status: "failed",
      failureCode: "AMOUNT_ABOVE_BALANCE",
      failureMessage: BILL_FAILURES.AMOUNT_ABOVE_BALANCE,
    });
    const rest = await bills.submit({
      reference: ref("bp"),
      amountMinor: original - 1_000_000n,
      currencyIso: "COP",
      providerId: enel.id,
      referenceNumber,
      planId: payBill.id,
    });
    expect(rest.status).toBe("delivered");
    expect((await bills.lookup(enel.id, referenceNumber))!.balance).toBe("0.00");
    const late = await bills.submit({
      reference: ref("bp"),
      amountMinor: 100n,
      currencyIso: "COP",
      providerId: enel.id,
      referenceNumber,
      planId: payBill.id,
    });
    expect(late.failureCode).toBe("BILL_ALREADY_PAID");
  });

  it("refuses part payments where the biller takes only the full balance, and a plan of another biller", async () => {
    const bills = app.providers.bills;
    const bill = (await bills.lookup(aire.id, "3456789"))!;
    const balanceMinor = toMinor(bill.balance, 2);
    const part = await bills.submit({
      reference: ref("bp"),
      amountMinor: balanceMinor - 100n,
      currencyIso: "COP",
      providerId: aire.id,
      referenceNumber: "3456789",
      planId: null,
    });
    expect(part.failureCode).toBe("PARTIAL_NOT_ALLOWED");
    const full = await bills.submit({
      reference: ref("bp"),
      amountMinor: balanceMinor,
      currencyIso: "COP",
      providerId: aire.id,
      referenceNumber: "3456789",
      planId: null,
    });
    expect(full).toMatchObject({ status: "delivered", costMinor: costOf(balanceMinor, aire.commissionBps) });
    await expect(
      bills.submit({
        reference: ref("bp"),
        amountMinor: 100n,
        currencyIso: "COP",
        providerId: aire.id,
        referenceNumber: "3456789",
        planId: pack.id,
      }),
    ).rejects.toMatchObject({ statusCode: 422 });
  });
});

describe("cost", () => {
  it("is the face value less the commission, rounded down to minor units", () => {
    expect(costOf(10_000n, 500)).toBe(9_500n);
    expect(costOf(999n, 250)).toBe(999n - 25n); // 24.975 of commission rounds up to 25
    expect(costOf(1n, 1)).toBe(0n);
    expect(costOf(12_345n, 0)).toBe(12_345n);
  });
});
