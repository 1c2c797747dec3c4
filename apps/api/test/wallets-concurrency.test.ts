import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import type { Database } from "../src/db/client";
import { orders, quotations, shippingMethods, verificationCodes } from "../src/db/schema/index";
import { reconcileLedger } from "../src/ledger/reconcile";
import { ORDER_MESSAGES } from "../src/orders/transition";
import { HOLD_STATUSES, type WalletRow, walletBalance } from "../src/wallets/repository";
import { latestCode, skipResendWait } from "./auth-support";
import { FX_TEST_CLOCK, openFreshDatabase, type TestApp, testConfig } from "./helper";
import { type Client, type WalletKit, walletKit } from "./wallets-support";

// Issue 10, "Figures and tests": many money-moving requests at once on one funded wallet, through
// the HTTP API (a listening server, real sockets) on real PostgreSQL. The wallet never goes below
// zero; every request is either fully done (order completed or held for its payout, wallets moved,
// quotation used) or refused with the insufficient-funds message (nothing written, quotation still
// open); money is conserved, amounts on hold included; repeats with the same Idempotency-Key,
// concurrent or later, answer the first request's status and body and move money once; the ledger
// reconciles. PGlite has one connection, so this needs TEST_DATABASE_URL.
//
// The burst mixes the three ways money leaves a wallet: sends to other users (instant), converts
// into the owner's EUR wallet (instant) and ten withdrawals to a bank account (held at once by the
// order's paid step; the payout partner is slowed so the holds stay put while the test looks). Each
// withdrawal has its own quotation and the code e-mailed for it (one live code per quotation); the
// code is judged in the request's idempotency transaction, so a concurrent repeat of a withdrawal
// waits on its key and replays the first answer rather than meeting the code the first one used.
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.warn(
    "SKIPPED wallet concurrency suite: it needs real PostgreSQL. Set TEST_DATABASE_URL=postgres://… to run it.",
  );
}

const INSUFFICIENT = { success: false, message: ORDER_MESSAGES.walletInsufficient };

describe.skipIf(!serverUrl)("wallets under concurrency (PostgreSQL, over HTTP)", () => {
  let database: Database;
  let app: TestApp;
  let kit: WalletKit;
  let baseUrl: string;

  beforeAll(async () => {
    // More connections than the default 10, so that the burst really races in the database.
    database = await openFreshDatabase({ poolMax: 25 });
    // Payouts take an hour: every withdrawal done in the burst is still on hold when it is counted.
    app = await buildApp({
      config: testConfig({ SANDBOX_PAYOUT_SECONDS: "3600" }),
      database,
      fx: FX_TEST_CLOCK,
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    kit = await walletKit(app);
  }, 60_000);
  // Closing the app closes (and drops) its database.
  afterAll(() => app?.close());

  type Answer = {
    status: number;
    hit: boolean;
    body: { success: boolean; message: string; data?: { order_id: number } };
  };

  async function post(path: string, token: string, body: unknown, key?: string): Promise<Answer> {
    const response = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${token}`,
        ...(key ? { "idempotency-key": key } : {}),
      },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      hit: response.headers.get("idempotency-hit") === "true",
      body: (await response.json()) as Answer["body"],
    };
  }

  async function sendQuotation(
    from: Client,
    to: WalletRow,
    fromIso: string,
    toIso: string,
    sendAmount: string,
  ) {
    const answer = await post("/wallets/send-money/quotation/create", from.token, {
      recipient_wallet_id: to.publicId,
      currency_from_id: kit.idOf(fromIso),
      currency_to_id: kit.idOf(toIso),
      send_amount: sendAmount,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const id = (answer.body.data as unknown as { id: number }).id;
    const [row] = await app.db.select().from(quotations).where(eq(quotations.id, id));
    return row!;
  }

  async function convertQuotation(owner: Client, sendAmount: string) {
    const answer = await post("/wallets/convert-money/quotation/create", owner.token, {
      currency_from_id: kit.idOf("USD"),
      currency_to_id: kit.idOf("EUR"),
      send_amount: sendAmount,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const id = (answer.body.data as unknown as { id: number }).id;
    const [row] = await app.db.select().from(quotations).where(eq(quotations.id, id));
    return row!;
  }

  /** The owner's US bank account, for withdrawals. */
  async function bankAccount(owner: Client) {
    const [bankDeposit] = await app.db
      .select({ id: shippingMethods.id })
      .from(shippingMethods)
      .where(eq(shippingMethods.slug, "bank-deposit"));
    const saved = await post("/wallets/withdraw-money/recipients", owner.token, {
      type: "customer",
      currency_to_id: kit.idOf("USD"),
      withdrawal_method_id: bankDeposit!.id,
      first_name: "Ana",
      last_name: "Lovelace",
      routing_number: "021000021",
      account_type: "checking",
      account_number: "123456789",
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    return (saved.body.data as unknown as { id: number }).id;
  }

  /** A withdrawal to that account, quoted, with the code e-mailed for its quotation. */
  async function readyWithdrawal(owner: Client, accountId: number, sendAmount: string) {
    const quoted = await post("/wallets/withdraw-money/quotation/create", owner.token, {
      currency_from_id: kit.idOf("USD"),
      recipient_id: accountId,
      send_amount: sendAmount,
    });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(201);
    const id = (quoted.body.data as unknown as { id: number }).id;
    await skipResendWait(app, owner.id);
    const asked = await post("/wallets/withdraw-money/confirmation", owner.token, { quotation_id: id });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const [row] = await app.db.select().from(quotations).where(eq(quotations.id, id));
    return { quotation: row!, code: await latestCode(app, owner.email) };
  }

  /** One money-moving request of the burst: its quotation, what it takes from the wallet, its call. */
  type Operation = {
    kind: "send" | "convert" | "withdraw";
    quotation: typeof quotations.$inferSelect;
    key: string;
    /** Fired a second time with the same key, in the same burst. */
    repeated: boolean;
    run: () => Promise<Answer>;
  };

  it("holds 40 sends and converts and 10 withdrawals from one wallet fired at once, with concurrent and later repeats: never below zero, all or nothing, money conserved", async () => {
    const alice = await kit.signUp();
    const aliceUsd = await kit.wallet(alice, "USD");
    const funded = 1_000_00n;
    await kit.fund(aliceUsd, funded);
    const recipients = await Promise.all(Array.from({ length: 5 }, () => kit.signUp()));
    const targets: WalletRow[] = [];
    for (const [index, recipient] of recipients.entries()) {
      targets.push(await kit.wallet(recipient, index % 2 === 0 ? "USD" : "EUR"));
    }
    const aliceEur = await kit.wallet(alice, "EUR");
    const accountId = await bankAccount(alice);

    // 40 sends and converts of 15.00 … 54.00 USD and 10 withdrawals of 20.00 … 65.00 (+1 % fee)
    // among them, about 1,810 USD in all against 1,000 funded: about half must be refused, and which
    // ones depends only on the order the database commits them in. Every fifth send or convert and
    // every other withdrawal is fired twice with its key.
    const operations: Operation[] = [];
    let sendsAndConverts = 0;
    let withdrawals = 0;
    for (let index = 0; index < 50; index++) {
      const key = randomUUID();
      if (index % 5 === 2) {
        const amount = `${20 + 5 * withdrawals}.00`;
        const { quotation, code } = await readyWithdrawal(alice, accountId, amount);
        operations.push({
          kind: "withdraw",
          quotation,
          key,
          repeated: withdrawals % 2 === 0,
          run: () =>
            post(
              "/wallets/withdraw-money/transaction",
              alice.token,
              { quotation_id: quotation.id, code },
              key,
            ),
        });
        withdrawals++;
        continue;
      }
      const amount = `${15 + sendsAndConverts}.00`;
      const repeated = sendsAndConverts % 5 === 0;
      if (sendsAndConverts % 2 === 0) {
        const target = targets[(sendsAndConverts / 2) % targets.length]!;
        const toIso = target.currencyId === kit.idOf("USD") ? "USD" : "EUR";
        const quotation = await sendQuotation(alice, target, "USD", toIso, amount);
        operations.push({
          kind: "send",
          quotation,
          key,
          repeated,
          run: () =>
            post("/wallets/send-money/transaction", alice.token, { quotation_id: quotation.id }, key),
        });
      } else {
        const quotation = await convertQuotation(alice, amount);
        operations.push({
          kind: "convert",
          quotation,
          key,
          repeated,
          run: () =>
            post("/wallets/convert-money/transaction", alice.token, { quotation_id: quotation.id }, key),
        });
      }
      sendsAndConverts++;
    }
    expect(operations.filter((operation) => operation.kind === "withdraw")).toHaveLength(10);

    // Every operation once and the repeated ones a second time with their key, all at once.
    const repeats = operations.filter((operation) => operation.repeated);
    expect(repeats.filter((operation) => operation.kind === "withdraw")).toHaveLength(5);
    const answers = await Promise.all([...operations, ...repeats].map((operation) => operation.run()));
    const firstAnswers = answers.slice(0, operations.length);
    const repeatAnswers = answers.slice(operations.length);

    // Each answer is a done order (a send or convert completed, a withdrawal held for its payout)
    // or the insufficient-funds refusal, nothing else: no repeat meets a used code or quotation.
    const all = [...operations, ...repeats];
    for (const [index, answer] of answers.entries()) {
      const operation = all[index]!;
      if (answer.status === 201) {
        expect(answer.body.data).toMatchObject({
          status: operation.kind === "withdraw" ? "paid" : "completed",
        });
      } else {
        expect(answer, `${operation.kind}: ${JSON.stringify(answer.body)}`).toMatchObject({
          status: 422,
          body: INSUFFICIENT,
        });
      }
    }
    // A concurrent repeat answers what the first did: one of the two ran, the other replayed it.
    for (const [index, operation] of repeats.entries()) {
      const first = firstAnswers[operations.indexOf(operation)]!;
      const repeat = repeatAnswers[index]!;
      expect(repeat.status, operation.kind).toBe(first.status);
      expect(repeat.body).toEqual(first.body);
      expect([first.hit, repeat.hit].filter(Boolean)).toHaveLength(1);
    }

    const done = operations.filter((_, index) => firstAnswers[index]!.status === 201);
    const refused = operations.filter((_, index) => firstAnswers[index]!.status === 422);
    expect(done.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(done.length + refused.length).toBe(operations.length);
    const spent = done.reduce((total, operation) => total + operation.quotation.totalMinor, 0n);
    const withdrawn = done
      .filter((operation) => operation.kind === "withdraw")
      .reduce((total, operation) => total + operation.quotation.totalMinor, 0n);
    const balance = await walletBalance(app.db, aliceUsd);
    // Never below zero, and exactly what the done ones took; the done withdrawals' amounts are on
    // hold (their payouts are pending), so available and on hold together are what sends and
    // converts left.
    expect(balance.availableMinor).toBeGreaterThanOrEqual(0n);
    expect(balance.availableMinor).toBe(funded - spent);
    expect(balance.onHoldMinor).toBe(withdrawn);
    expect(balance.balanceMinor).toBe(funded - (spent - withdrawn));
    const left = balance.availableMinor;
    // Nothing but credits and these debits touched the wallet, so it only ever went down: each
    // refusal found less than it needed, hence less than it needs now too.
    for (const operation of refused) expect(operation.quotation.totalMinor).toBeGreaterThan(left);

    // All or nothing: an order per done operation (a send or convert completed, a withdrawal held),
    // quotation used; none for a refused one, whose quotation is still open.
    const placed = await app.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.quotationId,
          operations.map((operation) => operation.quotation.id),
        ),
      );
    expect(placed.map((order) => order.quotationId).sort()).toEqual(
      done.map((operation) => operation.quotation.id).sort(),
    );
    for (const order of placed) {
      if (order.service === "wallet-withdraw") {
        expect(HOLD_STATUSES as readonly string[], `order ${order.id}`).toContain(order.status);
      } else {
        expect(order.status, `order ${order.id} (${order.service})`).toBe("completed");
      }
    }
    const statuses = await app.db
      .select({ id: quotations.id, status: quotations.status })
      .from(quotations)
      .where(
        inArray(
          quotations.id,
          operations.map((operation) => operation.quotation.id),
        ),
      );
    for (const row of statuses) {
      expect(row.status, `quotation ${row.id}`).toBe(
        done.some((operation) => operation.quotation.id === row.id) ? "used" : "open",
      );
    }
    // A done withdrawal used its code; a refused one's code went back with it, still live.
    const codes = await app.db
      .select({ consumedAt: verificationCodes.consumedAt, attempts: verificationCodes.attempts })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, alice.id), eq(verificationCodes.purpose, "withdrawal")));
    expect(codes).toHaveLength(10);
    expect(codes.every((code) => code.attempts === 0)).toBe(true);
    expect(codes.filter((code) => code.consumedAt !== null)).toHaveLength(
      done.filter((operation) => operation.kind === "withdraw").length,
    );
    // The EUR wallet holds what the done converts bought; each recipient what the sends delivered.
    const bought = done
      .filter((operation) => operation.kind === "convert")
      .reduce((total, operation) => total + operation.quotation.receivingAmountMinor, 0n);
    expect(await kit.available(aliceEur)).toBe(bought);
    for (const target of targets) {
      const delivered = done
        .filter((operation) => operation.quotation.targetWalletId === target.id)
        .reduce((total, operation) => total + operation.quotation.receivingAmountMinor, 0n);
      expect(await kit.available(target)).toBe(delivered);
    }

    // Later repeats, all at once too, replay what ran and move nothing.
    const replays = await Promise.all(operations.map((operation) => operation.run()));
    for (const [index, replay] of replays.entries()) {
      expect(replay.hit, `${operations[index]!.kind} ${index}`).toBe(true);
      expect(replay.status).toBe(firstAnswers[index]!.status);
      expect(replay.body).toEqual(firstAnswers[index]!.body);
    }
    expect(await walletBalance(app.db, aliceUsd)).toEqual(balance);

    const report = await reconcileLedger(app.db);
    expect(report.problems).toEqual([]);
  }, 120_000);

  it("sends between wallets in both directions at once without deadlock or loss", async () => {
    // Ten people, each sending to the next and the previous one at the same moment, twice over:
    // every pair has sends crossing in opposite directions, whose entries lock the same two
    // accounts. Each wallet can pay everything it sends, so every one of them must go through.
    const people = await Promise.all(Array.from({ length: 10 }, () => kit.signUp()));
    const walletsOf: WalletRow[] = [];
    for (const person of people) {
      const wallet = await kit.wallet(person, "USD");
      await kit.fund(wallet, 100_00n);
      walletsOf.push(wallet);
    }
    const calls: (() => Promise<Answer>)[] = [];
    for (let round = 0; round < 2; round++) {
      for (const [index, person] of people.entries()) {
        for (const step of [1, people.length - 1]) {
          const to = walletsOf[(index + step) % people.length]!;
          const quotation = await sendQuotation(person, to, "USD", "USD", "10.00");
          const key = randomUUID();
          calls.push(() =>
            post("/wallets/send-money/transaction", person.token, { quotation_id: quotation.id }, key),
          );
        }
      }
    }
    const answers = await Promise.all(calls.map((run) => run()));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    // Each sent 40.00 and received 40.00.
    for (const wallet of walletsOf) expect(await kit.available(wallet)).toBe(100_00n);
    const report = await reconcileLedger(app.db);
    expect(report.problems).toEqual([]);
  }, 120_000);
});
