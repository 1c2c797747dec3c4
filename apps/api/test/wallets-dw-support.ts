import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { expect } from "vitest";
import { orders, quotations } from "../src/db/schema/index";
import { bearer } from "./auth-support";
import type { TestApp } from "./helper";
import { waitForOrderStatus } from "./orders-support";
import { METHOD, sandboxCardToken, TEST_CARDS } from "./payments-support";
import { type Client, walletKit } from "./wallets-support";

type Call = { method?: string; url: string; payload?: unknown; token: string; key?: string };

/** Catalogue payment methods a deposit can choose (payments/methods.ts), with their follow-up url. */
export const DEPOSIT_BY = {
  card: { type: METHOD.card, url: "authorize-credit-card" },
  ach: { type: METHOD.bankTransfer, sub: METHOD.ach, url: "debit-bank-account" },
  wire: { type: METHOD.bankTransfer, sub: METHOD.wire, url: "bank-transfer" },
  swift: { type: METHOD.bankTransfer, sub: METHOD.swift, url: "bank-transfer" },
  sepa: { type: METHOD.bankTransfer, sub: METHOD.sepa, url: "bank-transfer" },
} as const;
export type DepositBy = keyof typeof DEPOSIT_BY;

/**
 * What the deposit and withdraw tests share, on top of the wallet kit: an API caller, a deposit
 * quotation priced for a payment method, the payments that pay it, and waiting on an order's job.
 */
export async function dwKit(app: TestApp) {
  const wallets = await walletKit(app);
  const { idOf } = wallets;

  const call = ({ method = "GET", url, payload, token, key }: Call) =>
    app.inject({
      method: method as "GET",
      url: `/api${url}`,
      headers: { ...bearer(token), ...(key ? { "idempotency-key": key } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** POST deposit-money/quotation/create, then PUT quotations/payment-method: the priced summary. */
  async function depositQuotation(
    client: Client,
    options: { from?: string; to?: string; amount?: string; by?: DepositBy } = {},
  ) {
    const from = options.from ?? "USD";
    const created = await call({
      method: "POST",
      url: "/wallets/deposit-money/quotation/create",
      token: client.token,
      payload: {
        currency_from_id: idOf(from),
        currency_to_id: idOf(options.to ?? from),
        send_amount: options.amount ?? "500.00",
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const by = DEPOSIT_BY[options.by ?? "card"];
    const chosen = await call({
      method: "PUT",
      url: `/quotations/payment-method/${id}`,
      token: client.token,
      payload: {
        payment_type_id: by.type,
        ...("sub" in by ? { payment_sub_type_id: by.sub } : {}),
        url: by.url,
        payment_currency_id: idOf(from),
        country_iso: "US",
      },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    return chosen.json().data as { id: number; amount_paid: string; receiving_amount: string } & Record<
      string,
      unknown
    >;
  }

  const cardToken = (number: string = TEST_CARDS.approve) => sandboxCardToken(app, number);

  /** Pays a deposit quotation the way its method says: a card, an ACH debit or push instructions. */
  async function pay(client: Client, quotationId: number, by: DepositBy, options: { account?: string } = {}) {
    let response: Awaited<ReturnType<typeof call>>;
    if (by === "card") {
      response = await call({
        method: "POST",
        url: "/payments/authorize-credit-card",
        token: client.token,
        key: randomUUID(),
        payload: { quotation_id: quotationId, card_token: await cardToken(), name_holder: "Ada Lovelace" },
      });
    } else if (by === "ach") {
      response = await call({
        method: "POST",
        url: "/payments/debit-bank-account",
        token: client.token,
        key: randomUUID(),
        payload: {
          quotation_id: quotationId,
          bank_account: {
            routingNumber: "011000015",
            accountNumber: options.account ?? "123456789",
            accountType: "checking",
            nameOnAccount: "Ada Lovelace",
          },
        },
      });
    } else {
      const method = {
        wire: "domestic-wire-transfer-usa",
        swift: "international-swift-transfer",
        sepa: "sepa-transfer-eur",
      }[by];
      response = await call({
        method: "POST",
        url: "/payments/bank-transfer",
        token: client.token,
        key: randomUUID(),
        payload: { quotation_id: quotationId, method },
      });
    }
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as {
      id: number;
      status: string;
      amount: string;
      instructions: { reference: string; amount: string; currency: string } & Record<string, unknown>;
    };
  }

  /** The sandbox bank's "transfer arrives" page, as a person would post it. */
  const arrive = (reference: string, amount: string) =>
    app.inject({
      method: "POST",
      url: "/api/sandbox/banks/arrivals",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      payload: `reference=${encodeURIComponent(reference)}&amount=${encodeURIComponent(amount)}`,
    });

  const transact = (
    url: string,
    client: Client,
    body: Record<string, unknown>,
    key: string | null = randomUUID(),
  ) =>
    app.inject({
      method: "POST",
      url: `/api${url}`,
      headers: { ...bearer(client.token), ...(key === null ? {} : { "idempotency-key": key }) },
      payload: body,
    });

  const waitForStatus = (orderId: number, statuses: string[], timeoutMs = 30_000) =>
    waitForOrderStatus(app, orderId, statuses, { timeoutMs, everyMs: 100 });

  /**
   * Waits until no order is moving on by itself (paid, processing, sent), so closing the app does not
   * cut a job short. Orders waiting on a person or a payment (awaiting_payment) are left as they are.
   */
  async function settleOrders(timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const moving = await app.db
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.status, ["created", "paid", "processing", "sent", "failed"]));
      if (moving.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const expire = (quotationId: number) =>
    app.db
      .update(quotations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(quotations.id, quotationId));

  const ordersOf = (userId: number) => app.db.select().from(orders).where(eq(orders.userId, userId));

  return {
    ...wallets,
    call,
    depositQuotation,
    cardToken,
    pay,
    arrive,
    transact,
    waitForStatus,
    expire,
    ordersOf,
    settleOrders,
  };
}
export type DwKit = Awaited<ReturnType<typeof dwKit>>;
