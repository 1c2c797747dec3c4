import { randomUUID } from "node:crypto";
import { codeSent } from "@vela/shared/auth";
import { confirmationRecord } from "@vela/shared/orders";
import { calculation, quotation as quotationSchema } from "@vela/shared/pricing";
import { recipientSchema } from "@vela/shared/recipients";
import { walletCurrencyOption, withdrawMethod } from "@vela/shared/wallet-dw";
import { walletTransaction } from "@vela/shared/wallets";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authAttempts,
  orderStatusHistory,
  orders,
  quotations,
  shippingMethods,
  verificationCodes,
} from "../src/db/schema/index";
import { localizeDisplay } from "../src/display/display-text";
import { deliveryDetails } from "../src/orders/confirmation";
import { sandboxPayoutByReference } from "../src/providers/payouts/sandbox-payouts";
import { walletBalance } from "../src/wallets/repository";
import { bearer, latestCode, latestMessage, skipResendWait, wrongCode } from "./auth-support";
import { buildTestApp, parsedData, type TestApp } from "./helper";
import { expectLedgerReconciled } from "./orders-support";
import { recipientKit } from "./recipient-support";
import { type DwKit, dwKit } from "./wallets-dw-support";
import type { Client } from "./wallets-support";

// Withdrawals from a wallet (issue 10 point 5): methods, withdrawal accounts through the withdraw
// form, currencies, calculator, quotation, the confirmation code (bound to the quotation, five tries
// counted in the database) and the transaction: the amount is held at once by the order's paid step,
// the sandbox payout settles it (completed) or returns it (failed → refunded into the wallet).
let app: TestApp;
let kit: DwKit;
let ada: Client;
let bob: Client;
const methods: Record<string, number> = {};

beforeAll(async () => {
  app = await buildTestApp({
    SANDBOX_PAYOUT_SECONDS: "0",
    SANDBOX_SWEEP_SECONDS: "0",
    ORDERS_POLL_SECONDS: "1",
  });
  kit = await dwKit(app);
  ada = await kit.signUp();
  bob = await kit.signUp();
  for (const row of await app.db.select().from(shippingMethods)) methods[row.slug] = row.id;
  await kit.fund(await kit.wallet(ada, "USD"), 1_000_00n);
  await kit.wallet(bob, "USD");
});
afterAll(async () => {
  await kit.settleOrders();
  await app.close();
});

/** A US bank account in the client's name (the last name picks the sandbox payout's outcome). */
async function account(client: Client, lastName = "Lovelace") {
  const response = await kit.call({
    method: "POST",
    url: "/wallets/withdraw-money/recipients",
    token: client.token,
    payload: {
      type: "customer",
      currency_to_id: kit.idOf("USD"),
      withdrawal_method_id: methods["bank-deposit"],
      first_name: "Ada",
      last_name: lastName,
      routing_number: "021000021",
      account_type: "checking",
      account_number: "123456789",
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return recipientSchema.parse(response.json().data);
}

async function quote(client: Client, recipientId: number, amount = "100.00", from = "USD") {
  const response = await kit.call({
    method: "POST",
    url: "/wallets/withdraw-money/quotation/create",
    token: client.token,
    payload: { currency_from_id: kit.idOf(from), recipient_id: recipientId, send_amount: amount },
  });
  expect(response.statusCode, response.body).toBe(201);
  return quotationSchema.parse(response.json().data);
}

const askCode = (client: Client, quotationId: number) =>
  kit.call({
    method: "POST",
    url: "/wallets/withdraw-money/confirmation",
    token: client.token,
    payload: { quotation_id: quotationId },
  });

const withdraw = (
  client: Client,
  quotationId: number,
  code: string,
  options: { key?: string | null; ip?: string } = {},
) =>
  app.inject({
    method: "POST",
    url: "/api/wallets/withdraw-money/transaction",
    remoteAddress: options.ip ?? "127.0.0.1",
    headers: {
      ...bearer(client.token),
      ...(options.key === null ? {} : { "idempotency-key": options.key ?? randomUUID() }),
    },
    payload: { quotation_id: quotationId, code },
  });

/** A quotation and its code, ready to withdraw. */
async function ready(client: Client, recipientId: number, amount = "100.00") {
  const quotation = await quote(client, recipientId, amount);
  await skipResendWait(app, client.id);
  const sent = await askCode(client, quotation.id);
  expect(sent.statusCode, sent.body).toBe(200);
  return { quotation, code: await latestCode(app, client.email) };
}

const usdWallet = () => kit.wallet(ada, "USD");

/** The client's newest withdrawal code row. */
async function latestCodeRow(client: Client) {
  const [row] = await app.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, client.id), eq(verificationCodes.purpose, "withdrawal")))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  return row!;
}

describe("methods, accounts and currencies", () => {
  it("GET methods: a bank account everywhere, a mobile wallet where the currency is paid to one", async () => {
    const all = await kit.call({ url: "/wallets/withdraw-money/methods", token: ada.token });
    expect(all.statusCode, all.body).toBe(200);
    expect(
      withdrawMethod
        .array()
        .parse(all.json().data)
        .map((method) => method.slug),
    ).toEqual(["bank-deposit", "mobile-wallet"]);
    const php = await kit.call({
      url: `/wallets/withdraw-money/methods?currency_id=${kit.idOf("PHP")}`,
      token: ada.token,
    });
    expect(php.json().data.map((method: { slug: string }) => method.slug)).toEqual([
      "bank-deposit",
      "mobile-wallet",
    ]);
    const gbp = await kit.call({
      url: `/wallets/withdraw-money/methods?currency_id=${kit.idOf("GBP")}`,
      token: ada.token,
    });
    expect(gbp.json().data.map((method: { slug: string }) => method.slug)).toEqual(["bank-deposit"]);
    const spanish = await app.inject({
      method: "GET",
      url: "/api/wallets/withdraw-money/methods",
      headers: { ...bearer(ada.token), language: "es" },
    });
    expect(spanish.json().data[0].name).toBe("Cuenta bancaria");
  });

  it("GET recipients answers the withdraw form; POST saves an account; beneficiaries lists only the caller's", async () => {
    const form = await kit.call({
      url: `/wallets/withdraw-money/recipients?currency_to_id=${kit.idOf("USD")}&withdrawal_method_id=${methods["bank-deposit"]}`,
      token: ada.token,
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().data.key).toBe("withdraw.US.bank-deposit.customer");
    const cash = await kit.call({
      url: `/wallets/withdraw-money/recipients?currency_to_id=${kit.idOf("MXN")}&withdrawal_method_id=${methods["cash-pickup"]}`,
      token: ada.token,
    });
    expect(cash.statusCode).toBe(422);

    const saved = await account(ada);
    expect(saved).toMatchObject({
      service: "wallets",
      withdrawal_method: "bank-deposit",
      currency_iso: "USD",
    });
    const bobs = await account(bob);
    const missing = await kit.call({
      method: "POST",
      url: "/wallets/withdraw-money/recipients",
      token: ada.token,
      payload: { type: "customer", first_name: "Ada", last_name: "Lovelace" },
    });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(["currency_to_id", "withdrawal_method_id"]);
    const badValues = await kit.call({
      method: "POST",
      url: "/wallets/withdraw-money/recipients",
      token: ada.token,
      payload: {
        type: "customer",
        currency_to_id: kit.idOf("USD"),
        withdrawal_method_id: methods["bank-deposit"],
        first_name: "Ada",
        last_name: "Lovelace",
        routing_number: "123",
        account_type: "checking",
        account_number: "123456789",
      },
    });
    expect(badValues.statusCode).toBe(422);
    expect(badValues.json().errors.routing_number).toBeDefined();

    const listed = await kit.call({
      url: `/wallets/withdraw-money/beneficiaries?currency_id=${kit.idOf("USD")}&withdrawal_method_id=${methods["bank-deposit"]}`,
      token: ada.token,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const ids = listed.json().data.data.map((row: { id: number }) => row.id);
    expect(ids).toContain(saved.id);
    expect(ids).not.toContain(bobs.id);
    expect(listed.json().data.per_page).toBe(10);
    const otherCurrency = await kit.call({
      url: `/wallets/withdraw-money/beneficiaries?currency_id=${kit.idOf("MXN")}`,
      token: ada.token,
    });
    expect(otherCurrency.json().data.data).toEqual([]);
  });

  it("names a saved withdrawal account as one, in both languages, and its form promises to tell nobody", async () => {
    const form = await kit.call({
      url: `/recipients/withdraw-form?currency_to_id=${kit.idOf("USD")}&withdrawal_method_id=${methods["bank-deposit"]}`,
      token: ada.token,
    });
    expect(form.statusCode, form.body).toBe(200);
    const email = form.json().data.fields.find((field: { kind: string }) => field.kind === "email");
    expect(email?.help ?? null).toBeNull();
    expect(form.body).not.toContain("let them know");

    const payload = {
      type: "customer",
      currency_to_id: kit.idOf("USD"),
      withdrawal_method_id: methods["bank-deposit"],
      first_name: "Ada",
      last_name: "Lovelace",
      routing_number: "021000021",
      account_type: "checking",
      account_number: "555566667777",
    };
    for (const [url, language, message] of [
      ["/api/recipients", "en", "Withdrawal account saved."],
      ["/api/wallets/withdraw-money/recipients", "es", "Cuenta de retiro guardada."],
    ] as const) {
      const saved = await app.inject({
        method: "POST",
        url,
        headers: { ...bearer(ada.token), language },
        payload,
      });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json().message).toBe(message);
    }
  });

  it("GET currencies: is_from=1 the caller's wallets, is_from=0 what an account can be paid in", async () => {
    const from = await kit.call({ url: "/wallets/withdraw-money/currencies?is_from=1", token: ada.token });
    const fromList = walletCurrencyOption.array().parse(from.json().data);
    expect(fromList.map((row) => row.iso)).toEqual(["USD"]);
    expect(fromList[0]!.wallet_id).toBe((await usdWallet()).id);
    const to = await kit.call({ url: "/wallets/withdraw-money/currencies?is_from=0", token: ada.token });
    expect(to.json().data.map((row: { iso: string }) => row.iso)).toEqual(
      expect.arrayContaining(["EUR", "MXN", "PHP", "USD"]),
    );
  });
});

describe("calculator and quotation", () => {
  it("prices a withdrawal: a 1 % payout fee; into another currency at the margin", async () => {
    const ask = (payload: Record<string, unknown>) =>
      kit.call({ method: "POST", url: "/wallets/withdraw-money/calculator", token: ada.token, payload });
    const same = await ask({
      currency_from_id: kit.idOf("USD"),
      currency_to_id: kit.idOf("USD"),
      send_amount: "100",
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(calculation.parse(same.json().data)).toMatchObject({
      send_amount: "100.00",
      vela_fee_amount: "1.00",
      amount_paid: "101.00",
      receiving_amount: "100.00",
      payment_method: "wallet",
      transfer_time: "1-2 business days",
    });
    const mxn = calculation.parse(
      (
        await ask({ currency_from_id: kit.idOf("USD"), currency_to_id: kit.idOf("MXN"), send_amount: "100" })
      ).json().data,
    );
    expect(Number(mxn.rate)).toBeLessThan(Number(mxn.mid_rate));
    const tooBig = await ask({
      currency_from_id: kit.idOf("USD"),
      currency_to_id: kit.idOf("USD"),
      send_amount: "20000",
    });
    expect(tooBig.statusCode).toBe(422);
  });

  it("quotes to one of the caller's accounts; refuses another user's account (404), a transfer recipient, no wallet", async () => {
    const mine = await account(ada);
    const quotation = await quote(ada, mine.id, "100.00");
    expect(quotation).toMatchObject({
      service: "wallet-withdraw",
      amount_paid: "101.00",
      shipping_method: { slug: "bank-deposit" },
      currency_to_iso: "USD",
    });
    const [row] = await app.db.select().from(quotations).where(eq(quotations.id, quotation.id));
    expect(row!.recipientId).toBe(mine.id);
    // Paid from the wallet only: no card, bank or gateway can be put on a withdrawal.
    const offered = await kit.call({ url: `/payments/payment-methods/${quotation.id}`, token: ada.token });
    expect(offered.json().data.map((method: { slug: string }) => method.slug)).toEqual(["wallet"]);
    const card = await kit.call({
      method: "PUT",
      url: `/quotations/payment-method/${quotation.id}`,
      token: ada.token,
      payload: {
        payment_type_id: 3,
        url: "authorize-credit-card",
        payment_currency_id: kit.idOf("USD"),
        country_iso: "US",
      },
    });
    expect(card.statusCode).toBe(422);
    const charged = await kit.call({
      method: "POST",
      url: "/payments/authorize-credit-card",
      token: ada.token,
      payload: { quotation_id: quotation.id, card_token: await kit.cardToken(), name_holder: "Ada Lovelace" },
    });
    expect(charged.statusCode).toBe(422);

    const bobs = await account(bob);
    const theirs = await kit.call({
      method: "POST",
      url: "/wallets/withdraw-money/quotation/create",
      token: ada.token,
      payload: { currency_from_id: kit.idOf("USD"), recipient_id: bobs.id, send_amount: "50" },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().errors.recipient_id).toEqual(["Recipient not found."]);

    const transfer = await kit.call({
      method: "POST",
      url: "/recipients",
      token: ada.token,
      payload: (await recipientKit(app)).mxRecipient(),
    });
    expect(transfer.statusCode, transfer.body).toBe(201);
    const refused = await kit.call({
      method: "POST",
      url: "/wallets/withdraw-money/quotation/create",
      token: ada.token,
      payload: {
        currency_from_id: kit.idOf("USD"),
        recipient_id: transfer.json().data.id,
        send_amount: "50",
      },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.recipient_id).toBeDefined();
    const noWallet = await kit.call({
      method: "POST",
      url: "/wallets/withdraw-money/quotation/create",
      token: ada.token,
      payload: { currency_from_id: kit.idOf("EUR"), recipient_id: mine.id, send_amount: "50" },
    });
    expect(noWallet.statusCode).toBe(422);
    expect(noWallet.json().errors.currency_from_id).toEqual(["You have no EUR wallet to withdraw from."]);
  });
});

describe("an account as orders show it", () => {
  it("masks the account number to its last four, and leaves the account type readable", () => {
    expect(deliveryDetails({ account_type: "checking", account_number: "123456789" })).toEqual({
      "Account type": "Checking",
      "Account number": "•••• 6789",
    });
  });

  it("names the details in Spanish on the way out, labels and chosen values", () => {
    const details = deliveryDetails({ account_type: "savings", account_number: "123456789", city: "Lima" });
    expect(localizeDisplay({ recipient: { delivery: details } }, "es")).toEqual({
      recipient: {
        delivery: { "Tipo de cuenta": "Ahorros", "Número de cuenta": "•••• 6789", Ciudad: "Lima" },
      },
    });
    expect(localizeDisplay({ recipient: { delivery: details } }, "en").recipient.delivery).toBe(details);
  });
});

describe("the confirmation code", () => {
  it("is sent by e-mail naming the amount and the account; another user's quotation is 404; resends wait", async () => {
    const mine = await account(ada);
    const quotation = await quote(ada, mine.id, "100.00");
    await skipResendWait(app, ada.id);
    const sent = await askCode(ada, quotation.id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(codeSent.parse(sent.json().data)).toMatchObject({ channel: "email" });
    expect(sent.json().data.destination).not.toBe(ada.email);
    const code = await latestCode(app, ada.email);
    expect(code).toMatch(/^\d{6}$/);
    // The account is named by the last four digits of its number (123456789), not of its type
    // ("Checking" once showed as "•••• king") nor of its routing number (021000021).
    const mail = await latestMessage(app, ada.email);
    expect(mail!.text).toMatch(/withdrawal of [\d,.]+ USD from your wallet/);
    expect(mail!.text).toContain("to Ada Lovelace (•••• 6789)");
    const [stored] = await app.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, ada.id), eq(verificationCodes.purpose, "withdrawal")));
    expect(stored!.codeHash).not.toContain(code);
    const again = await askCode(ada, quotation.id);
    expect(again.statusCode).toBe(429);
    const theirs = await askCode(bob, quotation.id);
    expect(theirs.statusCode).toBe(404);
  });
});

describe("POST /wallets/withdraw-money/transaction", () => {
  it("holds the amount at once, pays it out, completes; the ledger reconciles", async () => {
    const wallet = await usdWallet();
    const before = await walletBalance(app.db, wallet);
    const mine = await account(ada);
    const { quotation, code } = await ready(ada, mine.id, "100.00");
    const response = await withdraw(ada, quotation.id, code);
    const record = parsedData(response, 201, confirmationRecord);
    expect(record).toMatchObject({
      status: "paid",
      amount_paid: "101.00",
      receiving_amount: "100.00",
      recipient_id: mine.id,
      recipient_name: "Ada Lovelace",
      payment_method: "wallet",
    });
    // The hold: taken out of the available balance in the same transaction as the order.
    const held = await walletBalance(app.db, wallet);
    expect(before.availableMinor - held.availableMinor).toBe(10100n);
    expect(held.onHoldMinor - before.onHoldMinor).toBe(10100n);

    await kit.waitForStatus(record.order_id, ["completed"]);
    const after = await walletBalance(app.db, wallet);
    expect(after.availableMinor).toBe(held.availableMinor);
    expect(after.onHoldMinor).toBe(before.onHoldMinor);
    const [order] = await app.db.select().from(orders).where(eq(orders.id, record.order_id));
    expect(order).toMatchObject({
      service: "wallet-withdraw",
      sourceWalletId: wallet.id,
      targetWalletId: null,
    });
    const payout = await sandboxPayoutByReference(app.db, order!.ref);
    expect(payout).toMatchObject({
      amountMinor: 10000n,
      currency: "USD",
      method: "bank-deposit",
      countryIso: "US",
    });
    const steps = await app.db
      .select({ to: orderStatusHistory.toStatus })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, record.order_id))
      .orderBy(orderStatusHistory.id);
    expect(steps.map((step) => step.to)).toEqual(["created", "paid", "processing", "sent", "completed"]);
    const details = await kit.call({ url: `/orders/${record.order_id}/details`, token: ada.token });
    expect(details.statusCode, details.body).toBe(200);
    const receipt = await kit.call({ url: `/orders/generate/${record.order_id}`, token: ada.token });
    expect(receipt.statusCode).toBe(200);
    // The code is used up: it cannot confirm anything again.
    const reused = await withdraw(ada, quotation.id, code);
    expect(reused.statusCode).toBe(409);
    await expectLedgerReconciled(app);
  });

  for (const [lastName, reason] of [
    ["Returned", "The recipient's bank returned the payout."],
    ["Rejected", "The payout partner refused the recipient's details."],
  ] as const) {
    it(`a payout that fails (${lastName}) is refunded: the hold returns to the wallet in full`, async () => {
      const wallet = await usdWallet();
      const before = await walletBalance(app.db, wallet);
      const failing = await account(ada, lastName);
      const { quotation, code } = await ready(ada, failing.id, "40.00");
      const response = await withdraw(ada, quotation.id, code);
      expect(response.statusCode, response.body).toBe(201);
      const orderId = response.json().data.order_id as number;
      await kit.waitForStatus(orderId, ["refunded"]);
      const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order!.statusReason).toBe(reason);
      expect((await walletBalance(app.db, wallet)).availableMinor).toBe(before.availableMinor);
      await expectLedgerReconciled(app);
    });
  }

  it("lists a refunded withdrawal as a bank statement does: the debit, then its refund, netting to nothing", async () => {
    const wallet = await usdWallet();
    const before = await walletBalance(app.db, wallet);
    const failing = await account(ada, "Rejected");
    const { quotation, code } = await ready(ada, failing.id, "20.00");
    const response = await withdraw(ada, quotation.id, code);
    expect(response.statusCode, response.body).toBe(201);
    const orderId = response.json().data.order_id as number;
    await kit.waitForStatus(orderId, ["refunded"]);

    const listed = await kit.call({ url: `/wallets/${wallet.id}/transactions`, token: ada.token });
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = walletTransaction
      .array()
      .parse(listed.json().data.data)
      .filter((row) => row.id === orderId);
    // Newest first: the refund (when the money came back), then the withdrawal it reverses.
    expect(rows.map((row) => [row.movement, row.direction, row.amount, row.effect, row.status])).toEqual([
      ["refund", "in", "20.20", "posted", "refunded"],
      ["order", "out", "20.20", "posted", "refunded"],
    ]);
    expect(rows[0]!.created_at >= rows[1]!.created_at).toBe(true);
    expect((await walletBalance(app.db, wallet)).availableMinor).toBe(before.availableMinor);

    // Both rows are the order's, under its service and status filters; the total counts movements.
    const refunded = await kit.call({
      url: `/wallets/${wallet.id}/transactions?status=refunded&service=wallet-withdraw`,
      token: ada.token,
    });
    const refundedRows = walletTransaction.array().parse(refunded.json().data.data);
    expect(refundedRows.filter((row) => row.id === orderId)).toHaveLength(2);
    expect(refunded.json().data.total).toBe(refundedRows.length);
    const today = new Date().toISOString().slice(0, 10);
    const byDay = await kit.call({
      url: `/wallets/${wallet.id}/transactions?date_from=${today}&date_to=${today}&status=refunded`,
      token: ada.token,
    });
    expect(byDay.json().data.data.filter((row: { id: number }) => row.id === orderId)).toHaveLength(2);

    // The services are named in the caller's language, in the list and in its filter buttons.
    const spanish = await app.inject({
      method: "GET",
      url: `/api/wallets/${wallet.id}/transactions?service=wallet-withdraw`,
      headers: { ...bearer(ada.token), language: "es" },
    });
    expect(spanish.json().data.data[0].service_name).toBe("Retiro");
    const services = await app.inject({
      method: "GET",
      url: "/api/wallets/selects/services",
      headers: { ...bearer(ada.token), language: "es" },
    });
    expect(services.json().data.map((option: { name: string }) => option.name)).toEqual([
      "Depósito",
      "Conversión",
      "Envío",
      "Retiro",
    ]);
  });

  it("a wrong code is refused with the tries left, moves nothing, and counts even though the request is refused", async () => {
    const wallet = await usdWallet();
    const before = await walletBalance(app.db, wallet);
    const mine = await account(ada);
    const { quotation, code } = await ready(ada, mine.id, "30.00");
    const wrong = await withdraw(ada, quotation.id, wrongCode(code));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual(["The code is not correct. 4 tries left."]);
    const again = await withdraw(ada, quotation.id, wrongCode(code));
    expect(again.json().errors.code).toEqual(["The code is not correct. 3 tries left."]);
    // Without an Idempotency-Key the request has a transaction of its own, and the try counts too.
    const keyless = await withdraw(ada, quotation.id, wrongCode(code), { key: null });
    expect(keyless.json().errors.code).toEqual(["The code is not correct. 2 tries left."]);
    expect((await walletBalance(app.db, wallet)).availableMinor).toBe(before.availableMinor);
    const malformed = await withdraw(ada, quotation.id, "12ab");
    expect(malformed.statusCode).toBe(422);
    const missing = await app.inject({
      method: "POST",
      url: "/api/wallets/withdraw-money/transaction",
      headers: bearer(ada.token),
      payload: { quotation_id: quotation.id },
    });
    expect(missing.statusCode).toBe(422);
    // The right code still works (two tries were left), without a key too.
    const right = await withdraw(ada, quotation.id, code, { key: null });
    expect(right.statusCode, right.body).toBe(201);
  });

  it("each withdrawal has its own code: it confirms only the withdrawal it was sent for", async () => {
    const wallet = await usdWallet();
    const mine = await account(ada);
    const { quotation: first, code: firstCode } = await ready(ada, mine.id, "20.00");
    const { quotation: second, code: secondCode } = await ready(ada, mine.id, "25.00");
    // The second code did not end the first: two withdrawals can wait for confirmation at once.
    const crossed = await withdraw(ada, first.id, secondCode);
    expect(crossed.statusCode).toBe(422);
    expect(crossed.json().errors.code).toEqual(["The code is not correct. 4 tries left."]);
    const third = await quote(ada, mine.id, "26.00");
    const noCode = await withdraw(ada, third.id, secondCode);
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json().errors.code).toEqual(["No code is waiting to be checked. Ask for a new one."]);
    const before = (await walletBalance(app.db, wallet)).availableMinor;
    const [one, two] = await Promise.all([
      withdraw(ada, first.id, firstCode),
      withdraw(ada, second.id, secondCode),
    ]);
    expect(one.statusCode, one.body).toBe(201);
    expect(two.statusCode, two.body).toBe(201);
    expect(before - (await walletBalance(app.db, wallet)).availableMinor).toBe(2020n + 2525n);
    // Asking again for the same quotation replaces its code only.
    await skipResendWait(app, ada.id);
    expect((await askCode(ada, third.id)).statusCode).toBe(200);
    const oldThird = await latestCode(app, ada.email);
    await skipResendWait(app, ada.id);
    expect((await askCode(ada, third.id)).statusCode).toBe(200);
    const newThird = await latestCode(app, ada.email);
    if (oldThird !== newThird) expect((await withdraw(ada, third.id, oldThird)).statusCode).toBe(422);
    expect((await withdraw(ada, third.id, newThird)).statusCode).toBe(201);
  });

  it("too many tries fired together: no more than five are judged, then even the right code is refused", async () => {
    const wallet = await usdWallet();
    const mine = await account(ada);
    const { quotation, code } = await ready(ada, mine.id, "35.00");
    const before = await walletBalance(app.db, wallet);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        withdraw(ada, quotation.id, wrongCode(code), { ip: `10.0.7.${index + 1}` }),
      ),
    );
    const judgedWrong = answers.filter((answer) => /not correct/.test(answer.body));
    expect(judgedWrong.length).toBeLessThanOrEqual(4);
    expect(answers.every((answer) => answer.statusCode === 422 || answer.statusCode === 429)).toBe(true);
    expect(answers.filter((answer) => answer.statusCode === 429).length).toBeGreaterThanOrEqual(1);
    const row = await latestCodeRow(ada);
    expect(row!.attempts).toBe(5);
    expect(row!.consumedAt).not.toBeNull();
    const late = await withdraw(ada, quotation.id, code, { ip: "10.0.7.99" });
    expect(late.statusCode).not.toBe(201);
    expect((await walletBalance(app.db, wallet)).availableMinor).toBe(before.availableMinor);
    // A new code for the same quotation works.
    await skipResendWait(app, ada.id);
    expect((await askCode(ada, quotation.id)).statusCode).toBe(200);
    const fresh = await latestCode(app, ada.email);
    expect((await withdraw(ada, quotation.id, fresh, { ip: "10.0.7.100" })).statusCode).toBe(201);
  });

  it("more than the wallet holds is refused with the insufficient-funds message; nothing is written", async () => {
    const wallet = await usdWallet();
    const before = await walletBalance(app.db, wallet);
    const mine = await account(ada);
    const tooMuch = (before.availableMinor / 100n + 1n).toString();
    const { quotation, code } = await ready(ada, mine.id, `${tooMuch}.00`);
    const ordersBefore = (await kit.ordersOf(ada.id)).length;
    const refused = await withdraw(ada, quotation.id, code);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe("Your wallet does not have enough funds for this.");
    expect((await kit.ordersOf(ada.id)).length).toBe(ordersBefore);
    expect((await walletBalance(app.db, wallet)).availableMinor).toBe(before.availableMinor);
    const [row] = await app.db.select().from(quotations).where(eq(quotations.id, quotation.id));
    expect(row!.status).toBe("open");
    // The code's use went back with the withdrawal: it still confirms it (with a new key).
    expect((await latestCodeRow(ada)).consumedAt).toBeNull();
    await expectLedgerReconciled(app);
  });

  it("a replayed Idempotency-Key answers the first withdrawal and moves the money once", async () => {
    const wallet = await usdWallet();
    const mine = await account(ada);
    const { quotation, code } = await ready(ada, mine.id, "15.00");
    const before = await walletBalance(app.db, wallet);
    // A malformed key is refused before the code is judged: the code stays usable.
    const badKey = await withdraw(ada, quotation.id, code, { key: "bad key with spaces" });
    expect(badKey.statusCode).toBe(422);
    expect(badKey.json().errors["Idempotency-Key"]).toBeDefined();
    expect((await latestCodeRow(ada)).consumedAt).toBeNull();
    const first = await withdraw(ada, quotation.id, code, { key: "withdraw-replay-1" });
    expect(first.statusCode, first.body).toBe(201);
    const replay = await withdraw(ada, quotation.id, code, { key: "withdraw-replay-1" });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers["idempotency-hit"]).toBe("true");
    expect(replay.json().data.order_id).toBe(first.json().data.order_id);
    const after = await walletBalance(app.db, wallet);
    expect(before.availableMinor - after.availableMinor).toBe(1515n);
    const otherBody = await withdraw(ada, quotation.id, wrongCode(code), { key: "withdraw-replay-1" });
    expect(otherBody.statusCode).toBe(422);
    expect((await kit.ordersOf(ada.id)).filter((order) => order.quotationId === quotation.id)).toHaveLength(
      1,
    );
  });

  it("concurrent repeats with one Idempotency-Key replay the first answer, never a used code, and cost no try", async () => {
    const wallet = await usdWallet();
    const mine = await account(ada);
    const { quotation, code } = await ready(ada, mine.id, "16.00");
    const before = (await walletBalance(app.db, wallet)).availableMinor;
    const ip = "10.0.9.1";
    const key = randomUUID();
    // A wrong code and its repeats, together: one judged and counted, the rest replay its refusal.
    const wrongs = await Promise.all(
      Array.from({ length: 4 }, () => withdraw(ada, quotation.id, wrongCode(code), { key, ip })),
    );
    for (const answer of wrongs) {
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json()).toEqual(wrongs[0]!.json());
    }
    expect(wrongs[0]!.json().errors.code).toEqual(["The code is not correct. 4 tries left."]);
    expect(wrongs.filter((answer) => answer.headers["idempotency-hit"] === "true")).toHaveLength(3);
    expect((await latestCodeRow(ada)).attempts).toBe(1);
    // The same wrong code with a new key is judged again and counted, as any try.
    const again = await withdraw(ada, quotation.id, wrongCode(code), { ip });
    expect(again.json().errors.code).toEqual(["The code is not correct. 3 tries left."]);
    // The right code and its repeats, together: one withdrawal, every answer the same.
    const rightKey = randomUUID();
    const rights = await Promise.all(
      Array.from({ length: 4 }, () => withdraw(ada, quotation.id, code, { key: rightKey, ip })),
    );
    for (const answer of rights) {
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json()).toEqual(rights[0]!.json());
    }
    expect(rights.filter((answer) => answer.headers["idempotency-hit"] === "true")).toHaveLength(3);
    expect(before - (await walletBalance(app.db, wallet)).availableMinor).toBe(1616n);
    expect((await kit.ordersOf(ada.id)).filter((order) => order.quotationId === quotation.id)).toHaveLength(
      1,
    );
    // The used code with a new key is still refused (the quotation is used), and moves nothing.
    expect((await withdraw(ada, quotation.id, code, { ip })).statusCode).toBe(409);
    // Against the network: the two wrong codes judged, nothing for the replays or the right code.
    const tries = await app.db
      .select({ succeeded: authAttempts.succeeded })
      .from(authAttempts)
      .where(and(eq(authAttempts.kind, "code"), eq(authAttempts.ip, ip)));
    expect(tries.filter((row) => !row.succeeded)).toHaveLength(2);
  });

  it("another user's quotation is 404 and costs its owner no try; an expired one is 409", async () => {
    const mine = await account(ada);
    const { quotation, code } = await ready(ada, mine.id, "12.00");
    const theirs = await withdraw(bob, quotation.id, code);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe("Quotation not found.");
    expect((await latestCodeRow(ada)).attempts).toBe(0);
    const deposit = await kit.walletQuotation(ada, "deposit", "USD", "USD", "20.00");
    expect((await withdraw(ada, deposit.id, code)).statusCode).toBe(404);
    await kit.expire(quotation.id);
    const expired = await withdraw(ada, quotation.id, code);
    expect(expired.statusCode).toBe(409);
    expect((await askCode(ada, quotation.id)).statusCode).toBe(409);
  });
});
