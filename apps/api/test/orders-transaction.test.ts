import { randomUUID } from "node:crypto";
import { confirmationRecord } from "@vela/shared/orders";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { journalEntries, orderStatusHistory, orders, postings, quotations } from "../src/db/schema/index";
import { balanceOf } from "../src/ledger/ledger";
import { OrderTransitionConflict, transition } from "../src/orders/transition";
import { appForThisFile, clearingAccount, parsedData } from "./helper";
import { expectLedgerReconciled, type OrderKit, orderKit } from "./orders-support";

// The transaction (BRIEF contract 3 and 4) and the order's money steps, on payment rows written as
// the payments code leaves them; the jobs and the sandboxes are in orders-life.test.ts.
let kit: OrderKit;

const app = appForThisFile();

beforeAll(async () => {
  kit = await orderKit(app);
});

describe("POST /consignments/transaction", () => {
  it("places the order with its copy of the terms and answers the confirmation record", async () => {
    const quotation = await kit.readyQuotation();
    const payment = await kit.paymentRow(quotation);
    const key = randomUUID();
    const response = await kit.transact({ quotation_id: quotation.id, payment_id: payment.id }, { key });
    const record = parsedData(response, 201, confirmationRecord);
    expect(record).toMatchObject({
      status: "awaiting_payment",
      quotation_id: quotation.id,
      payment_detail_id: payment.id,
      send_amount: "250.00",
      currency_from_iso: "USD",
      currency_to_iso: "MXN",
      recipient_name: "María López",
      delivery_method: "Bank deposit",
      url_pdf: `/api/orders/generate/${record.id}`,
    });
    expect(record.ref).toMatch(/^VL-[2-9A-Z]{8}$/);
    expect(record.tracking_number).toMatch(/^[2-9A-Z]{16}$/);
    expect(record.amount_paid).toBe(record.quotation.amount_paid);
    expect(record.arrive).not.toBeNull();

    const [order] = await app.db.select().from(orders).where(eq(orders.id, record.id));
    const terms = order!.terms;
    expect(terms.recipient?.delivery.CLABE).toBe("•••• 7771");
    expect(JSON.stringify(terms)).not.toContain("002010077777777771");
    expect(terms.sender?.name).toBeTruthy();
    expect(terms.delivery_method?.slug).toBe("bank-deposit");
    const [used] = await app.db.select().from(quotations).where(eq(quotations.id, quotation.id));
    expect(used!.status).toBe("used");
    const history = await app.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, record.id))
      .orderBy(orderStatusHistory.id);
    expect(history.map((row) => row.toStatus)).toEqual(["created", "awaiting_payment"]);

    // The same key and body answer the first confirmation; the same key with another body is refused.
    const replay = await kit.transact({ quotation_id: quotation.id, payment_id: payment.id }, { key });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers["idempotency-hit"]).toBe("true");
    expect(replay.json().data.id).toBe(record.id);
    const other = await kit.transact({ quotation_id: quotation.id, payment_id: payment.id + 1 }, { key });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({
      "Idempotency-Key": ["This Idempotency-Key was already used for a different request."],
    });

    const last = await kit.call({ url: "/consignments/last-transaction" });
    expect(last.statusCode).toBe(200);
    expect(last.json().data.id).toBe(record.id);
  });

  it("answers null as the last transaction of a user who has none", async () => {
    const fresh = await kit.signUp();
    const last = await kit.call({ url: "/consignments/last-transaction", token: fresh.token });
    expect(last.statusCode).toBe(200);
    expect(last.json().data).toBeNull();
  });

  it("makes one order of two transactions on one quotation at once", async () => {
    const quotation = await kit.readyQuotation();
    const first = await kit.paymentRow(quotation);
    const second = await kit.paymentRow(quotation);
    const before = await kit.orderCount();
    const answers = await Promise.all([
      kit.transact({ quotation_id: quotation.id, payment_id: first.id }),
      kit.transact({ quotation_id: quotation.id, payment_id: second.id }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().message).toBe("This quotation was already used. Request a new quotation.");
    expect(await kit.orderCount()).toBe(before + 1);
  });

  it("answers POST /send_money the same way", async () => {
    const quotation = await kit.readyQuotation();
    const payment = await kit.paymentRow(quotation);
    const response = await kit.transact(
      { quotation_id: quotation.id, payment_id: payment.id },
      { url: "/send_money" },
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(confirmationRecord.parse(response.json().data).payment_detail_id).toBe(payment.id);
  });
});

describe("what bad input gets: a clear error and no order", () => {
  it("refuses an expired quotation", async () => {
    const quotation = await kit.readyQuotation();
    const payment = await kit.paymentRow(quotation);
    await app.db
      .update(quotations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(quotations.id, quotation.id));
    const before = await kit.orderCount();
    const response = await kit.transact({ quotation_id: quotation.id, payment_id: payment.id });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      "This quotation has expired and its rate is no longer held. Request a new quotation.",
    );
    expect(await kit.orderCount()).toBe(before);
  });

  it("answers someone else's quotation as not found", async () => {
    const quotation = await kit.readyQuotation({ who: kit.other });
    const payment = await kit.paymentRow(quotation);
    const response = await kit.transact({ quotation_id: quotation.id, payment_id: payment.id });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, message: "Quotation not found." });
    // Nor may the owner of the quotation use someone else's payment.
    const mine = await kit.readyQuotation();
    const theirs = await kit.transact({ quotation_id: mine.id, payment_id: payment.id });
    expect(theirs.statusCode).toBe(404);
  });

  it("refuses a transaction without a recipient", async () => {
    const quotation = await kit.readyQuotation({ withRecipient: false });
    const payment = await kit.paymentRow(quotation);
    const before = await kit.orderCount();
    const response = await kit.transact({ quotation_id: quotation.id, payment_id: payment.id });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      recipient_id: ["Choose a recipient for this transfer first."],
    });
    expect(await kit.orderCount()).toBe(before);
    const [row] = await app.db.select().from(quotations).where(eq(quotations.id, quotation.id));
    expect(row!.status).toBe("open");
  });

  it("refuses a quotation with no payment method chosen, and a payment by another method", async () => {
    const before = await kit.orderCount();
    const unchosen = await kit.readyQuotation({ payBy: "none" });
    const payment = await kit.paymentRow(unchosen);
    const response = await kit.transact({ quotation_id: unchosen.id, payment_id: payment.id });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      success: false,
      message: "Choose how to pay for this transfer first.",
      errors: { payment_type_id: ["Choose how to pay for this transfer first."] },
    });

    const quotation = await kit.readyQuotation({ payBy: "ach" });
    const byCard = await kit.paymentRow(quotation, { method: "credit-and-debit-card-methods" });
    const other = await kit.transact({ quotation_id: quotation.id, payment_id: byCard.id });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.payment_id[0]).toMatch(/another payment method/);
    expect(await kit.orderCount()).toBe(before);
  });

  it("refuses a declined payment, one of another quotation and one for another amount", async () => {
    const quotation = await kit.readyQuotation();
    const before = await kit.orderCount();
    const declined = await kit.paymentRow(quotation, {
      status: "failed",
      failureCode: "card_declined",
      failureMessage: "Your card was declined.",
    });
    const refused = await kit.transact({ quotation_id: quotation.id, payment_id: declined.id });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ success: false, message: "Your card was declined." });

    const elsewhere = await kit.readyQuotation();
    const foreign = await kit.paymentRow(elsewhere);
    const mismatch = await kit.transact({ quotation_id: quotation.id, payment_id: foreign.id });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ payment_id: ["This payment was made for another quotation."] });

    const short = await kit.paymentRow(quotation, { amountMinor: quotation.totalMinor - 1n });
    const amount = await kit.transact({ quotation_id: quotation.id, payment_id: short.id });
    expect(amount.statusCode).toBe(422);

    const pendingCard = await kit.paymentRow(quotation, { status: "pending" });
    const pending = await kit.transact({ quotation_id: quotation.id, payment_id: pendingCard.id });
    expect(pending.statusCode).toBe(422);

    const missing = await kit.transact({ quotation_id: quotation.id, payment_id: 2_000_000_000 });
    expect(missing.statusCode).toBe(404);
    const malformed = await kit.transact({ quotation_id: "x", payment_id: -1 });
    expect(malformed.statusCode).toBe(422);
    expect(await kit.orderCount()).toBe(before);
    const [row] = await app.db.select().from(quotations).where(eq(quotations.id, quotation.id));
    expect(row!.status).toBe("open");
  });

  it("refuses a payment already used by another order", async () => {
    const quotation = await kit.readyQuotation();
    const payment = await kit.paymentRow(quotation);
    expect((await kit.transact({ quotation_id: quotation.id, payment_id: payment.id })).statusCode).toBe(201);
    const again = await kit.transact({ quotation_id: quotation.id, payment_id: payment.id });
    expect(again.statusCode).toBe(409);
  });
});

describe("transition() and the ledger", () => {
  async function placed(channel = "card") {
    const quotation = await kit.readyQuotation();
    const payment = await kit.paymentRow(quotation, { channel, status: "succeeded" });
    return kit.placeQuietly(quotation, payment.id);
  }

  const entriesOf = (orderId: number) =>
    app.db
      .select({
        key: journalEntries.idempotencyKey,
        amount: postings.amountMinor,
        currency: postings.currencyId,
      })
      .from(journalEntries)
      .innerJoin(postings, eq(postings.entryId, journalEntries.id))
      .where(eq(journalEntries.reference, `order:${orderId}`));

  it("posts each money step once under order:<id>:<step>, balanced per currency, and refunds exactly", async () => {
    const order = await placed();
    const clearing = await clearingAccount(app.db, order.currencyFromId, "card");
    const before = await balanceOf(app.db, clearing);
    await app.db.transaction((tx) => transition(tx, order.id, "awaiting_payment", "paid"));
    expect(await balanceOf(app.db, clearing)).toBe(before - order.amountPaidMinor);
    await app.db.transaction((tx) =>
      transition(tx, order.id, "paid", "processing", { set: { payoutPartner: "test-partner" } }),
    );
    await app.db.transaction((tx) => transition(tx, order.id, "processing", "sent"));
    await app.db.transaction((tx) =>
      transition(tx, order.id, "sent", "failed", { reason: "The partner returned it." }),
    );
    await app.db.transaction((tx) => transition(tx, order.id, "failed", "refunded"));
    // The clearing channel gets back exactly what was paid.
    expect(await balanceOf(app.db, clearing)).toBe(before);
    const legs = await entriesOf(order.id);
    expect([...new Set(legs.map((leg) => leg.key))].sort()).toEqual(
      [`order:${order.id}:paid`, `order:${order.id}:refunded`, `order:${order.id}:sent`].sort(),
    );
    const perCurrency = new Map<number, bigint>();
    for (const leg of legs) perCurrency.set(leg.currency, (perCurrency.get(leg.currency) ?? 0n) + leg.amount);
    expect([...perCurrency.values()].every((total) => total === 0n)).toBe(true);
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: "refunded" });
    const steps = await app.db
      .select({ to: orderStatusHistory.toStatus, entry: orderStatusHistory.journalEntryId })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(orderStatusHistory.id);
    expect(steps.map((step) => [step.to, step.entry !== null])).toEqual([
      ["created", false],
      ["awaiting_payment", false],
      ["paid", true],
      ["processing", false],
      ["sent", true],
      ["failed", false],
      ["refunded", true],
    ]);
  });

  it("refuses a step from a status the order is no longer in, and one the machine does not allow", async () => {
    const order = await placed("ach");
    await app.db.transaction((tx) => transition(tx, order.id, "awaiting_payment", "paid"));
    await expect(
      app.db.transaction((tx) => transition(tx, order.id, "awaiting_payment", "paid")),
    ).rejects.toBeInstanceOf(OrderTransitionConflict);
    await expect(app.db.transaction((tx) => transition(tx, order.id, "paid", "completed"))).rejects.toThrow(
      /cannot go/,
    );
    const paidEntries = await app.db
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(and(eq(journalEntries.idempotencyKey, `order:${order.id}:paid`)));
    expect(paidEntries).toHaveLength(1);
  });

  it("keeps the ledger reconciled", async () => {
    await expectLedgerReconciled(app);
  });
});
