import { addAmounts } from "@vela/shared/decimal";
import { paymentMethodOffer, quotationPaymentSummary } from "@vela/shared/payments";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { quotations } from "../src/db/schema/index";
import { offeredMethods } from "../src/payments/methods";
import { appForThisFile, parsedData } from "./helper";
import { type paymentKit as Kit, METHOD, paymentKit, TEST_CARDS } from "./payments-support";

// The payment methods catalogue per quotation (corridor and amount, spec slugs, fees from pricing),
// choosing a method (PUT quotations/payment-method re-prices the quotation with it) and attaching a
// saved card (PUT payments/add-payment-method), with every refusal in the spec's error shape.
let kit: Awaited<ReturnType<typeof Kit>>;

const app = appForThisFile();

beforeAll(async () => {
  kit = await paymentKit(app);
});

const offersOf = async (quotationId: number, token?: string) => {
  const response = await kit.call({ url: `/payments/payment-methods/${quotationId}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return z.array(paymentMethodOffer).parse(response.json().data);
};

describe("GET /payments/payment-methods/{quotation_id}", () => {
  it("offers cards, bank transfer (ACH, domestic wire, SWIFT) and PayPal for 250 USD from the US, each with its fee", async () => {
    const quotation = await kit.quote();
    const offers = await offersOf(quotation.id);
    expect(offers.map((offer) => offer.slug)).toEqual([
      "credit-and-debit-card-methods",
      "bank-transfer",
      "authorize-paypal",
    ]);
    const card = offers.find((offer) => offer.id === METHOD.card)!;
    expect(card).toMatchObject({
      intermediate_step: false,
      url: "authorize-credit-card",
      fee_currency: "USD",
      payment_currency_iso: "USD",
      payment_currency_id: kit.ids.USD,
      sub_methods: [],
    });
    const bank = offers.find((offer) => offer.id === METHOD.bankTransfer)!;
    expect(bank.intermediate_step).toBe(true);
    expect(bank.url).toBeNull();
    expect(bank.sub_methods.map((sub) => [sub.slug, sub.url])).toEqual([
      ["ach-transfer", "debit-bank-account"],
      ["domestic-wire-transfer-usa", "bank-transfer"],
      ["international-swift-transfer", "bank-transfer"],
    ]);
    // The quotation was priced by bank transfer: that is its fee; cards cost 1.5 % more.
    expect(bank.sub_methods[1]!.fee).toBe(quotation.vela_fee_amount);
    expect(Number(card.fee)).toBeGreaterThan(Number(bank.fee));
    expect(bank.fee).toBe(bank.sub_methods.map((sub) => sub.fee).sort((a, b) => Number(a) - Number(b))[0]);
  });

  it("offers SEPA and Praxis in euros from Spain, not ACH or the US wire", async () => {
    const quotation = await kit.quote({ from: "ES", currencyFrom: "EUR" });
    const offers = await offersOf(quotation.id);
    expect(offers.map((offer) => offer.slug)).toEqual([
      "credit-and-debit-card-methods",
      "bank-transfer",
      "praxis",
      "authorize-paypal",
    ]);
    const bank = offers.find((offer) => offer.id === METHOD.bankTransfer)!;
    expect(bank.sub_methods.map((sub) => sub.slug)).toEqual([
      "international-swift-transfer",
      "sepa-transfer-eur",
    ]);
    expect(offers.every((offer) => offer.fee_currency === "EUR")).toBe(true);
  });

  it("leaves cards and PayPal out above their ceilings and the wires out below 100", async () => {
    const large = await kit.quote({ amount: "6000.00" });
    expect((await offersOf(large.id)).map((offer) => offer.slug)).toEqual(["bank-transfer"]);
    const small = await kit.quote({ amount: "20.00" });
    const bank = (await offersOf(small.id)).find((offer) => offer.id === METHOD.bankTransfer)!;
    expect(bank.sub_methods.map((sub) => sub.slug)).toEqual(["ach-transfer"]);
  });

  it("offers d24 from Latin American origins and EFT in Canadian dollars (the catalogue's rules)", () => {
    const slugs = (context: Parameters<typeof offeredMethods>[0]) =>
      offeredMethods(context).flatMap(({ method, subMethods }) => [
        method.slug,
        ...subMethods.map((s) => s.slug),
      ]);
    expect(
      slugs({ service: "consignments", countryFromIso: "BR", currencyIso: "USD", amountPaid: 100 }),
    ).toContain("d24");
    expect(
      slugs({ service: "consignments", countryFromIso: "US", currencyIso: "USD", amountPaid: 100 }),
    ).not.toContain("d24");
    expect(
      slugs({ service: "consignments", countryFromIso: "CA", currencyIso: "CAD", amountPaid: 100 }),
    ).toContain("electronic-funds-transfer");
    expect(
      slugs({ service: "wallet-convert", countryFromIso: null, currencyIso: "USD", amountPaid: 100 }),
    ).toEqual(["wallet"]);
  });

  it("names the methods in Spanish when asked (language: es)", async () => {
    const quotation = await kit.quote();
    const response = await kit.call({
      url: `/payments/payment-methods/${quotation.id}`,
      headers: { language: "es" },
    });
    expect(response.statusCode).toBe(200);
    const offers = z.array(paymentMethodOffer).parse(response.json().data);
    expect(offers[0]!.name).toBe("Tarjeta de crédito o débito");
    expect(offers[1]!.sub_methods[0]!.name).toBe("Transferencia ACH");
  });

  it("answers 404 for another user's quotation and for one that does not exist", async () => {
    const quotation = await kit.quote();
    const foreign = await kit.call({
      url: `/payments/payment-methods/${quotation.id}`,
      token: kit.other.token,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, message: "Quotation not found." });
    expect((await kit.call({ url: "/payments/payment-methods/999999" })).statusCode).toBe(404);
    expect((await kit.call({ url: "/payments/payment-methods/abc" })).statusCode).toBe(422);
  });
});

describe("PUT /quotations/payment-method/{id}", () => {
  it("re-prices the quotation with the card fee at its locked rate and records the choice", async () => {
    const quotation = await kit.quote();
    const [before] = await app.db.select().from(quotations).where(eq(quotations.id, quotation.id));
    const card = (await offersOf(quotation.id)).find((offer) => offer.id === METHOD.card)!;
    const response = await kit.choose(quotation.id, METHOD.card);
    const summary = parsedData(response, 200, quotationPaymentSummary);
    expect(summary).toMatchObject({
      id: quotation.id,
      payment_method: "credit-and-debit-card-methods",
      payment_type_id: METHOD.card,
      payment_method_slug: "credit-and-debit-card-methods",
      payment_method_name: "Credit or debit card",
      payment_profile_id: null,
      vela_fee_amount: card.fee,
      amount_paid: addAmounts("250.00", card.fee),
      rate: quotation.rate,
      expires_at: quotation.expires_at,
      send_amount: "250.00",
    });
    const [after] = await app.db.select().from(quotations).where(eq(quotations.id, quotation.id));
    expect(after).toMatchObject({
      paymentTypeId: METHOD.card,
      paymentMethodSlug: "credit-and-debit-card-methods",
      customerRate: before!.customerRate,
      expiresAt: before!.expiresAt,
    });
    // GET /quotations/{id} answers the same price afterwards.
    const again = await kit.call({ url: `/quotations/${quotation.id}` });
    expect(again.json().data.amount_paid).toBe(summary.amount_paid);
  });

  it("takes a sub-method for bank transfer and prices it (ACH)", async () => {
    const quotation = await kit.quote();
    const response = await kit.choose(quotation.id, METHOD.bankTransfer, { sub: METHOD.ach });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      payment_type_id: METHOD.ach,
      payment_method_slug: "ach-transfer",
      payment_method: "ach-transfer",
    });
  });

  it("takes a sub-method's own id as payment_type_id (11: ACH under bank transfer)", async () => {
    const quotation = await kit.quote();
    const response = await kit.choose(quotation.id, METHOD.ach);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      payment_type_id: METHOD.ach,
      payment_method_slug: "ach-transfer",
    });
  });

  it("refuses what is not offered, a missing sub-method, a wrong url, currency or country (422, nothing changed)", async () => {
    const quotation = await kit.quote();
    const cases: [Parameters<typeof kit.choose>, string][] = [
      [[quotation.id, METHOD.praxis], "payment_type_id"],
      [[quotation.id, 99, { url: "authorize-credit-card" }], "payment_type_id"],
      [[quotation.id, METHOD.bankTransfer], "payment_sub_type_id"],
      [[quotation.id, METHOD.bankTransfer, { sub: METHOD.sepa }], "payment_sub_type_id"],
      [[quotation.id, METHOD.card, { url: "paypal" }], "url"],
      [[quotation.id, METHOD.card, { url: "nonsense" }], "url"],
      [[quotation.id, METHOD.card, { currency: "EUR" }], "payment_currency_id"],
      [[quotation.id, METHOD.card, { country: "MX" }], "country_iso"],
    ];
    for (const [args, field] of cases) {
      const response = await kit.choose(...args);
      expect(response.statusCode, JSON.stringify(args)).toBe(422);
      expect(response.json().success).toBe(false);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
    const [row] = await app.db.select().from(quotations).where(eq(quotations.id, quotation.id));
    expect(row!.paymentTypeId).toBeNull();
    expect(row!.paymentMethod).toBe("bank-transfer");
  });

  it("answers 404 for another user's quotation and 409 for an expired or used one", async () => {
    const quotation = await kit.quote();
    const foreign = await kit.choose(quotation.id, METHOD.card, { token: kit.other.token });
    expect(foreign.statusCode).toBe(404);
    await kit.expire(quotation.id);
    const expired = await kit.choose(quotation.id, METHOD.card);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toMatch(/expired/);
    const used = await kit.quote();
    await app.db.update(quotations).set({ status: "used" }).where(eq(quotations.id, used.id));
    const answer = await kit.choose(used.id, METHOD.card);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toMatch(/already used/);
  });
});

describe("PUT /payments/add-payment-method", () => {
  it("attaches a saved card to a card quotation; refuses another user's card (404) and a card for ACH (422)", async () => {
    const token = await kit.cardToken(TEST_CARDS.approve);
    const saved = await kit.call({
      method: "POST",
      url: "/settings/create-customer-payment-profile/card",
      payload: {
        card_token: token,
        name_holder: "Ada Lovelace",
        billing_address: { line1: "1 Main St", city: "Austin", postal_code: "78701", country_iso: "US" },
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const profileId = saved.json().data.id as number;

    const quotation = await kit.cardQuotation();
    const attached = await kit.call({
      method: "PUT",
      url: "/payments/add-payment-method",
      payload: { quotation_id: quotation.id, payment_profile_id: profileId },
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().data).toMatchObject({
      payment_profile_id: profileId,
      payment_type_id: METHOD.card,
    });

    const foreignQuotation = await kit.cardQuotation(kit.other.token);
    const foreign = await kit.call({
      method: "PUT",
      url: "/payments/add-payment-method",
      token: kit.other.token,
      payload: { quotation_id: foreignQuotation.id, payment_profile_id: profileId },
    });
    expect(foreign.statusCode).toBe(404);

    const ach = await kit.quote();
    expect((await kit.choose(ach.id, METHOD.bankTransfer, { sub: METHOD.ach })).statusCode).toBe(200);
    const wrongKind = await kit.call({
      method: "PUT",
      url: "/payments/add-payment-method",
      payload: { quotation_id: ach.id, payment_profile_id: profileId },
    });
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json().errors.payment_profile_id).toEqual(["Choose one of your saved bank accounts."]);

    // Choosing another method lets the attached card go.
    const switched = await kit.choose(quotation.id, METHOD.bankTransfer, { sub: METHOD.swift });
    expect(switched.json().data.payment_profile_id).toBeNull();
  });
});
