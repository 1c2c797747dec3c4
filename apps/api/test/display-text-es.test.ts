import { createRequire } from "node:module";
import { sql } from "drizzle-orm";
import isoCountries from "i18n-iso-countries";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/client";
import { localizeDisplay } from "../src/display/display-text";
import { translate } from "../src/http/messages";
import { ORDER_JOB_MESSAGES } from "../src/orders/jobs";
import { RELEASED_MESSAGE } from "../src/payments/lifecycle";
import { ACH_TEST_ACCOUNTS } from "../src/providers/banks/sandbox-banks";
import { BILL_FAILURES } from "../src/providers/bills/sandbox-bills";
import { CARD_DECLINE_MESSAGES } from "../src/providers/cards/sandbox-cards";
import { GIFTCARD_FAILURES } from "../src/providers/giftcards/sandbox-giftcards";
import { PAYOUT_FAILURES } from "../src/providers/payouts/sandbox-payouts";
import { TOPUP_FAILURES } from "../src/providers/topups/sandbox-topups";
import { bearer, countryId, registerClient } from "./auth-support";
import { buildTestApp, type TestApp } from "./helper";
import { giveLevel } from "./limits-support";

// Every text the API sends for display is in the `language` header's language (issue 18): each
// catalogue, reference, pricing, payment-method, purchase-catalogue and rules endpoint is asked in
// `en` and in `es`, on the seeded database, and any display text of the Spanish answer equal to its
// English counterpart fails, unless it is one of the few texts below that are rightly the same.

/**
 * A field is display text when its name says so (name, label, title, description, category,
 * arrival/transfer time, delivery, message, …), including compounds such as `reference_label`,
 * `transfer_time`, `category_name` or `pattern_message`. A new endpoint's English leftover in such
 * a field fails this test without touching it.
 */
const DISPLAY_FIELD =
  /(^|_)(name|label|title|description|category|arrival|delivery|time|message|text|hint|placeholder|help|instructions|validity|service|field|button|caption|note|notice|summary|reason)s?($|_)/;

/** An identifier (a slug, a code, an ISO code, an acronym such as CLABE): the same in every language. */
const IDENTIFIER = /^([a-z0-9]+([_-][a-z0-9]+)*|[A-Z0-9]{2,8})$/;

/** Texts that are rightly the same in English and Spanish, each with why. */
const SAME_IN_BOTH: Record<string, string> = {
  PayPal: "a brand",
  Praxis: "a brand (the payment gateway)",
  Internet: "the Spanish word too (RAE: internet)",
  Gas: "the Spanish word too",
  Euro: "the currency's name in both languages (CLDR: euro)",
  Boliviano: "the currency's name in both languages (CLDR: boliviano)",
  "Bolívar Soberano": "the currency's own Spanish name",
  "CURP (Clave Única de Registro de Población)": "the Mexican document's official name",
  "DUI (Documento Único de Identidad)": "the Salvadoran document's official name",
  "PPT (Permiso por Protección Temporal)": "the Colombian document's official name",
};

/**
 * Country names spelled the same in both languages (Chile, India, China, Costa Rica): a country's
 * name is right in Spanish when it is its Spanish name in i18n-iso-countries' list.
 */
isoCountries.registerLocale(createRequire(import.meta.url)("i18n-iso-countries/langs/es.json"));
for (const code of Object.keys(isoCountries.getAlpha2Codes())) {
  const spanish = isoCountries.getName(code, "es", { select: "official" });
  if (spanish) SAME_IN_BOTH[spanish] ??= "a country's Spanish name, spelled as in English";
}

/**
 * Fields whose value is a proper noun or the issuer's own words, by endpoint: names of banks,
 * billers, operators, brands, places and streets are not translated, and a gift card's name,
 * redemption steps and terms are the issuer's, in the language of the market it is redeemed in.
 */
const PROPER_NOUNS: Array<{ endpoint: RegExp; path: RegExp; why: string }> = [
  { endpoint: /^\/banks/, path: /^\.data\[\]\.name$/, why: "a bank's registered name" },
  {
    endpoint: /^\/(states|provinces|towns|cities|localities)/,
    path: /^\.data\[\]\.name$/,
    why: "a place name",
  },
  {
    endpoint: /^\/places\/filter/,
    path: /\.(name|address|service_provider_name)$/,
    why: "a shop's name and street address",
  },
  { endpoint: /^\/service_providers/, path: /^\.data\[\]\.name$/, why: "a payout network's brand" },
  {
    endpoint: /^\/reload-phones\/operators/,
    path: /\.operators\[\]\.(name|products\[\]\.name)$/,
    why: "an operator's brand (products are named by brand and amount)",
  },
  { endpoint: /^\/prepaid-pay-bills\/providers/, path: /^\.data\[\]\.name$/, why: "a biller's name" },
  {
    endpoint: /^\/prepaid-pay-bills\/products/,
    path: /^\.data\[\]\.name$/,
    why: "a biller's plan name (SKY+ Light, Prepago Oro)",
  },
  {
    endpoint: /^\/gift-cards\/products/,
    path: /\.(name|brand|redeem_instructions|terms)$/,
    why: "the issuer's product name, steps and terms, in the language of the market it is redeemed in",
  },
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Leftover = { endpoint: string; path: string; text: string };

/** Array items are paired by their id (a list sorted by name may come in another order in Spanish). */
const keyOf = (item: Json, index: number) =>
  item && typeof item === "object" && !Array.isArray(item) && ("id" in item || "key" in item)
    ? `#${String(item.id ?? item.key)}`
    : `@${index}`;

function leftovers(endpoint: string, en: Json, es: Json, path = "", field = ""): Leftover[] {
  if (typeof en === "string") {
    const same = en === es && /\p{L}/u.test(en) && DISPLAY_FIELD.test(field) && !IDENTIFIER.test(en);
    const allowed =
      en in SAME_IN_BOTH || PROPER_NOUNS.some((rule) => rule.endpoint.test(endpoint) && rule.path.test(path));
    return same && !allowed ? [{ endpoint, path, text: en }] : [];
  }
  if (Array.isArray(en) && Array.isArray(es)) {
    const spanish = new Map(es.map((item, index) => [keyOf(item, index), item]));
    return en.flatMap((item, index) =>
      leftovers(endpoint, item, spanish.get(keyOf(item, index)) ?? null, `${path}[]`, field),
    );
  }
  if (en && es && typeof en === "object" && typeof es === "object" && !Array.isArray(en)) {
    const other = es as Record<string, Json>;
    return Object.entries(en).flatMap(([key, value]) =>
      leftovers(endpoint, value, other[key] ?? null, `${path}.${key}`, key),
    );
  }
  return [];
}

let app: TestApp;
let token: string;
const ids: Record<string, number> = {};

async function ask(method: "GET" | "POST", url: string, language: "en" | "es", payload?: object) {
  const response = await app.inject({
    method,
    url: `/api${url}`,
    headers: { ...bearer(token), language },
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, `${method} ${url} (${language}): ${response.body}`).toBeLessThan(300);
  return response.json() as Json;
}

/** Both answers of one request, and the display texts the Spanish one left in English. */
async function compare(url: string, options: { method?: "GET" | "POST"; payload?: object } = {}) {
  const method = options.method ?? "GET";
  const en = await ask(method, url, "en", options.payload);
  const es = await ask(method, url, "es", options.payload);
  return { en, es, leftovers: leftovers(url, en, es) };
}

const data = (answer: Json) => (answer as { data: Json }).data as never;

beforeAll(async () => {
  app = await buildTestApp();
  const { session } = await registerClient(app);
  ({ token } = session);
  // Its quotations ask for more than an unverified account may move (limits-*.test.ts test those).
  await giveLevel(app, session.user.id);
  for (const iso of ["US", "MX", "CO", "PH", "GT", "ES"]) ids[iso] = await countryId(app, iso);
  const rows = await queryRows<{ id: number; iso: string }>(app.db, sql`select id, iso from currencies`);
  for (const row of rows) ids[row.iso] = row.id;
});
afterAll(async () => {
  await app?.close();
});

describe("display texts in Spanish", () => {
  it("the comparison finds an English leftover in a display field, and leaves identifiers alone", () => {
    const en = { data: [{ id: 1, slug: "bank-deposit", name: "Bank deposit", transfer_time: "Instant" }] };
    const es = {
      data: [{ id: 1, slug: "bank-deposit", name: "Depósito bancario", transfer_time: "Instant" }],
    };
    expect(leftovers("/x", en, es)).toEqual([
      { endpoint: "/x", path: ".data[].transfer_time", text: "Instant" },
    ]);
  });

  it("translates stored English vocabulary on the way out, by its key, and leaves anything else alone", () => {
    const answer = {
      data: {
        status: "awaiting_payment",
        status_label: "Awaiting payment",
        timeline: [{ status: "paid", label: "Paid", reason: "Awaiting payment" }],
        shipping_method: { name: "Cash pickup", slug: "cash-pickup" },
        shipping_methods: [{ id: 2, name: "Bank deposit", slug: "bank-deposit" }],
        transfer_time: "1-2 business days",
        currency: { id: 1, iso: "USD", name: "US Dollar", decimals: 2 },
        services: [
          { id: "gift-cards", name: "Gift card" },
          { id: "gift-cards", name: "Renamed" },
        ],
        note: { status: "paid", label: "Not the status's label" },
      },
    };
    // Only the vocabulary changes; the rest (status, slugs, the unknown name, the label that is not
    // its status's, the timeline's reason) comes back as it was stored.
    const spanish = structuredClone(answer);
    spanish.data.status_label = "Esperando el pago";
    spanish.data.timeline[0]!.label = "Pagado";
    spanish.data.shipping_method.name = "Retiro en efectivo";
    spanish.data.shipping_methods[0]!.name = "Depósito bancario";
    spanish.data.transfer_time = "1-2 días hábiles";
    spanish.data.currency.name = "Dólar estadounidense";
    spanish.data.services[0]!.name = "Tarjeta de regalo";
    expect(localizeDisplay(answer, "en")).toBe(answer);
    expect(localizeDisplay(answer, "es")).toEqual(spanish);
    // The stored answer itself is never changed.
    expect(answer.data.transfer_time).toBe("1-2 business days");
  });

  it("has Spanish for every reason a provider or the order's life gives, and uses it in orders and payments", () => {
    const reasons = [
      ...Object.values(CARD_DECLINE_MESSAGES),
      ...Object.values(ACH_TEST_ACCOUNTS).map((account) => account.reason),
      ...Object.values(PAYOUT_FAILURES),
      ...Object.values(TOPUP_FAILURES),
      ...Object.values(GIFTCARD_FAILURES),
      ...Object.values(BILL_FAILURES),
      ...Object.values(ORDER_JOB_MESSAGES),
      RELEASED_MESSAGE,
    ];
    for (const reason of reasons) expect(translate(reason, "es"), reason).not.toBe(reason);
    const order = {
      status_reason: `${TOPUP_FAILURES.OPERATOR_DOWN} ${ORDER_JOB_MESSAGES.purchaseRefunded}`,
      timeline: [{ status: "failed", label: "Failed", reason: PAYOUT_FAILURES.recipient_rejected }],
      payment: { failure_message: CARD_DECLINE_MESSAGES.card_declined },
    };
    expect(localizeDisplay(order, "es")).toEqual({
      status_reason:
        "El operador no está aceptando recargas en este momento. Tu pago se reembolsó por completo.",
      timeline: [
        {
          status: "failed",
          label: "Fallido",
          reason: "El socio de pago rechazó los datos del destinatario.",
        },
      ],
      payment: { failure_message: "Tu tarjeta fue rechazada." },
    });
    expect(localizeDisplay(order, "en")).toBe(order);
  });

  it("a biller's reference is labelled in the screen's language, whatever language the biller uses", async () => {
    const url = `/prepaid-pay-bills/providers?country_id=${ids.MX}&service_type_id=1`;
    const { en, es } = await compare(url);
    expect((data(en) as Array<{ name: string; reference_label: string }>)[0]).toMatchObject({
      name: "CFE",
      reference_label: "Service number",
    });
    expect((data(es) as Array<{ reference_label: string }>)[0]!.reference_label).toBe("Número de servicio");
  });

  it("every catalogue, reference, pricing, payment, purchase and rules endpoint answers in Spanish", async () => {
    const corridor = `country_from_id=${ids.US}&country_to_id=${ids.MX}&currency_from_id=${ids.USD}&currency_to_id=${ids.MXN}`;
    const found: Leftover[] = [];
    const check = async (url: string, options?: { method?: "GET" | "POST"; payload?: object }) => {
      const result = await compare(url, options);
      found.push(...result.leftovers);
      return result;
    };

    // Reference data.
    for (const url of [
      "/countries",
      "/home/countries?direction=to",
      "/consignments/countries?direction=to",
      "/reload-phones/countries",
      "/gift-cards/countries",
      "/prepaid-pay-bills/countries",
      "/wallets/countries",
      "/currencies",
      `/states?country_id=${ids.MX}`,
      "/prefixes",
      "/documents",
      `/documents?country_id=${ids.MX}`,
      "/relationships",
      "/reasons",
      `/banks?country_id=${ids.MX}`,
      `/provinces?country_id=${ids.MX}`,
      "/type_places",
      "/service_types",
      `/service_providers?country_id=${ids.MX}`,
      `/places/filter?country_id=${ids.MX}`,
      "/onboarding/business/types",
      "/list/reminders",
      "/settings/payment-method",
      "/settings/bank-accounts/preparation",
      "/settings/bank-accounts/form",
    ]) {
      await check(url);
    }

    // Rules: the modal a new user (e-mail not verified yet) is shown.
    for (const service of ["", "sendmoney/", "giftcard/", "paybill/", "recharge/", "wallet/"]) {
      await check(`/${service}examine-rules`);
    }

    // Send money: corridors, delivery methods with their arrival times, the calculators, a quotation
    // and its payment methods, the recipient forms of every delivery method.
    const { en: methods } = await check(`/shipping-methods?${corridor}`);
    await check(`/limits?${corridor}`);
    await check(`/consignments/currencies?country_to_id=${ids.MX}`);
    await check(`/consignments/currencies-from?country_from_id=${ids.US}`);
    const body = {
      country_from_id: ids.US,
      country_to_id: ids.MX,
      currency_from_id: ids.USD,
      currency_to_id: ids.MXN,
      send_amount: "1260.10",
    };
    for (const method of data(methods) as Array<{ id: number }>) {
      const priced = { ...body, shipping_method_id: method.id };
      await check(`/home/send-money/calculator?${corridor}&shipping_method_id=${method.id}&send_amount=100`);
      await check("/calculator", { method: "POST", payload: priced });
      const { en: created } = await check("/consignments/quotation", { method: "POST", payload: priced });
      const quotationId = (data(created) as { id: number }).id;
      await check(`/quotations/${quotationId}`);
      await check(`/payments/payment-methods/${quotationId}`);
      await check(
        `/recipients/dynamic-form?country_to_id=${ids.MX}&currency_to_id=${ids.MXN}&shipping_method_id=${method.id}`,
      );
    }
    await check("/send_money/calculator", { method: "POST", payload: body });

    // Wallets: services, statuses, currencies, deposit payment methods, withdrawal methods and forms.
    for (const url of [
      "/wallets/dashboard",
      "/wallets/selects/services",
      "/wallets/selects/statuses",
      "/orders/selects/services",
      "/orders/selects/statuses",
      "/wallets/new-wallet/currencies",
      "/wallets/deposit-money/currencies?is_from=1",
      "/wallets/deposit-money/currencies?is_from=0",
      "/wallets/withdraw-money/currencies?is_from=0",
    ]) {
      await check(url);
    }
    const { en: withdrawMethods } = await check(`/wallets/withdraw-money/methods?currency_id=${ids.USD}`);
    for (const method of data(withdrawMethods) as Array<{ id: number }>) {
      await check(
        `/recipients/withdraw-form?currency_to_id=${ids.USD}&withdrawal_method_id=${method.id}&type=customer`,
      );
    }
    const { en: deposit } = await check("/wallets/deposit-money/quotation/create", {
      method: "POST",
      payload: { currency_from_id: ids.USD, currency_to_id: ids.USD, send_amount: "120.00" },
    });
    await check(`/payments/payment-methods/${(data(deposit) as { id: number }).id}`);

    // Purchases: operators and their products, gift cards, bill services, billers and plans.
    await check(`/reload-phones/operators?country_id=${ids.MX}`);
    await check(`/gift-cards/products?country_id=${ids.US}`);
    await check(`/gift-cards/products?country_id=${ids.ES}`);
    await check("/gift-cards/products/5001");
    for (const country of ["CO", "MX", "GT", "PH"]) {
      const { en: services } = await check(`/prepaid-pay-bills/services?country_id=${ids[country]}`);
      for (const service of data(services) as Array<{ service_type_id: number }>) {
        const { en: providers } = await check(
          `/prepaid-pay-bills/providers?country_id=${ids[country]}&service_type_id=${service.service_type_id}`,
        );
        for (const provider of data(providers) as Array<{ id: number; has_plans: boolean }>) {
          if (provider.has_plans)
            await check(`/prepaid-pay-bills/products?service_provider_id=${provider.id}`);
        }
      }
    }

    const report = [...new Set(found.map((item) => `${item.endpoint} ${item.path}: ${item.text}`))];
    expect(report).toEqual([]);
  });
});
