import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../src/db/client";
import { orderStatusHistory, orders, payments, quotations } from "../src/db/schema/index";
import type { JobQueue } from "../src/jobs/queue";
import { reconcileLedger } from "../src/ledger/reconcile";
import type { PaymentLifecycle } from "../src/orders/jobs";
import { placeOrder } from "../src/orders/service";
import type { TestApp } from "./helper";
import { type Party, type RecipientKit, recipientKit, referenceIds } from "./recipient-support";

type Corridor = "mx-bank" | "ph-cash";
/** How the quotation is to be paid (payments/methods.ts catalogue ids and follow-up urls). */
export type PayBy = "card" | "ach" | "wire" | "none";
const PAY_BY: Record<Exclude<PayBy, "none">, { type: number; sub?: number; url: string }> = {
  card: { type: 3, url: "authorize-credit-card" },
  ach: { type: 1, sub: 11, url: "debit-bank-account" },
  wire: { type: 1, sub: 12, url: "bank-transfer" },
};

/**
 * What the order tests share: signed-in clients, a quotation with its sender and recipient chosen
 * (US → MX bank deposit, or US → PH cash pickup), a payment row, and the transaction call.
 */
export async function orderKit(app: TestApp) {
  const kit: RecipientKit = await recipientKit(app);
  const { ids, methods, call, owner } = kit;
  const ref = await referenceIds(app);

  const recipientBody = (corridor: Corridor, lastName: string) =>
    corridor === "mx-bank"
      ? kit.mxRecipient({ last_name: lastName })
      : {
          type: "customer",
          country_to_id: ids.PH,
          currency_to_id: ids.PHP,
          shipping_method_id: methods["cash-pickup"],
          first_name: "Jose",
          last_name: lastName,
          phone_number: "+639171234567",
          service_provider_id: String(ref.providers.phCebuana),
          document_type_id: String(ref.documents.passport),
          document_number: "P1234567A",
        };

  /** An open quotation of `who`, with their own profile as sender and a fresh recipient. */
  async function readyQuotation(
    options: {
      who?: Party;
      corridor?: Corridor;
      lastName?: string;
      sendAmount?: string;
      withRecipient?: boolean;
      /** The payment method chosen for it (card unless told; "none" leaves it unchosen). */
      payBy?: PayBy;
    } = {},
  ) {
    const who = options.who ?? owner;
    const corridor = options.corridor ?? "mx-bank";
    const created = await call({
      method: "POST",
      url: "/consignments/quotation",
      token: who.token,
      payload: {
        country_from_id: ids.US,
        country_to_id: corridor === "mx-bank" ? ids.MX : ids.PH,
        currency_from_id: ids.USD,
        currency_to_id: corridor === "mx-bank" ? ids.MXN : ids.PHP,
        shipping_method_id: methods[corridor === "mx-bank" ? "bank-deposit" : "cash-pickup"],
        send_amount: options.sendAmount ?? "250.00",
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const quotationId = created.json().data.id as number;
    const self = (await call({ url: "/senders", token: who.token })).json().data.data[0];
    const sender = await call({
      method: "PUT",
      url: `/consignments/quotation/${quotationId}/add-sender`,
      token: who.token,
      payload: { sender_id: self.id },
    });
    expect(sender.statusCode, sender.body).toBe(200);
    if (options.withRecipient !== false) {
      const recipient = await call({
        method: "POST",
        url: "/recipients",
        token: who.token,
        payload: recipientBody(corridor, options.lastName ?? "López"),
      });
      expect(recipient.statusCode, recipient.body).toBe(201);
      const chosen = await call({
        method: "PUT",
        url: `/consignments/quotation/${quotationId}/add-recipient`,
        token: who.token,
        payload: { recipient_id: recipient.json().data.id },
      });
      expect(chosen.statusCode, chosen.body).toBe(200);
    }
    await choosePaymentMethod(quotationId, options.payBy ?? "card", who.token);
    const [row] = await app.db.select().from(quotations).where(eq(quotations.id, quotationId));
    return row!;
  }

  /** PUT /quotations/payment-method/{id}: prices the quotation for a method and records the choice. */
  async function choosePaymentMethod(quotationId: number, payBy: PayBy, token = owner.token) {
    if (payBy === "none") return;
    const { type, sub, url } = PAY_BY[payBy];
    const chosen = await call({
      method: "PUT",
      url: `/quotations/payment-method/${quotationId}`,
      token,
      payload: {
        payment_type_id: type,
        ...(sub === undefined ? {} : { payment_sub_type_id: sub }),
        url,
        payment_currency_id: ids.USD,
        country_iso: "US",
      },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
  }

  const paymentRow = (
    quotation: typeof quotations.$inferSelect,
    values: Partial<typeof payments.$inferInsert> = {},
  ) => insertPaymentRow(app, quotation, values);

  const transact = (
    body: Record<string, unknown>,
    options: { token?: string; key?: string | null; url?: string } = {},
  ) =>
    app.inject({
      method: "POST",
      url: `/api${options.url ?? "/consignments/transaction"}`,
      headers: {
        authorization: `Bearer ${options.token ?? owner.token}`,
        ...(options.key === null ? {} : { "idempotency-key": options.key ?? randomUUID() }),
      },
      payload: body,
    });

  /**
   * Places an order through the service with a queue that keeps nothing, so no job moves it: for
   * tests that move it themselves (transition(), advanceOrder with scripted providers).
   */
  const idleQueue: JobQueue = { send: async () => {}, work: async () => {} };
  const placeQuietly = (quotation: typeof quotations.$inferSelect, paymentId: number) =>
    placeOrder(
      { db: app.db, rates: app.rates, language: "en", jobs: idleQueue },
      { userId: quotation.userId, input: { quotationId: quotation.id, paymentId }, idempotencyKey: null },
    );

  const orderCount = async () => (await app.db.select({ id: orders.id }).from(orders)).length;

  const waitForStatus = (orderId: number, statuses: string[], timeoutMs = 30_000) =>
    waitForOrderStatus(app, orderId, statuses, { timeoutMs, everyMs: 200 });

  return {
    ...kit,
    ref,
    readyQuotation,
    choosePaymentMethod,
    paymentRow,
    transact,
    placeQuietly,
    orderCount,
    waitForStatus,
  };
}
export type OrderKit = Awaited<ReturnType<typeof orderKit>>;

/** A card payment row for a quotation as the payments code would leave it (tests of the order alone). */
export async function insertPaymentRow(
  app: TestApp,
  quotation: typeof quotations.$inferSelect,
  values: Partial<typeof payments.$inferInsert> = {},
) {
  const [row] = await app.db
    .insert(payments)
    .values({
      userId: quotation.userId,
      quotationId: quotation.id,
      method: quotation.paymentMethodSlug ?? "credit-and-debit-card-methods",
      channel: "card",
      provider: "test",
      providerReference: randomUUID(),
      amountMinor: quotation.totalMinor,
      currencyId: quotation.currencyFromId,
      status: "authorized",
      ...values,
    })
    .returning();
  return row!;
}

/** Waits for an order to reach one of `statuses` (its jobs run in the background), polling every `everyMs`. */
export async function waitForOrderStatus(
  app: TestApp,
  orderId: number,
  statuses: string[],
  { timeoutMs = 30_000, everyMs = 200 } = {},
) {
  const deadline = Date.now() + timeoutMs;
  let status = "";
  while (Date.now() < deadline) {
    const [row] = await app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    status = row?.status ?? "";
    if (statuses.includes(status)) return status;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`order ${orderId} stayed ${status}, expected ${statuses.join(" or ")}`);
}

/** Every status of an order paid through a provider and delivered, oldest first. */
export const COMPLETED_HISTORY = ["created", "awaiting_payment", "paid", "processing", "sent", "completed"];

/** The statuses an order went through, oldest first. */
export const statusHistoryOf = async (app: TestApp, orderId: number) =>
  (
    await app.db
      .select({ to: orderStatusHistory.toStatus })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(orderStatusHistory.id)
  ).map((row) => row.to);

export async function expectLedgerReconciled(app: TestApp) {
  const report = await reconcileLedger(app.db);
  expect(report.problems).toEqual([]);
}

/** Sets a payment's status as a provider's answer would, and returns the payment. */
async function settlePayment(db: Db, id: number, status: "succeeded" | "refunded") {
  const [row] = await db.update(payments).set({ status }).where(eq(payments.id, id)).returning();
  return row!;
}

/**
 * A payment provider that answers at once: a capture succeeds, a refund is made (and reported to
 * `onRefund`), a refresh reads the payment as it stands.
 */
export function instantPaymentLifecycle(onRefund: (paymentId: number) => void = () => {}): PaymentLifecycle {
  return {
    capturePayment: (deps, id) => settlePayment(deps.db, id, "succeeded"),
    refundPayment: (deps, id) => {
      onRefund(id);
      return settlePayment(deps.db, id, "refunded");
    },
    refreshPayment: async (deps, id) => {
      const [row] = await deps.db.select().from(payments).where(eq(payments.id, id));
      return row!;
    },
  };
}
