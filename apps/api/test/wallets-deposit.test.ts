import { confirmationRecord, orderDetails, orderListItem } from "@vela/shared/orders";
import { calculation } from "@vela/shared/pricing";
import { walletCurrencyOption } from "@vela/shared/wallet-dw";
import { walletTransaction } from "@vela/shared/wallets";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, payments } from "../src/db/schema/index";
import { refreshPayment } from "../src/payments/lifecycle";
import { buildTestApp, type TestApp } from "./helper";
import { COMPLETED_HISTORY, expectLedgerReconciled, statusHistoryOf } from "./orders-support";
import { type DepositBy, type DwKit, dwKit } from "./wallets-dw-support";
import type { Client } from "./wallets-support";

// Deposits into a wallet (issue 10 point 2): currencies, calculator, and the transaction for a
// quotation paid by card, ACH debit or a push transfer (domestic wire, SWIFT, SEPA) whose arrival
// with the right reference and amount credits the wallet; a wrong amount stays in review.
let app: TestApp;
let kit: DwKit;
let ada: Client;
let bob: Client;

beforeAll(async () => {
  app = await buildTestApp({
    SANDBOX_WEBHOOK_SECRET: "wallets-deposit-webhook-secret-0123456789",
    SANDBOX_ACH_SETTLE_SECONDS: "0",
    SANDBOX_SWEEP_SECONDS: "0",
    ORDERS_POLL_SECONDS: "1",
  });
  kit = await dwKit(app);
  ada = await kit.signUp();
  bob = await kit.signUp();
  await kit.wallet(ada, "USD");
  await kit.wallet(ada, "EUR");
});
afterAll(async () => {
  await kit.settleOrders();
  await app.close();
});

const minor = (amount: string) => BigInt(amount.replace(".", ""));
const place = (client: Client, quotationId: number, paymentId: number, key?: string | null) =>
  kit.transact(
    "/wallets/deposit-money/transaction",
    client,
    { quotation_id: quotationId, payment_id: paymentId },
    key,
  );

/** A deposit paid and placed: the quotation, the payment and the confirmation record. */
async function deposit(
  client: Client,
  by: DepositBy,
  options: { from?: string; to?: string; amount?: string } = {},
) {
  const quotation = await kit.depositQuotation(client, { ...options, by });
  const payment = await kit.pay(client, quotation.id, by);
  const placed = await place(client, quotation.id, payment.id);
  expect(placed.statusCode, placed.body).toBe(201);
  return { quotation, payment, record: confirmationRecord.parse(placed.json().data) };
}

describe("GET /wallets/deposit-money/currencies", () => {
  it("from: the currencies a deposit is paid in; to: the caller's open wallets, with their ids and flags", async () => {
    const from = await kit.call({ url: "/wallets/deposit-money/currencies?is_from=1", token: ada.token });
    expect(from.statusCode, from.body).toBe(200);
    const fromList = walletCurrencyOption.array().parse(from.json().data);
    expect(fromList.map((row) => row.iso)).toEqual(expect.arrayContaining(["CAD", "EUR", "GBP", "USD"]));
    expect(fromList.find((row) => row.iso === "USD")?.flag_currency).toBe("/api/flags/US.svg");
    expect(fromList.find((row) => row.iso === "EUR")?.flag_currency).toBe("/api/flags/EU.svg");

    const to = await kit.call({ url: "/wallets/deposit-money/currencies?is_from=0", token: ada.token });
    const toList = walletCurrencyOption.array().parse(to.json().data);
    expect(toList.map((row) => row.iso)).toEqual(["EUR", "USD"]);
    expect(toList.every((row) => row.wallet_id !== null && row.wallet_public_id?.startsWith("VW-"))).toBe(
      true,
    );
    // Bob has no wallet yet: nothing to deposit into.
    const bobs = await kit.call({ url: "/wallets/deposit-money/currencies?is_from=0", token: bob.token });
    expect(bobs.json().data).toEqual([]);
    const anonymous = await app.inject({ method: "GET", url: "/api/wallets/deposit-money/currencies" });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("POST /wallets/deposit-money/calculator", () => {
  it("prices a deposit: a card costs 2.9 %, a bank transfer nothing; another currency pays the margin", async () => {
    const ask = (payload: Record<string, unknown>) =>
      kit.call({ method: "POST", url: "/wallets/deposit-money/calculator", token: ada.token, payload });
    const card = await ask({
      currency_from_id: kit.idOf("USD"),
      currency_to_id: kit.idOf("USD"),
      send_amount: "500.00",
      payment_method: "credit-and-debit-card-methods",
    });
    expect(card.statusCode, card.body).toBe(200);
    expect(calculation.parse(card.json().data)).toMatchObject({
      send_amount: "500.00",
      vela_fee_amount: "14.50",
      amount_paid: "514.50",
      receiving_amount: "500.00",
      rate: "1.00000000",
    });
    const bank = await ask({
      currency_from_id: kit.idOf("USD"),
      currency_to_id: kit.idOf("USD"),
      send_amount: "500",
    });
    expect(bank.json().data).toMatchObject({ vela_fee_amount: "0.00", amount_paid: "500.00" });
    const fx = await ask({
      currency_from_id: kit.idOf("USD"),
      currency_to_id: kit.idOf("EUR"),
      send_amount: "100",
    });
    const priced = calculation.parse(fx.json().data);
    expect(Number(priced.rate)).toBeLessThan(Number(priced.mid_rate));

    const tooSmall = await ask({
      currency_from_id: kit.idOf("USD"),
      currency_to_id: kit.idOf("USD"),
      send_amount: "1",
    });
    expect(tooSmall.statusCode).toBe(422);
    expect(tooSmall.json().errors.send_amount).toBeDefined();
    const unknown = await ask({
      currency_from_id: 999999,
      currency_to_id: kit.idOf("USD"),
      send_amount: "50",
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.currency_from_id).toBeDefined();
    const negative = await ask({
      currency_from_id: kit.idOf("USD"),
      currency_to_id: kit.idOf("USD"),
      send_amount: "-5",
    });
    expect(negative.statusCode).toBe(422);
  });
});

describe("paying a deposit quotation", () => {
  it("offers card, ACH, domestic wire and SWIFT in dollars, SEPA in euros, never the wallet itself", async () => {
    const usd = await kit.depositQuotation(ada, { amount: "500.00" });
    const methods = await kit.call({ url: `/payments/payment-methods/${usd.id}`, token: ada.token });
    expect(methods.statusCode, methods.body).toBe(200);
    const slugs = (methods.json().data as { slug: string; sub_methods: { slug: string }[] }[]).flatMap(
      (method) => [method.slug, ...method.sub_methods.map((sub) => sub.slug)],
    );
    expect(slugs).toEqual(
      expect.arrayContaining([
        "credit-and-debit-card-methods",
        "ach-transfer",
        "domestic-wire-transfer-usa",
        "international-swift-transfer",
      ]),
    );
    expect(slugs).not.toContain("wallet");
    expect(slugs).not.toContain("sepa-transfer-eur");
    const eur = await kit.depositQuotation(ada, { from: "EUR", amount: "200.00", by: "sepa" });
    const eurMethods = await kit.call({ url: `/payments/payment-methods/${eur.id}`, token: ada.token });
    const eurSlugs = (eurMethods.json().data as { sub_methods: { slug: string }[] }[]).flatMap((method) =>
      method.sub_methods.map((sub) => sub.slug),
    );
    expect(eurSlugs).toContain("sepa-transfer-eur");
    expect(eurSlugs).not.toContain("ach-transfer");
  });
});

describe("POST /wallets/deposit-money/transaction", () => {
  it("by card: the order captures the card and credits the wallet once, completed", async () => {
    const wallet = await kit.wallet(ada, "USD");
    const before = await kit.available(wallet);
    const { quotation, record } = await deposit(ada, "card", { amount: "120.00" });
    expect(record).toMatchObject({
      status: "awaiting_payment",
      send_amount: "120.00",
      vela_fee_amount: "3.48",
      amount_paid: "123.48",
      receiving_amount: "120.00",
      currency_to_iso: "USD",
      quotation_id: quotation.id,
    });
    await kit.waitForStatus(record.order_id, ["completed"]);
    expect((await kit.available(wallet)) - before).toBe(12000n);
    const [order] = await app.db.select().from(orders).where(eq(orders.id, record.order_id));
    expect(order).toMatchObject({
      service: "wallet-deposit",
      targetWalletId: wallet.id,
      sourceWalletId: null,
    });
    expect(await statusHistoryOf(app, record.order_id)).toEqual(COMPLETED_HISTORY);
    const [payment] = await app.db.select().from(payments).where(eq(payments.id, order!.paymentId!));
    expect(payment!.status).toBe("succeeded");
    // History lists it like any order, with its details and receipt.
    const details = await kit.call({ url: `/orders/${record.order_id}/details`, token: ada.token });
    expect(details.statusCode, details.body).toBe(200);
    const receipt = await kit.call({ url: `/orders/generate/${record.order_id}`, token: ada.token });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers["content-type"]).toMatch(/pdf/);
    const foreign = await kit.call({ url: `/orders/${record.order_id}/details`, token: bob.token });
    expect(foreign.statusCode).toBe(404);
    await expectLedgerReconciled(app);
  });

  it("by ACH debit: pending until the debit settles, then the wallet is credited", async () => {
    const wallet = await kit.wallet(ada, "USD");
    const before = await kit.available(wallet);
    const { record } = await deposit(ada, "ach", { amount: "250.00" });
    expect(record.status).toBe("awaiting_payment");
    await kit.waitForStatus(record.order_id, ["completed"]);
    expect((await kit.available(wallet)) - before).toBe(25000n);
    await expectLedgerReconciled(app);
  });

  it("a returned ACH debit (R01) fails the deposit and credits nothing", async () => {
    const wallet = await kit.wallet(ada, "USD");
    const before = await kit.available(wallet);
    const quotation = await kit.depositQuotation(ada, { amount: "60.00", by: "ach" });
    const payment = await kit.pay(ada, quotation.id, "ach", { account: "000111111113" });
    const placed = await place(ada, quotation.id, payment.id);
    expect(placed.statusCode, placed.body).toBe(201);
    await kit.waitForStatus(placed.json().data.order_id, ["payment_failed"]);
    expect(await kit.available(wallet)).toBe(before);
  });

  for (const [by, from] of [
    ["wire", "USD"],
    ["swift", "USD"],
    ["sepa", "EUR"],
  ] as const) {
    it(`by ${by}: instructions with a unique reference; the exact amount arriving credits the wallet`, async () => {
      const wallet = await kit.wallet(ada, from);
      const before = await kit.available(wallet);
      const first = await deposit(ada, by, { from, amount: "300.00" });
      const second = await deposit(ada, by, { from, amount: "300.00" });
      const instructions = first.payment.instructions;
      expect(instructions.reference).toMatch(/^VLT-[A-Z2-9]{8}$/);
      expect(second.payment.instructions.reference).not.toBe(instructions.reference);
      expect(instructions).toMatchObject({
        amount: "300.00",
        currency: from,
        beneficiary_name: "Vela Payments Inc.",
      });
      if (by === "sepa") expect(instructions.iban).toBe("DE89370400440532013000");
      if (by === "swift") expect(instructions.bic).toBe("SNDBUS33XXX");
      if (by === "wire") expect(instructions.routing_number).toBe("021000021");
      expect(first.record.status).toBe("awaiting_payment");

      // Nothing is credited while the money has not arrived.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await kit.available(wallet)).toBe(before);

      const arrived = await kit.arrive(instructions.reference.toLowerCase(), instructions.amount);
      expect(arrived.statusCode, arrived.body).toBe(200);
      await kit.waitForStatus(first.record.order_id, ["completed"]);
      expect((await kit.available(wallet)) - before).toBe(30000n);

      // A second transfer quoting the same reference credits nothing: it is held for review.
      const again = await kit.arrive(instructions.reference, instructions.amount);
      expect(again.body).toContain("already recorded");
      const [secondOrder] = await app.db.select().from(orders).where(eq(orders.id, second.record.order_id));
      expect(secondOrder!.status).toBe("awaiting_payment");
      await expectLedgerReconciled(app);
    });
  }

  it("a transfer arriving with another amount goes to review: the payment and order wait, nothing is credited", async () => {
    const wallet = await kit.wallet(ada, "USD");
    const before = await kit.available(wallet);
    const { payment, record } = await deposit(ada, "wire", { amount: "400.00" });
    const arrived = await kit.arrive(payment.instructions.reference, "399.00");
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect(arrived.body).toContain("review");
    const refreshed = await refreshPayment(
      { db: app.db, providers: app.providers, jobs: app.jobs },
      payment.id,
    );
    expect(refreshed.status).toBe("pending");
    expect(refreshed.metadata).toMatchObject({ review: true, received_minor: "39900" });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const [order] = await app.db.select().from(orders).where(eq(orders.id, record.order_id));
    expect(order!.status).toBe("awaiting_payment");
    expect(await kit.available(wallet)).toBe(before);
    await expectLedgerReconciled(app);
  });

  it("the deposit's details give a push transfer's instructions again, and say when it is in review", async () => {
    const { payment, record } = await deposit(ada, "swift", { amount: "120.00" });
    const detailsOf = async () => {
      const details = await kit.call({ url: `/orders/${record.order_id}/details`, token: ada.token });
      expect(details.statusCode, details.body).toBe(200);
      return orderDetails.parse(details.json().data);
    };
    const waiting = await detailsOf();
    expect(waiting.status).toBe("awaiting_payment");
    expect(waiting.payment).toEqual({
      id: payment.id,
      method: expect.any(String),
      status: "pending",
      in_review: false,
      amount: "120.00",
      currency: "USD",
      received_amount: null,
      instructions: payment.instructions,
    });
    expect(waiting.payment?.instructions?.reference).toMatch(/^VLT-[A-Z2-9]{8}$/);
    expect(waiting.payment?.instructions?.bic).toBe("SNDBUS33XXX");

    await kit.arrive(payment.instructions.reference, "100.00");
    await refreshPayment({ db: app.db, providers: app.providers, jobs: app.jobs }, payment.id);
    const inReview = await detailsOf();
    expect(inReview.status).toBe("awaiting_payment");
    expect(inReview.payment).toMatchObject({ in_review: true, received_amount: "100.00", status: "pending" });
    expect(inReview.payment?.instructions?.reference).toBe(payment.instructions.reference);
    // The wallet's list shows it in review and not credited: no +120.00 as if it had arrived.
    const wallet = await kit.wallet(ada, "USD");
    const listed = await kit.call({ url: `/wallets/${wallet.id}/transactions`, token: ada.token });
    const row = walletTransaction
      .array()
      .parse(listed.json().data.data)
      .find((candidate) => candidate.id === record.order_id);
    expect(row).toMatchObject({ direction: "in", effect: "pending", in_review: true, amount: "120.00" });
    // So do the order history and the dashboard's recent activity.
    for (const url of ["/orders", "/dashboard/recent-activity"]) {
      const answer = (await kit.call({ url, token: ada.token })).json().data;
      const items = Array.isArray(answer) ? answer : answer.data;
      const listedOrder = orderListItem
        .array()
        .parse(items)
        .find((candidate) => candidate.id === record.order_id);
      expect(listedOrder, url).toMatchObject({ status: "awaiting_payment", in_review: true });
    }

    // A card deposit's payment is named without instructions; a wallet-paid order has no payment.
    const card = await deposit(ada, "card", { amount: "30.00" });
    await kit.waitForStatus(card.record.order_id, ["completed"]);
    const cardDetails = await kit.call({ url: `/orders/${card.record.order_id}/details`, token: ada.token });
    expect(cardDetails.json().data.payment).toMatchObject({
      status: "succeeded",
      in_review: false,
      instructions: null,
    });
  });

  it("money quoting an unknown or an already used reference is held for review: nothing credited, nothing lost", async () => {
    const wallet = await kit.wallet(ada, "USD");
    const { payment, record } = await deposit(ada, "wire", { amount: "150.00" });
    const unknown = await kit.arrive("VLT-QQQQQQQQ", "150.00");
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect(unknown.body).toContain("held for review");
    const before = await kit.available(wallet);
    expect((await app.sandbox.banks!.unmatchedArrivals(1))[0]).toMatchObject({
      reference: "VLT-QQQQQQQQ",
      reason: "unknown_reference",
    });
    const [order] = await app.db.select().from(orders).where(eq(orders.id, record.order_id));
    expect(order!.status).toBe("awaiting_payment");
    // The right transfer then arrives and is credited once; a second one quoting it is held.
    await kit.arrive(payment.instructions.reference, "150.00");
    await kit.waitForStatus(record.order_id, ["completed"]);
    const twice = await kit.arrive(payment.instructions.reference, "150.00");
    expect(twice.body).toContain("held for review");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await kit.available(wallet)) - before).toBe(15000n);
    await expectLedgerReconciled(app);
  });

  it("into another currency's wallet: the wallet gets the receiving amount at the locked rate", async () => {
    const wallet = await kit.wallet(ada, "EUR");
    const before = await kit.available(wallet);
    const { quotation, record } = await deposit(ada, "card", { from: "USD", to: "EUR", amount: "100.00" });
    expect(record.currency_to_iso).toBe("EUR");
    await kit.waitForStatus(record.order_id, ["completed"]);
    expect((await kit.available(wallet)) - before).toBe(minor(quotation.receiving_amount));
    await expectLedgerReconciled(app);
  });

  it("a replayed Idempotency-Key answers the same deposit and places one order", async () => {
    const quotation = await kit.depositQuotation(ada, { amount: "50.00" });
    const payment = await kit.pay(ada, quotation.id, "card");
    const first = await place(ada, quotation.id, payment.id, "deposit-replay-1");
    expect(first.statusCode, first.body).toBe(201);
    const again = await place(ada, quotation.id, payment.id, "deposit-replay-1");
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotency-hit"]).toBe("true");
    expect(again.json().data.order_id).toBe(first.json().data.order_id);
    const other = await kit.transact(
      "/wallets/deposit-money/transaction",
      ada,
      { quotation_id: quotation.id, payment_id: payment.id + 1 },
      "deposit-replay-1",
    );
    expect(other.statusCode).toBe(422);
    // A fresh key cannot place the quotation twice.
    const twice = await place(ada, quotation.id, payment.id);
    expect(twice.statusCode).toBe(409);
    const placed = (await kit.ordersOf(ada.id)).filter((order) => order.quotationId === quotation.id);
    expect(placed).toHaveLength(1);
  });

  it("refuses another user's quotation or payment (404), an expired quotation (409), a convert quotation (404)", async () => {
    const quotation = await kit.depositQuotation(ada, { amount: "40.00" });
    const payment = await kit.pay(ada, quotation.id, "card");
    const bobWallet = await kit.wallet(bob, "USD");
    const theirs = await place(bob, quotation.id, payment.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe("Quotation not found.");

    const bobQuotation = await kit.depositQuotation(bob, { amount: "40.00" });
    const foreignPayment = await place(bob, bobQuotation.id, payment.id);
    expect(foreignPayment.statusCode).toBe(404);
    expect(foreignPayment.json().message).toBe("Payment not found.");

    const convert = await kit.walletQuotation(ada, "convert", "USD", "EUR", "20.00");
    const wrongService = await place(ada, convert.id, payment.id);
    expect(wrongService.statusCode).toBe(404);

    await kit.expire(quotation.id);
    const expired = await place(ada, quotation.id, payment.id);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toMatch(/expired/);

    const malformed = await place(ada, 0, -1);
    expect(malformed.statusCode).toBe(422);
    expect(await kit.available(bobWallet)).toBe(0n);
    expect((await kit.ordersOf(bob.id)).length).toBe(0);
  });

  it("refuses a deposit into a currency the caller has no wallet in (422 on currency_to_id)", async () => {
    const carol = await kit.signUp();
    const quotation = await kit.depositQuotation(carol, { amount: "40.00" });
    const payment = await kit.pay(carol, quotation.id, "card");
    const refused = await place(carol, quotation.id, payment.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.currency_to_id).toEqual([
      "Open a USD wallet first: a deposit goes into one of your wallets.",
    ]);
    const spanish = await app.inject({
      method: "POST",
      url: "/api/wallets/deposit-money/transaction",
      headers: { authorization: `Bearer ${carol.token}`, language: "es" },
      payload: { quotation_id: quotation.id, payment_id: payment.id },
    });
    expect(spanish.json().errors.currency_to_id).toEqual([
      "Abre primero una billetera en USD: un depósito va a una de tus billeteras.",
    ]);
    expect(await kit.ordersOf(carol.id)).toHaveLength(0);
  });
});
