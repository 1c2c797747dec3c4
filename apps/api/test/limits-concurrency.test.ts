import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders } from "../src/db/schema/index";
import type { WalletRow } from "../src/wallets/repository";
import { bearer, latestCode, skipResendWait } from "./auth-support";
import { appForThisFile } from "./helper";
import { giveLevel, pastOrder } from "./limits-support";
import { type OrderKit, orderKit } from "./orders-support";
import { paymentKit } from "./payments-support";
import { type Client, type WalletKit, walletKit } from "./wallets-support";

// Issue 20 point 3: the limits hold at the transaction under one lock per user shared by every
// service. Each round, an unverified account has 900 USD counted today (1,000 a day): a transfer
// (or a purchase) and a wallet send fired together, each fitting alone and not both, answer one 201
// and one 422 on `amount`, and only one order is placed. On PostgreSQL (TEST_DATABASE_URL) the two
// requests really run at once, on two connections.
const app = appForThisFile();
let wallets: WalletKit;
let transfers: OrderKit;
let payments: Awaited<ReturnType<typeof paymentKit>>;
let payee: WalletRow;

beforeAll(async () => {
  wallets = await walletKit(app);
  transfers = await orderKit(app);
  payments = await paymentKit(app);
  payee = await wallets.wallet(await wallets.signUpVerified(), "USD");
});

/** A new unverified client with 900 USD moved today and a USD wallet holding 5,000 USD. */
async function nearlyFull(): Promise<Client> {
  const party = await transfers.signUp();
  const client: Client = { token: party.token, id: party.id, email: party.email };
  await giveLevel(app, client.id, "unverified");
  await wallets.fund(await wallets.wallet(client, "USD"), 500_000n);
  await pastOrder(app, wallets, client, 90_000n);
  return client;
}

async function sendQuotation(client: Client, amount: string) {
  const response = await app.inject({
    method: "POST",
    url: "/api/wallets/send-money/quotation/create",
    headers: bearer(client.token),
    payload: {
      recipient_wallet_id: payee.publicId,
      currency_from_id: wallets.idOf("USD"),
      currency_to_id: wallets.idOf("USD"),
      send_amount: amount,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

const post = (client: Client, url: string, payload: object) =>
  app.inject({
    method: "POST",
    url: `/api${url}`,
    headers: bearer(client.token, { "idempotency-key": randomUUID() }),
    payload,
  });

/** A wallet-paid gift card of `amount` USD, quoted and ready to buy. */
async function giftCardQuotation(client: Client, amount: string) {
  const catalogue = (
    await payments.call({ url: `/gift-cards/products?country_id=${transfers.ids.US}`, token: client.token })
  ).json().data;
  const product = catalogue.find(
    (item: { type: string; currency_iso: string }) => item.type === "RANGE" && item.currency_iso === "USD",
  );
  const quoted = await payments.call({
    method: "POST",
    url: "/gift-cards/quotation",
    token: client.token,
    payload: {
      product_id: product.id,
      amount,
      currency_from_id: transfers.ids.USD,
      recipient_name: "Grace Hopper",
      recipient_email: "grace@example.com",
    },
  });
  expect(quoted.statusCode, quoted.body).toBe(201);
  const id = quoted.json().data.id as number;
  const chosen = await payments.choose(id, 8, { token: client.token, url: "wallet" });
  expect(chosen.statusCode, chosen.body).toBe(200);
  return id;
}

async function expectOneOfTwo(client: Client, answers: Awaited<ReturnType<typeof post>>[]) {
  expect(answers.map((answer) => answer.statusCode).sort(), answers.map((a) => a.body).join("\n")).toEqual([
    201, 422,
  ]);
  const refused = answers.find((answer) => answer.statusCode === 422)!;
  expect(refused.json().errors.amount[0]).toMatch(
    /^This would take you past your 24-hour limit of 1,000 USD for unverified accounts \(\d+(\.\d\d)? USD left\)\. Verify your identity to raise it\.$/,
  );
  const placed = await app.db
    .select({ id: orders.id, service: orders.service })
    .from(orders)
    .where(
      and(
        eq(orders.userId, client.id),
        inArray(orders.service, ["consignments", "wallet-send", "wallet-withdraw", "gift-cards"]),
        inArray(orders.status, ["awaiting_payment", "paid", "processing", "sent", "completed"]),
      ),
    );
  // The past order (a completed wallet send) and exactly one of the two.
  expect(placed).toHaveLength(2);
}

describe("requests fired together across two services", () => {
  it("a transfer and a wallet send that together pass the 24-hour limit: exactly one succeeds", async () => {
    for (let round = 0; round < 4; round += 1) {
      const client = await nearlyFull();
      const quotation = await transfers.readyQuotation({ who: client, sendAmount: "60.00" });
      const payment = await transfers.paymentRow(quotation);
      const send = await sendQuotation(client, "60.00");
      const answers = await Promise.all([
        transfers.transact({ quotation_id: quotation.id, payment_id: payment.id }, { token: client.token }),
        post(client, "/wallets/send-money/transaction", { quotation_id: send }),
      ]);
      await expectOneOfTwo(client, answers);
    }
  });

  it("a purchase and a wallet send that together pass the 24-hour limit: exactly one succeeds", async () => {
    for (let round = 0; round < 3; round += 1) {
      const client = await nearlyFull();
      const giftCard = await giftCardQuotation(client, "60.00");
      const send = await sendQuotation(client, "60.00");
      const answers = await Promise.all([
        post(client, "/gift-cards/transaction", { quotation_id: giftCard }),
        post(client, "/wallets/send-money/transaction", { quotation_id: send }),
      ]);
      await expectOneOfTwo(client, answers);
    }
  });

  it("a withdrawal and a wallet send that together pass the 24-hour limit: exactly one succeeds", async () => {
    for (let round = 0; round < 2; round += 1) {
      const client = await nearlyFull();
      const account = await withdrawalAccount(client);
      const quoted = await transfers.call({
        method: "POST",
        url: "/wallets/withdraw-money/quotation/create",
        token: client.token,
        payload: { currency_from_id: transfers.ids.USD, recipient_id: account, send_amount: "60.00" },
      });
      expect(quoted.statusCode, quoted.body).toBe(201);
      const withdrawal = quoted.json().data.id as number;
      await skipResendWait(app, client.id);
      const asked = await post(client, "/wallets/withdraw-money/confirmation", { quotation_id: withdrawal });
      expect(asked.statusCode, asked.body).toBe(200);
      const code = await latestCode(app, client.email);
      const send = await sendQuotation(client, "60.00");
      const answers = await Promise.all([
        post(client, "/wallets/withdraw-money/transaction", { quotation_id: withdrawal, code }),
        post(client, "/wallets/send-money/transaction", { quotation_id: send }),
      ]);
      await expectOneOfTwo(client, answers);
    }
  });
});

/** A US bank account to withdraw to, in the client's name: its recipient id. */
async function withdrawalAccount(client: Client) {
  const account = await transfers.call({
    method: "POST",
    url: "/wallets/withdraw-money/recipients",
    token: client.token,
    payload: {
      type: "customer",
      currency_to_id: transfers.ids.USD,
      withdrawal_method_id: transfers.methods["bank-deposit"],
      first_name: "Ada",
      last_name: "Lovelace",
      routing_number: "021000021",
      account_type: "checking",
      account_number: "123456789",
    },
  });
  expect(account.statusCode, account.body).toBe(201);
  return account.json().data.id as number;
}

describe("every money-moving quotation is checked", () => {
  it("refuses a transfer, a withdrawal and a gift card past the limit on amount, and a recalculation", async () => {
    const client = await nearlyFull();
    const transfer = await transfers.call({
      method: "POST",
      url: "/consignments/quotation",
      token: client.token,
      payload: {
        country_from_id: transfers.ids.US,
        country_to_id: transfers.ids.MX,
        currency_from_id: transfers.ids.USD,
        currency_to_id: transfers.ids.MXN,
        shipping_method_id: transfers.methods["bank-deposit"],
        send_amount: "150.00",
      },
    });
    expect(transfer.statusCode, transfer.body).toBe(422);
    expect(transfer.json().errors.amount[0]).toContain("24-hour limit of 1,000 USD");

    const gift = await payments.call({
      method: "POST",
      url: "/gift-cards/quotation",
      token: client.token,
      payload: {
        product_id: (
          await payments.call({
            url: `/gift-cards/products?country_id=${transfers.ids.US}`,
            token: client.token,
          })
        )
          .json()
          .data.find(
            (item: { type: string; currency_iso: string }) =>
              item.type === "RANGE" && item.currency_iso === "USD",
          ).id,
        amount: "150.00",
        currency_from_id: transfers.ids.USD,
        recipient_name: "Grace Hopper",
        recipient_email: "grace@example.com",
      },
    });
    expect(gift.statusCode, gift.body).toBe(422);
    expect(gift.json().errors.amount[0]).toContain("(100 USD left)");

    const account = await withdrawalAccount(client);
    const withdrawal = await transfers.call({
      method: "POST",
      url: "/wallets/withdraw-money/quotation/create",
      token: client.token,
      payload: {
        currency_from_id: transfers.ids.USD,
        recipient_id: account,
        send_amount: "150.00",
      },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(422);
    expect(withdrawal.json().errors.amount[0]).toContain("24-hour limit");

    // A recalculated quotation is checked again at its new amount.
    const small = await transfers.readyQuotation({ who: client, sendAmount: "20.00", payBy: "none" });
    const recalculated = await transfers.call({
      method: "PUT",
      url: `/quotations/${small.id}`,
      token: client.token,
      payload: { send_amount: "200.00" },
    });
    expect(recalculated.statusCode, recalculated.body).toBe(422);
    expect(recalculated.json().errors.amount[0]).toContain("24-hour limit");
  });
});
