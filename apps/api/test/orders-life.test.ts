import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import type { Database } from "../src/db/client";
import { orders, payments, quotations } from "../src/db/schema/index";
import { balanceOf } from "../src/ledger/ledger";
import {
  appForThisFile,
  clearingAccount,
  FX_TEST_CLOCK,
  openFreshDatabase,
  postForm,
  type TestApp,
  testConfig,
} from "./helper";
import { expectLedgerReconciled, type OrderKit, orderKit, statusHistoryOf } from "./orders-support";

// The order's life end to end: real sandbox payments (cards, 3-D Secure, ACH, a domestic wire)
// through the payments routes, the transaction, then the pg-boss jobs moving the order as the
// sandbox payout partner answers; and a restart in the middle of it.
const FAST = {
  SANDBOX_ACH_SETTLE_SECONDS: "0",
  SANDBOX_PAYOUT_SECONDS: "0",
  SANDBOX_SWEEP_SECONDS: "0.5",
  JOBS_POLLING_SECONDS: "0.5",
  ORDERS_POLL_SECONDS: "1",
};
const LIFE_TIMEOUT = 60_000;

let kit: OrderKit;

const app = appForThisFile(FAST);

beforeAll(async () => {
  kit = await orderKit(app);
});

type Quotation = typeof quotations.$inferSelect;

async function cardToken(number: string) {
  const card = await app.inject({
    method: "POST",
    url: "/api/sandbox/cards/tokens",
    payload: { number, exp_month: 12, exp_year: 2034, cvc: "123", name: "Ana García" },
  });
  expect(card.statusCode, card.body).toBeLessThan(300);
  return card.json().data.token as string;
}

/** POST /payments/authorize-credit-card with a new sandbox card (the quotation is priced for cards). */
async function payByCard(quotation: Quotation, number = "4242424242424242", token = kit.owner.token) {
  return app.inject({
    method: "POST",
    url: "/api/payments/authorize-credit-card",
    headers: { authorization: `Bearer ${token}`, "idempotency-key": randomUUID() },
    payload: {
      quotation_id: quotation.id,
      card_token: await cardToken(number),
      name_holder: "Ana García",
      return_url: "/send-money/payment",
      billing_address: { line1: "1 Main St", city: "Washington", postal_code: "20001", country_iso: "US" },
    },
  });
}

/** POST /payments/debit-bank-account (the quotation is priced for ACH). */
async function payByAch(quotation: Quotation, accountNumber = "000123456789") {
  return app.inject({
    method: "POST",
    url: "/api/payments/debit-bank-account",
    headers: { authorization: `Bearer ${kit.owner.token}`, "idempotency-key": randomUUID() },
    payload: {
      quotation_id: quotation.id,
      bank_account: {
        routingNumber: "011000015",
        accountNumber,
        accountType: "checking",
        nameOnAccount: "Ana García",
      },
    },
  });
}

async function fresh(quotation: Quotation) {
  const [row] = await app.db.select().from(quotations).where(eq(quotations.id, quotation.id));
  return row!;
}

const historyOf = (orderId: number) => statusHistoryOf(app, orderId);

const FULL_LIFE = ["created", "awaiting_payment", "paid", "processing", "sent", "completed"];

describe("an order's life through the jobs", () => {
  it(
    "takes a card order to completed: capture, payout, sent, completed",
    async () => {
      const quotation = await kit.readyQuotation();
      const paid = await payByCard(quotation);
      expect(paid.statusCode, paid.body).toBeLessThan(300);
      expect(paid.json().data.status).toBe("authorized");
      const response = await kit.transact({ quotation_id: quotation.id, payment_id: paid.json().data.id });
      expect(response.statusCode, response.body).toBe(201);
      const orderId = response.json().data.id as number;
      await kit.waitForStatus(orderId, ["completed"]);
      expect(await historyOf(orderId)).toEqual(FULL_LIFE);
      const [payment] = await app.db.select().from(payments).where(eq(payments.id, paid.json().data.id));
      expect(payment!.status).toBe("succeeded");
    },
    LIFE_TIMEOUT,
  );

  it("answers a declined card with a clear message and places no order", async () => {
    const quotation = await kit.readyQuotation();
    const before = await kit.orderCount();
    const declined = await payByCard(quotation, "4000000000000002");
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ success: false, message: "Your card was declined." });
    const [payment] = await app.db
      .select()
      .from(payments)
      .where(and(eq(payments.quotationId, quotation.id), eq(payments.status, "failed")));
    if (payment) {
      const response = await kit.transact({ quotation_id: quotation.id, payment_id: payment.id });
      expect(response.statusCode).toBe(402);
    }
    expect(await kit.orderCount()).toBe(before);
    expect((await fresh(quotation)).status).toBe("open");
  });

  it(
    "takes a Philippine cash pickup paid by ACH to available for pickup with a reference",
    async () => {
      const quotation = await kit.readyQuotation({ corridor: "ph-cash", payBy: "ach" });
      const debit = await payByAch(quotation);
      expect(debit.statusCode, debit.body).toBeLessThan(300);
      const response = await kit.transact({ quotation_id: quotation.id, payment_id: debit.json().data.id });
      expect(response.statusCode, response.body).toBe(201);
      const orderId = response.json().data.id as number;
      await kit.waitForStatus(orderId, ["available_for_pickup"]);
      const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order!.pickupReference).toBeTruthy();
      expect(await historyOf(orderId)).toEqual([
        "created",
        "awaiting_payment",
        "paid",
        "processing",
        "available_for_pickup",
      ]);
      const record = (await kit.call({ url: "/consignments/last-transaction" })).json().data;
      expect(record).toMatchObject({
        id: orderId,
        status: "available_for_pickup",
        status_label: "Available for pickup",
      });
      expect(record.pickup_reference).toBe(order!.pickupReference);
    },
    LIFE_TIMEOUT,
  );

  it(
    "refunds exactly what was paid when the partner refuses (Rejected) or returns (Returned) the payout",
    async () => {
      for (const lastName of ["Rejected", "Returned"]) {
        const quotation = await kit.readyQuotation({ lastName });
        const clearing = await clearingAccount(app.db, quotation.currencyFromId, "card");
        const before = await balanceOf(app.db, clearing);
        const paid = await payByCard(quotation);
        expect(paid.statusCode, paid.body).toBeLessThan(300);
        const paymentId = paid.json().data.id as number;
        const response = await kit.transact({ quotation_id: quotation.id, payment_id: paymentId });
        expect(response.statusCode, response.body).toBe(201);
        const orderId = response.json().data.id as number;
        await kit.waitForStatus(orderId, ["refunded"]);
        const history = await historyOf(orderId);
        expect(history.slice(-2), lastName).toEqual(["failed", "refunded"]);
        const [payment] = await app.db.select().from(payments).where(eq(payments.id, paymentId));
        expect(payment!.status).toBe("refunded");
        // The sandbox processor holds the refund of exactly what was captured.
        const state = await app.providers.cards.getAuthorization(payment!.providerReference!);
        expect(state?.status, lastName).toBe("refunded");
        expect(await balanceOf(app.db, clearing)).toBe(before);
        const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
        expect(order!.statusReason).toBeTruthy();
        expect(order!.amountPaidMinor).toBe((await fresh(quotation)).totalMinor);
      }
    },
    2 * LIFE_TIMEOUT,
  );

  it(
    "moves an order paid by a 3-D Secure card once the sandbox challenge is approved",
    async () => {
      const quotation = await kit.readyQuotation();
      const started = await payByCard(quotation, "4000002500003220");
      expect(started.statusCode, started.body).toBeLessThan(300);
      const payment = started.json().data as { id: number; status: string; redirect_url: string };
      expect(payment.status).toBe("requires_action");
      // Not paid yet: no order.
      const early = await kit.transact({ quotation_id: quotation.id, payment_id: payment.id });
      expect(early.statusCode).toBe(422);
      const challenge = new URL(payment.redirect_url, "http://localhost");
      const approved = await postForm(app, challenge.pathname, "outcome=approve");
      expect(approved.statusCode, approved.body).toBe(303);
      const response = await kit.transact({ quotation_id: quotation.id, payment_id: payment.id });
      expect(response.statusCode, response.body).toBe(201);
      const orderId = response.json().data.id as number;
      await kit.waitForStatus(orderId, ["completed"]);
      expect(await historyOf(orderId)).toEqual(FULL_LIFE);
    },
    LIFE_TIMEOUT,
  );

  it(
    "waits for a domestic wire and moves on when the sandbox bank records its arrival",
    async () => {
      const quotation = await kit.readyQuotation({ payBy: "wire" });
      const opened = await app.inject({
        method: "POST",
        url: "/api/payments/bank-transfer",
        headers: { authorization: `Bearer ${kit.owner.token}`, "idempotency-key": randomUUID() },
        payload: { quotation_id: quotation.id, method: "domestic-wire-transfer-usa" },
      });
      expect(opened.statusCode, opened.body).toBeLessThan(300);
      const payment = opened.json().data as {
        id: number;
        status: string;
        instructions: { reference: string; amount: string };
      };
      expect(payment.status).toBe("pending");
      expect(payment.instructions.reference).toMatch(/^VLT-/);
      const response = await kit.transact({ quotation_id: quotation.id, payment_id: payment.id });
      expect(response.statusCode, response.body).toBe(201);
      const orderId = response.json().data.id as number;
      // Nothing arrived: the order waits for the money.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect((await historyOf(orderId)).at(-1)).toBe("awaiting_payment");

      const arrived = await app.inject({
        method: "POST",
        url: "/api/sandbox/banks/arrivals",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({
          reference: payment.instructions.reference,
          amount: payment.instructions.amount,
        }).toString(),
      });
      expect(arrived.statusCode, arrived.body).toBe(200);
      await kit.waitForStatus(orderId, ["completed"]);
      expect(await historyOf(orderId)).toEqual(FULL_LIFE);
      const [row] = await app.db.select().from(payments).where(eq(payments.id, payment.id));
      expect(row!.status).toBe("succeeded");
    },
    LIFE_TIMEOUT,
  );

  it("keeps the ledger reconciled", async () => {
    await expectLedgerReconciled(app);
  });
});

describe("a restart in the middle of an order's life", () => {
  let database: Database;
  const apps: TestApp[] = [];
  const buildOn = async (overrides: Record<string, string>) => {
    const built = await buildApp({
      config: testConfig({ ...FAST, ...overrides }),
      database,
      closeDatabase: false,
      fx: FX_TEST_CLOCK,
    });
    await built.ready();
    apps.push(built);
    return built;
  };

  beforeAll(async () => {
    database = await openFreshDatabase();
  });
  afterAll(async () => {
    for (const built of apps) await built.close();
    await database.close();
  });

  it(
    "resumes the pending work: the order placed before the restart completes after it",
    async () => {
      // The first app's payout partner takes its time, so the app stops with the payout on its way.
      const first = await buildOn({ SANDBOX_PAYOUT_SECONDS: "3" });
      const firstKit = await orderKit(first);
      const quotation = await firstKit.readyQuotation();
      const cardResponse = await first.inject({
        method: "POST",
        url: "/api/sandbox/cards/tokens",
        payload: { number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123", name: "Ana" },
      });
      const paid = await first.inject({
        method: "POST",
        url: "/api/payments/authorize-credit-card",
        headers: { authorization: `Bearer ${firstKit.owner.token}`, "idempotency-key": randomUUID() },
        payload: {
          quotation_id: quotation.id,
          card_token: cardResponse.json().data.token,
          name_holder: "Ana",
        },
      });
      expect(paid.statusCode, paid.body).toBeLessThan(300);
      const response = await firstKit.transact({
        quotation_id: quotation.id,
        payment_id: paid.json().data.id,
      });
      expect(response.statusCode, response.body).toBe(201);
      const orderId = response.json().data.id as number;
      await firstKit.waitForStatus(orderId, ["processing"]);
      await first.close();
      apps.splice(apps.indexOf(first), 1);

      const second = await buildOn({});
      const secondKit = await orderKit(second);
      await secondKit.waitForStatus(orderId, ["completed"]);
      const [order] = await second.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order!.status).toBe("completed");
      await expectLedgerReconciled(second);
    },
    LIFE_TIMEOUT,
  );
});
