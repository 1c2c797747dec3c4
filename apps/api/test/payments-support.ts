import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { queryRows } from "../src/db/client";
import { currencies, quotations } from "../src/db/schema/index";
import type { WebhookProvider } from "../src/providers/sandbox-webhooks";
import { bearer, countryId, registerClient } from "./auth-support";
import type { TestApp } from "./helper";
import { giveLevel } from "./limits-support";

export type Party = { token: string; id: number };

/** A sandbox's signed webhook, as it would have been posted to our route. */
export type Delivery = { provider: WebhookProvider; body: string; signature: string };

/** Settings of a test on the sandboxes: their webhook secret, no background sweep, the app's address. */
export const sandboxSettings = (secret: string, extra: Record<string, string> = {}) => ({
  SANDBOX_WEBHOOK_SECRET: secret,
  SANDBOX_SWEEP_SECONDS: "0",
  PUBLIC_APP_URL: "https://app.vela.test",
  ...extra,
});

/**
 * Captures the sandboxes' webhooks into `delivered` instead of posting them to our routes (which
 * belong to payments), answering each with `status()`.
 */
export function captureWebhooks(app: TestApp, delivered: Delivery[], status: () => number = () => 200) {
  app.sandbox.webhooks.poster = async (provider, body, signature) => {
    delivered.push({ provider, body, signature });
    return status();
  };
}
type Call = {
  method?: string;
  url: string;
  payload?: unknown;
  token?: string;
  key?: string;
  headers?: Record<string, string>;
};

/** Catalogue ids (payments/methods.ts). */
export const METHOD = {
  card: 3,
  bankTransfer: 1,
  ach: 11,
  wire: 12,
  swift: 13,
  sepa: 14,
  eft: 15,
  praxis: 4,
  d24: 5,
  paypal: 6,
} as const;

export const TEST_CARDS = {
  approve: "4242424242424242",
  mastercard: "5555555555554444",
  declined: "4000000000000002",
  insufficient: "4000000000009995",
  expired: "4000000000000069",
  threeDs: "4000002500003220",
} as const;

/**
 * What the payment tests share: country and currency ids by code, two signed-in clients, a request
 * helper (signed in as the owner unless told otherwise, with an Idempotency-Key when given), a
 * quotation for a corridor, the payment-method choice and a sandbox card token.
 */
export async function paymentKit(app: TestApp) {
  const ids: Record<string, number> = {};
  for (const iso of ["US", "MX", "PH", "ES", "CA", "GB", "BR"]) ids[iso] = await countryId(app, iso);
  for (const row of await app.db.select().from(currencies)) ids[row.iso] = row.id;
  const signUp = async (): Promise<Party> => {
    const { session } = await registerClient(app);
    // Money tests run at the top level so the verification limits stop none of them (limits-*.test.ts test those).
    await giveLevel(app, session.user.id as number);
    return { token: session.token as string, id: session.user.id as number };
  };
  const owner = await signUp();
  const other = await signUp();
  const call = ({ method = "GET", url, payload, token = owner.token, key, headers = {} }: Call) =>
    app.inject({
      method: method as "GET",
      url: `/api${url}`,
      headers: { ...bearer(token), ...(key ? { "idempotency-key": key } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const quote = async (
    options: { from?: string; to?: string; currencyFrom?: string; currencyTo?: string; amount?: string } = {},
    token = owner.token,
  ) => {
    const from = options.from ?? "US";
    const to = options.to ?? "MX";
    const response = await call({
      method: "POST",
      url: "/consignments/quotation",
      token,
      payload: {
        country_from_id: ids[from],
        country_to_id: ids[to],
        currency_from_id: ids[options.currencyFrom ?? "USD"],
        currency_to_id: ids[options.currencyTo ?? "MXN"],
        send_amount: options.amount ?? "250.00",
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; amount_paid: string; vela_fee_amount: string } & Record<
      string,
      unknown
    >;
  };

  const choose = async (
    quotationId: number,
    paymentTypeId: number,
    options: { sub?: number; url?: string; currency?: string; country?: string; token?: string } = {},
  ) =>
    call({
      method: "PUT",
      url: `/quotations/payment-method/${quotationId}`,
      token: options.token ?? owner.token,
      payload: {
        payment_type_id: paymentTypeId,
        ...(options.sub !== undefined ? { payment_sub_type_id: options.sub } : {}),
        url: options.url ?? URL_OF[options.sub ?? paymentTypeId],
        payment_currency_id: ids[options.currency ?? "USD"],
        country_iso: options.country ?? "US",
      },
    });

  const cardToken = (number: string) => sandboxCardToken(app, number);

  /** The body that pays a quotation with a newly tokenized card in Ada Lovelace's name. */
  const newCardBody = async (quotationId: number, number: string) => ({
    quotation_id: quotationId,
    card_token: await cardToken(number),
    name_holder: "Ada Lovelace",
  });

  /** A quotation priced for cards, ready to pay. */
  const cardQuotation = async (token = owner.token) => {
    const quotation = await quote({}, token);
    const chosen = await choose(quotation.id, METHOD.card, { token });
    expect(chosen.statusCode, chosen.body).toBe(200);
    return chosen.json().data as typeof quotation;
  };

  const expire = (quotationId: number) =>
    app.db
      .update(quotations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(quotations.id, quotationId));

  const paymentCount = async (quotationId?: number) =>
    (
      await queryRows<{ n: number }>(
        app.db,
        quotationId === undefined
          ? sql`select count(*)::int as n from payments`
          : sql`select count(*)::int as n from payments where quotation_id = ${quotationId}`,
      )
    )[0]!.n;

  const orderCount = async () =>
    (await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from orders`))[0]!.n;

  /** payment.updated jobs enqueued for a payment (pg-boss keeps them in its own schema). */
  const updatedJobs = async (paymentId: number) =>
    queryRows<{ data: { paymentId: number } }>(
      app.db,
      sql`select data from pgboss.job where name = 'payment.updated' and (data->>'paymentId')::int = ${paymentId}`,
    );

  return {
    ids,
    owner,
    other,
    signUp,
    call,
    quote,
    choose,
    cardToken,
    newCardBody,
    cardQuotation,
    expire,
    paymentCount,
    orderCount,
    updatedJobs,
  };
}

/** A sandbox card token for a test card number, as the card form's tokenizer would make it. */
export async function sandboxCardToken(app: TestApp, number: string) {
  const response = await app.inject({
    method: "POST",
    url: "/api/sandbox/cards/tokens",
    payload: {
      number,
      exp_month: 12,
      exp_year: new Date().getFullYear() + 2,
      cvc: "123",
      name: "Ada Lovelace",
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.token as string;
}

const URL_OF: Record<number, string> = {
  3: "authorize-credit-card",
  11: "debit-bank-account",
  12: "bank-transfer",
  13: "bank-transfer",
  14: "bank-transfer",
  15: "bank-transfer",
  4: "praxis",
  5: "d24",
  6: "paypal",
  1: "bank-transfer",
};
