import { randomUUID } from "node:crypto";
import { confirmationRecord } from "@vela/shared/orders";
import {
  recentRecipient,
  WALLET_SEND_MESSAGES,
  walletRecipient,
  walletSendCalculation,
  walletSendQuotation,
} from "@vela/shared/wallet-send";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  journalEntries,
  orderStatusHistory,
  orders,
  postings,
  quotations,
  users,
  wallets,
} from "../src/db/schema/index";
import { orderReference } from "../src/orders/transition";
import type { WalletRow } from "../src/wallets/repository";
import { SEARCH_LIMIT } from "../src/wallets/send-recipients";
import { bearer } from "./auth-support";
import { appForThisFile, parsedData } from "./helper";
import { expectLedgerReconciled } from "./orders-support";
import { type Client, type WalletKit, walletKit } from "./wallets-support";

// Issue 10 point 4, sending to another user's wallet: finding the person (exact e-mail, phone or
// wallet id; a masked name; unknown and walletless look the same; rate-limited), recent
// recipients, the currencies, calculator and quotation of a send, and the instant transaction
// (both wallets move in one transaction with one entry, or nothing does; replays move money once).
let kit: WalletKit;
let alice: Client;
let bob: Client;
let aliceUsd: WalletRow;
let aliceEur: WalletRow;
let bobUsd: WalletRow;
let bobEur: WalletRow;

type Call = {
  method?: string;
  url: string;
  payload?: unknown;
  token?: string;
  key?: string;
  language?: string;
};
const call = ({ method = "GET", url, payload, token = alice.token, key, language }: Call) =>
  app.inject({
    method: method as "GET",
    url: `/api${url}`,
    headers: bearer(token, {
      ...(key ? { "idempotency-key": key } : {}),
      ...(language ? { language } : {}),
    }),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const verify = (client: Client) => kit.markVerified(client);

async function userRow(client: Client) {
  const [row] = await app.db.select().from(users).where(eq(users.id, client.id));
  return row!;
}

const search = (query: string, token = alice.token, language?: string) =>
  call({ url: `/wallets/send-money/search-user?query=${encodeURIComponent(query)}`, token, language });

const sendBody = (to: WalletRow, from: string, toIso: string, amount: Record<string, string>) => ({
  recipient_wallet_id: to.publicId,
  currency_from_id: kit.idOf(from),
  currency_to_id: kit.idOf(toIso),
  ...amount,
});

async function quote(body: Record<string, unknown>, token = alice.token) {
  const response = await call({
    method: "POST",
    url: "/wallets/send-money/quotation/create",
    payload: body,
    token,
  });
  expect(response.statusCode, response.body).toBe(201);
  return walletSendQuotation.parse(response.json().data);
}

const transact = (quotationId: number, options: { token?: string; key?: string; language?: string } = {}) =>
  call({
    method: "POST",
    url: "/wallets/send-money/transaction",
    payload: { quotation_id: quotationId },
    token: options.token ?? alice.token,
    key: options.key,
    language: options.language,
  });

async function closeWallet(wallet: WalletRow) {
  await app.db
    .update(wallets)
    .set({ status: "closed", closedAt: sql`now()` })
    .where(eq(wallets.id, wallet.id));
}

const app = appForThisFile();

beforeAll(async () => {
  kit = await walletKit(app);
  alice = await kit.signUpVerified();
  bob = await kit.signUpVerified();
  aliceUsd = await kit.wallet(alice, "USD");
  aliceEur = await kit.wallet(alice, "EUR");
  bobEur = await kit.wallet(bob, "EUR");
  bobUsd = await kit.wallet(bob, "USD");
  await kit.fund(aliceUsd, 1_000_00n);
});

describe("search-user", () => {
  it("finds a person by their verified e-mail in any case, answering only a masked name, a wallet id and currencies", async () => {
    const response = await search(bob.email.toUpperCase());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const found = walletRecipient.parse(response.json().data);
    expect(found).toEqual({
      name: "An••• Ga•••",
      wallet_id: bobEur.publicId,
      currencies: [
        expect.objectContaining({ id: kit.idOf("EUR"), iso: "EUR", wallet_id: bobEur.publicId }),
        expect.objectContaining({ id: kit.idOf("USD"), iso: "USD", wallet_id: bobUsd.publicId }),
      ],
    });
    // Nothing else about them: not the address, the phone, the full name or an internal id.
    const text = response.body;
    const bobRow = await userRow(bob);
    for (const secret of [bob.email, bobRow.phoneNumber!, "García", `"id":${bob.id},`]) {
      expect(text).not.toContain(secret);
    }
    expect(Object.keys(response.json().data).sort()).toEqual(["currencies", "name", "wallet_id"]);
  });

  it("finds a person by their verified phone, international or national in the caller's country, and by wallet id", async () => {
    const bobRow = await userRow(bob);
    const national = bobRow.phoneNumber!;
    const spaced = `${bobRow.phonePrefix} ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
    for (const query of [`${bobRow.phonePrefix}${national}`, spaced, national]) {
      const response = await search(query);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
      expect(response.json().data.wallet_id).toBe(bobEur.publicId);
    }
    // A wallet id, typed in lower case, names the person by that wallet.
    const byId = await search(` ${bobUsd.publicId.toLowerCase()} `);
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json().data.wallet_id).toBe(bobUsd.publicId);
    expect(byId.json().data.currencies).toHaveLength(2);
  });

  it("answers an unknown address, a person with no open wallet and an unverified address exactly alike", async () => {
    const walletless = await kit.signUp();
    await verify(walletless);
    const unverified = await kit.signUp();
    await kit.wallet(unverified, "USD");
    const closedOnly = await kit.signUp();
    await verify(closedOnly);
    const closedWallet = await kit.wallet(closedOnly, "USD");
    await closeWallet(closedWallet);
    const answers = [];
    for (const query of [
      "nobody.here@example.com",
      walletless.email,
      unverified.email,
      closedOnly.email,
      closedWallet.publicId,
      "VW-22222-22222",
      "+12025550199",
    ]) {
      const response = await search(query);
      answers.push({ query, status: response.statusCode, body: response.json() });
    }
    for (const answer of answers) {
      expect(answer, answer.query).toEqual({
        query: answer.query,
        status: 404,
        body: { success: false, message: WALLET_SEND_MESSAGES.notFound },
      });
    }
    const spanish = await search("nobody.here@example.com", alice.token, "es");
    expect(spanish.json().message).toBe(
      "No encontramos ninguna billetera Vela para este correo electrónico, número de teléfono o id de billetera.",
    );
  });

  it("refuses the caller's own account and what is no e-mail, phone or wallet id", async () => {
    const self = await search(alice.email);
    expect(self.statusCode).toBe(422);
    expect(self.json().errors).toEqual({ query: [WALLET_SEND_MESSAGES.yourself] });
    for (const query of ["not an address", "12", "@@@", "+999 1234", "VW-1234"]) {
      const response = await search(query);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors), query).toEqual(["query"]);
    }
    const anonymous = await app.inject({
      method: "GET",
      url: "/api/wallets/send-money/search-user?query=a@b.co",
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("counts every search per user and refuses past the limit with the wait, found or not", async () => {
    const prober = await kit.signUp();
    const statuses: number[] = [];
    // Sent together: the count is taken in the database, so none slips past it.
    const answers = await Promise.all(
      Array.from({ length: SEARCH_LIMIT.max + 3 }, (_, index) =>
        search(index % 2 === 0 ? bob.email : `nobody${index}@example.com`, prober.token),
      ),
    );
    for (const answer of answers) statuses.push(answer.statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    expect(statuses.filter((status) => status !== 429).length).toBe(SEARCH_LIMIT.max);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many searches\. Try again in \d+ minutes?\.$/);
    // Another user's count is their own.
    expect((await search(bob.email)).statusCode).toBe(200);
  });
});

describe("currencies", () => {
  it("lists the caller's open wallets with what each can spend, and a recipient's currencies without balances", async () => {
    const own = await call({ url: "/wallets/send-money/currencies" });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toEqual([
      expect.objectContaining({ iso: "USD", wallet_id: aliceUsd.publicId, available: "1000.00" }),
      expect.objectContaining({ iso: "EUR", wallet_id: aliceEur.publicId, available: "0.00" }),
    ]);
    const theirs = await call({
      url: `/wallets/send-money/currencies?is_from=0&wallet_id=${bobUsd.publicId}`,
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().data.map((row: { iso: string }) => row.iso)).toEqual(["EUR", "USD"]);
    expect(theirs.body).not.toContain("available");
    const unknown = await call({ url: "/wallets/send-money/currencies?is_from=0&wallet_id=VW-22222-22222" });
    expect(unknown.statusCode).toBe(404);
    const missing = await call({ url: "/wallets/send-money/currencies?is_from=0" });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty("wallet_id");
  });
});

describe("calculator and quotation", () => {
  it("prices a send in one currency at no fee and no margin, and names the recipient's wallet in it", async () => {
    const response = await call({
      method: "POST",
      url: "/wallets/send-money/calculator",
      payload: sendBody(bobEur, "USD", "USD", { send_amount: "25.50" }),
    });
    const priced = parsedData(response, 200, walletSendCalculation);
    expect(priced).toMatchObject({
      send_amount: "25.50",
      receiving_amount: "25.50",
      vela_fee_amount: "0.00",
      amount_paid: "25.50",
      rate: "1.00000000",
      payment_method: "wallet",
      country_from_id: null,
      recipient: { name: "An••• Ga•••", wallet_id: bobUsd.publicId },
    });
  });

  it("prices a send across currencies at the conversion's margin, from either amount", async () => {
    const bySend = await call({
      method: "POST",
      url: "/wallets/send-money/calculator",
      payload: sendBody(bobEur, "USD", "EUR", { send_amount: "100.00" }),
    });
    expect(bySend.statusCode, bySend.body).toBe(200);
    const priced = bySend.json().data;
    expect(Number(priced.rate)).toBeLessThan(Number(priced.mid_rate));
    expect(Number(priced.rate)).toBeCloseTo(Number(priced.mid_rate) * 0.995, 6);
    expect(priced.vela_fee_amount).toBe("0.00");
    const byReceiving = await call({
      method: "POST",
      url: "/wallets/send-money/calculator",
      payload: sendBody(bobEur, "USD", "EUR", { receiving_amount: "50.00" }),
    });
    expect(byReceiving.statusCode, byReceiving.body).toBe(200);
    expect(byReceiving.json().data.receiving_amount).toBe("50.00");
  });

  it("refuses a send to oneself, to a currency the recipient has no open wallet in, from one the caller has none in", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        sendBody(aliceEur, "USD", "EUR", { send_amount: "20.00" }),
        "recipient_wallet_id",
        WALLET_SEND_MESSAGES.yourself,
      ],
      [
        sendBody(bobEur, "USD", "GBP", { send_amount: "20.00" }),
        "currency_to_id",
        WALLET_SEND_MESSAGES.noWalletTo("GBP"),
      ],
      [
        sendBody(bobEur, "JPY", "EUR", { send_amount: "2000" }),
        "currency_from_id",
        WALLET_SEND_MESSAGES.noWalletFrom("JPY"),
      ],
      [
        {
          ...sendBody(bobEur, "USD", "EUR", { send_amount: "20.00" }),
          recipient_wallet_id: "VW-22222-22222",
        },
        "recipient_wallet_id",
        WALLET_SEND_MESSAGES.notFound,
      ],
      [
        { ...sendBody(bobEur, "USD", "EUR", { send_amount: "20.00" }), recipient_wallet_id: "bob" },
        "recipient_wallet_id",
        WALLET_SEND_MESSAGES.badWalletId,
      ],
      [sendBody(bobEur, "USD", "EUR", { send_amount: "5.00" }), "send_amount", "Min send amount is 10.00"],
    ];
    for (const [payload, field, message] of cases) {
      for (const url of ["/wallets/send-money/calculator", "/wallets/send-money/quotation/create"]) {
        const response = await call({ method: "POST", url, payload });
        expect(response.statusCode, `${url} ${field}: ${response.body}`).toBe(422);
        expect(response.json().errors?.[field], `${url} ${field}`).toEqual([message]);
      }
    }
    const spanish = await call({
      method: "POST",
      url: "/wallets/send-money/calculator",
      payload: sendBody(bobEur, "USD", "GBP", { send_amount: "20.00" }),
      language: "es",
    });
    expect(spanish.json().errors.currency_to_id).toEqual([
      "El destinatario no tiene una billetera en GBP abierta.",
    ]);
  });

  it("refuses a closed wallet of the recipient as if it had never been opened", async () => {
    const carol = await kit.signUp();
    const carolUsd = await kit.wallet(carol, "USD");
    const carolGbp = await kit.wallet(carol, "GBP");
    await closeWallet(carolGbp);
    const response = await call({
      method: "POST",
      url: "/wallets/send-money/quotation/create",
      payload: sendBody(carolUsd, "USD", "GBP", { send_amount: "20.00" }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ currency_to_id: [WALLET_SEND_MESSAGES.noWalletTo("GBP")] });
    // Named by the closed wallet's id, the person is not found at all.
    const byClosed = await call({
      method: "POST",
      url: "/wallets/send-money/calculator",
      payload: sendBody(carolGbp, "USD", "USD", { send_amount: "20.00" }),
    });
    expect(byClosed.json().errors).toEqual({ recipient_wallet_id: [WALLET_SEND_MESSAGES.notFound] });
  });

  it("stores the quotation as a wallet send to the recipient's wallet in the receiving currency, once per key", async () => {
    const key = randomUUID();
    const body = sendBody(bobUsd, "USD", "EUR", { send_amount: "40.00" });
    const first = await call({
      method: "POST",
      url: "/wallets/send-money/quotation/create",
      payload: body,
      key,
    });
    const created = parsedData(first, 201, walletSendQuotation);
    expect(created).toMatchObject({
      service: "wallet-send",
      status: "open",
      recipient: { name: "An••• Ga•••", wallet_id: bobEur.publicId },
    });
    const [row] = await app.db.select().from(quotations).where(eq(quotations.id, created.id));
    expect(row).toMatchObject({ userId: alice.id, targetWalletId: bobEur.id, service: "wallet-send" });
    const again = await call({
      method: "POST",
      url: "/wallets/send-money/quotation/create",
      payload: body,
      key,
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotency-hit"]).toBe("true");
    expect(again.json().data.id).toBe(created.id);
  });
});

describe("transaction", () => {
  const entriesOf = (orderId: number) =>
    app.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.reference, orderReference(orderId)));

  it("moves both wallets at once with one entry, completes the order and answers its confirmation", async () => {
    const beforeAlice = await kit.available(aliceUsd);
    const beforeBob = await kit.available(bobUsd);
    const quotation = await quote(sendBody(bobUsd, "USD", "USD", { send_amount: "100.00" }));
    const response = await transact(quotation.id, { key: randomUUID() });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(WALLET_SEND_MESSAGES.sent);
    const record = confirmationRecord.parse(response.json().data);
    expect(record).toMatchObject({
      status: "completed",
      quotation_id: quotation.id,
      payment_method: "wallet",
      send_amount: "100.00",
      receiving_amount: "100.00",
      amount_paid: "100.00",
      recipient_name: "An••• Ga•••",
      sender_name: "Ana García",
      currency_from_iso: "USD",
      currency_to_iso: "USD",
    });
    // Both sides, the moment the answer is back.
    expect(await kit.available(aliceUsd)).toBe(beforeAlice - 100_00n);
    expect(await kit.available(bobUsd)).toBe(beforeBob + 100_00n);

    const [order] = await app.db.select().from(orders).where(eq(orders.id, record.order_id));
    expect(order).toMatchObject({
      service: "wallet-send",
      status: "completed",
      sourceWalletId: aliceUsd.id,
      targetWalletId: bobUsd.id,
      userId: alice.id,
    });
    const entries = await entriesOf(order!.id);
    expect(entries).toHaveLength(1);
    const legs = await app.db.select().from(postings).where(eq(postings.entryId, entries[0]!.id));
    expect(legs.map((leg) => [leg.accountId, leg.amountMinor]).sort()).toEqual(
      [
        [aliceUsd.ledgerAccountId, -100_00n],
        [bobUsd.ledgerAccountId, 100_00n],
      ].sort(),
    );
    const history = await app.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order!.id))
      .orderBy(orderStatusHistory.id);
    expect(history.map((row) => row.toStatus)).toEqual([
      "created",
      "paid",
      "processing",
      "sent",
      "completed",
    ]);
    expect(order!.terms).toMatchObject({
      wallet_send: {
        sender: { name: "Ana García", wallet_id: aliceUsd.publicId },
        recipient: { name: "An••• Ga•••", wallet_id: bobUsd.publicId },
      },
    });
    const [used] = await app.db.select().from(quotations).where(eq(quotations.id, quotation.id));
    expect(used!.status).toBe("used");
    await expectLedgerReconciled(app);
  });

  it("delivers across currencies what the quotation locked, through the FX positions", async () => {
    const beforeBob = await kit.available(bobEur);
    const quotation = await quote(sendBody(bobEur, "USD", "EUR", { send_amount: "50.00" }));
    const response = await transact(quotation.id);
    expect(response.statusCode, response.body).toBe(201);
    const record = response.json().data;
    expect(record.receiving_amount).toBe(quotation.receiving_amount);
    expect(record.rate).toBe(quotation.rate);
    expect(await kit.available(bobEur)).toBe(beforeBob + BigInt(quotation.receiving_amount.replace(".", "")));
    const entries = await entriesOf(record.order_id);
    expect(entries).toHaveLength(1);
    await expectLedgerReconciled(app);
  });

  it("replays a repeat with the same Idempotency-Key without moving money again", async () => {
    const quotation = await quote(sendBody(bobUsd, "USD", "USD", { send_amount: "10.00" }));
    const key = randomUUID();
    const before = await kit.available(aliceUsd);
    const answers = await Promise.all([transact(quotation.id, { key }), transact(quotation.id, { key })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(answers[0]!.json().data.order_id).toBe(answers[1]!.json().data.order_id);
    expect(answers.filter((answer) => answer.headers["idempotency-hit"] === "true")).toHaveLength(1);
    const third = await transact(quotation.id, { key });
    expect(third.headers["idempotency-hit"]).toBe("true");
    expect(await kit.available(aliceUsd)).toBe(before - 10_00n);
    const sent = await app.db.select().from(orders).where(eq(orders.quotationId, quotation.id));
    expect(sent).toHaveLength(1);
    // Another key for a used quotation is refused.
    const other = await transact(quotation.id, { key: randomUUID() });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe("This quotation was already used. Request a new quotation.");
  });

  it("refuses a send the wallet cannot pay with the insufficient-funds message and leaves nothing behind", async () => {
    const { client: poor, wallet: poorUsd } = await kit.fundedClient("USD", 30_00n);
    const quotation = await quote(sendBody(bobUsd, "USD", "USD", { send_amount: "30.01" }), poor.token);
    const key = randomUUID();
    const refused = await transact(quotation.id, { token: poor.token, key });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      success: false,
      message: "Your wallet does not have enough funds for this.",
    });
    expect(await kit.available(poorUsd)).toBe(30_00n);
    expect(await app.db.select().from(orders).where(eq(orders.quotationId, quotation.id))).toEqual([]);
    const [row] = await app.db.select().from(quotations).where(eq(quotations.id, quotation.id));
    expect(row!.status).toBe("open");
    // The refusal is what the key keeps; a new key for the same quotation after a top-up goes through.
    expect((await transact(quotation.id, { token: poor.token, key })).statusCode).toBe(422);
    await kit.fund(poorUsd, 1n);
    const paid = await transact(quotation.id, { token: poor.token, key: randomUUID() });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await kit.available(poorUsd)).toBe(0n);
    const spanish = await transact(
      (await quote(sendBody(bobUsd, "USD", "USD", { send_amount: "10.00" }), poor.token)).id,
      {
        token: poor.token,
        language: "es",
      },
    );
    expect(spanish.statusCode).toBe(422);
    expect(spanish.json().message).toBe("Tu billetera no tiene fondos suficientes para esto.");
    await expectLedgerReconciled(app);
  });

  it("answers another user's quotation as not found and refuses other services' and expired quotations", async () => {
    const quotation = await quote(sendBody(bobUsd, "USD", "USD", { send_amount: "10.00" }));
    const stranger = await transact(quotation.id, { token: bob.token });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe("Quotation not found.");
    const unknown = await transact(2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(stranger.json());

    const convert = await kit.walletQuotation(alice, "convert", "USD", "EUR", "20.00");
    const wrongService = await transact(convert.id);
    expect(wrongService.statusCode).toBe(422);
    expect(wrongService.json().errors).toEqual({ quotation_id: [WALLET_SEND_MESSAGES.notSend] });

    await app.db
      .update(quotations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(quotations.id, quotation.id));
    const expired = await transact(quotation.id);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toMatch(/expired/);
  });

  it("refuses a send whose recipient's wallet closed after the quotation, moving nothing", async () => {
    const dave = await kit.signUp();
    const daveUsd = await kit.wallet(dave, "USD");
    const quotation = await quote(sendBody(daveUsd, "USD", "USD", { send_amount: "10.00" }));
    await closeWallet(daveUsd);
    const before = await kit.available(aliceUsd);
    const refused = await transact(quotation.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ quotation_id: [WALLET_SEND_MESSAGES.recipientGone] });
    expect(await kit.available(aliceUsd)).toBe(before);
    expect(await app.db.select().from(orders).where(eq(orders.quotationId, quotation.id))).toEqual([]);
  });

  it("refuses a send from a wallet the sender closed after the quotation", async () => {
    const { client: erin, wallet: erinGbp } = await kit.fundedClient("GBP", 50_00n);
    const bobGbp = await kit.wallet(bob, "GBP");
    const quotation = await quote(sendBody(bobGbp, "GBP", "GBP", { send_amount: "20.00" }), erin.token);
    await closeWallet(erinGbp);
    const refused = await transact(quotation.id, { token: erin.token });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ quotation_id: [WALLET_SEND_MESSAGES.sourceGone] });
  });
});

describe("recent recipients", () => {
  it("lists the people the caller sent to, newest first, each once, named by the wallet last sent to", async () => {
    const frank = await kit.signUp();
    const frankUsd = await kit.wallet(frank, "USD");
    const quotation = await quote(sendBody(frankUsd, "USD", "USD", { send_amount: "10.00" }));
    expect((await transact(quotation.id)).statusCode).toBe(201);
    const response = await call({ url: "/wallets/send-money/recent-recipients" });
    expect(response.statusCode, response.body).toBe(200);
    const recent = z.array(recentRecipient).parse(response.json().data);
    expect(recent.map((row) => row.wallet_id)).toEqual([frankUsd.publicId, bobUsd.publicId]);
    expect(recent[0]!.name).toBe("An••• Ga•••");
    expect(recent[1]!.currencies.map((row) => row.iso).sort()).toEqual(["EUR", "GBP", "USD"]);
    // The recipient has sent nothing, and someone with no open wallet left is not listed.
    expect(
      (await call({ url: "/wallets/send-money/recent-recipients", token: bob.token })).json().data,
    ).toEqual([]);
    await closeWallet(frankUsd);
    const after = (await call({ url: "/wallets/send-money/recent-recipients" })).json().data;
    expect(after.map((row: { wallet_id: string }) => row.wallet_id)).toEqual([bobUsd.publicId]);
  });

  it("keeps the sends in the sender's order history and the recipient's wallet", async () => {
    const sent = await app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.targetWalletId, bobUsd.id), eq(orders.service, "wallet-send")));
    expect(sent[0]!.count).toBeGreaterThan(0);
    await expectLedgerReconciled(app);
  });
});
