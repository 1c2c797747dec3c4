import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { journalEntries, orderStatusHistory, orders, postings, wallets } from "../src/db/schema/index";
import { InsufficientFundsError } from "../src/http/errors";
import type { JobQueue } from "../src/jobs/queue";
import { balanceOf, ensureAccount } from "../src/ledger/ledger";
import { advanceOrder, type OrderJobDeps } from "../src/orders/jobs";
import {
  completeInstantly,
  ORDER_MESSAGES,
  OrderTransitionConflict,
  orderReference,
  transition,
} from "../src/orders/transition";
import type { Providers } from "../src/plugins/providers";
import { openWallet, walletBalance, walletByPublicId, walletOf } from "../src/wallets/repository";
import { appForThisFile, clearingAccount } from "./helper";
import { expectLedgerReconciled, insertPaymentRow, instantPaymentLifecycle } from "./orders-support";
import { type Client, type WalletKit, walletKit } from "./wallets-support";

// The foundation of issue 10: a wallet is a customer account in the ledger, orders pay from a
// wallet (the paid step debits it) and deliver into one (the sent step credits it), an instant
// order posts one merged entry, and the order jobs carry a deposit into its wallet by themselves.
let kit: WalletKit;
let alice: Client;

const app = appForThisFile();

beforeAll(async () => {
  kit = await walletKit(app);
  alice = await kit.signUp();
});

const entriesOf = (orderId: number) =>
  app.db
    .select()
    .from(journalEntries)
    .where(eq(journalEntries.reference, orderReference(orderId)));
const historyOf = (orderId: number) =>
  app.db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(orderStatusHistory.id);

describe("opening wallets", () => {
  it("opens one wallet per user and currency, backed by the user's customer account", async () => {
    const client = await kit.signUp();
    const usd = await openWallet(app.db, client.id, kit.idOf("USD"));
    expect(usd).not.toBeNull();
    expect(usd!.publicId).toMatch(/^VW-[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    expect(usd!.status).toBe("open");
    const account = await ensureAccount(app.db, {
      kind: "customer_wallet",
      userId: client.id,
      currencyId: kit.idOf("USD"),
    });
    expect(usd!.ledgerAccountId).toBe(account);
    // The second open answers null and leaves one row.
    expect(await openWallet(app.db, client.id, kit.idOf("USD"))).toBeNull();
    const rows = await app.db.select().from(wallets).where(eq(wallets.userId, client.id));
    expect(rows).toHaveLength(1);
    expect((await walletByPublicId(app.db, usd!.publicId))?.id).toBe(usd!.id);
    expect(await walletByPublicId(app.db, "vw-nope")).toBeNull();
    expect((await walletOf(app.db, client.id, kit.idOf("USD")))?.id).toBe(usd!.id);
  });

  it("lets exactly one of many concurrent opens of the same currency succeed", async () => {
    const client = await kit.signUp();
    const opened = await Promise.all(
      Array.from({ length: 6 }, () => app.db.transaction((tx) => openWallet(tx, client.id, kit.idOf("EUR")))),
    );
    expect(opened.filter((row) => row !== null)).toHaveLength(1);
  });

  it("refuses a second wallet in the same currency in the database itself", async () => {
    const client = await kit.signUp();
    const first = await kit.wallet(client, "GBP");
    await expect(
      app.db.insert(wallets).values({
        userId: client.id,
        currencyId: first.currencyId,
        publicId: "VW-22222-22222",
        ledgerAccountId: first.ledgerAccountId,
      }),
    ).rejects.toThrow();
  });
});

describe("an instant order (a convert) through completeInstantly", () => {
  it("moves money once, in one entry, with a history row per step", async () => {
    const usd = await kit.wallet(alice, "USD");
    const eur = await kit.wallet(alice, "EUR");
    await kit.fund(usd, 50_000n);
    const quotation = await kit.walletQuotation(alice, "convert", "USD", "EUR", "200.00");
    const before = { usd: await kit.available(usd), eur: await kit.available(eur) };

    const order = await app.db.transaction(async (tx) => {
      const inserted = await kit.insertOrder(tx, quotation, {
        service: "wallet-convert",
        sourceWalletId: usd.id,
        targetWalletId: eur.id,
      });
      return completeInstantly(tx, inserted);
    });
    expect(order.status).toBe("completed");
    expect(order.completedAt).not.toBeNull();

    expect(await kit.available(usd)).toBe(before.usd - quotation.totalMinor);
    expect(await kit.available(eur)).toBe(before.eur + quotation.receivingAmountMinor);

    const entries = await entriesOf(order.id);
    expect(entries).toHaveLength(1);
    const legs = await app.db.select().from(postings).where(eq(postings.entryId, entries[0]!.id));
    // Funds in transit nets to nothing in the merged entry, so it is not a leg at all.
    const transit = await ensureAccount(app.db, { kind: "funds_in_transit", currencyId: kit.idOf("USD") });
    expect(legs.map((leg) => leg.accountId)).not.toContain(transit);
    const byCurrency = new Map<number, bigint>();
    for (const leg of legs)
      byCurrency.set(leg.currencyId, (byCurrency.get(leg.currencyId) ?? 0n) + leg.amountMinor);
    expect([...byCurrency.values()].every((total) => total === 0n)).toBe(true);

    const history = await historyOf(order.id);
    expect(history.map((row) => [row.fromStatus, row.toStatus])).toEqual([
      [null, "created"],
      ["created", "paid"],
      ["paid", "processing"],
      ["processing", "sent"],
      ["sent", "completed"],
    ]);
    expect(history.filter((row) => row.journalEntryId === entries[0]!.id).map((row) => row.toStatus)).toEqual(
      ["paid", "sent"],
    );
    await expectLedgerReconciled(app);

    // The same order taken again (a stale copy, a replayed request) moves nothing more.
    const stale = { ...order, status: "created" };
    await expect(app.db.transaction((tx) => completeInstantly(tx, stale))).rejects.toBeInstanceOf(
      OrderTransitionConflict,
    );
    expect(await kit.available(usd)).toBe(before.usd - quotation.totalMinor);
    expect(await entriesOf(order.id)).toHaveLength(1);
    expect(await historyOf(order.id)).toHaveLength(5);
  });

  it("refuses a source wallet without the funds with InsufficientFundsError and writes nothing", async () => {
    const { client: poor, wallet: usd } = await kit.fundedClient("USD", 5_000n);
    const eur = await kit.wallet(poor, "EUR");
    const quotation = await kit.walletQuotation(poor, "convert", "USD", "EUR", "100.00");
    expect(quotation.totalMinor).toBeGreaterThan(5_000n);
    let orderId = 0;
    const attempt = app.db.transaction(async (tx) => {
      const inserted = await kit.insertOrder(tx, quotation, {
        service: "wallet-convert",
        sourceWalletId: usd.id,
        targetWalletId: eur.id,
      });
      orderId = inserted.id;
      return completeInstantly(tx, inserted);
    });
    await expect(attempt).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(attempt).rejects.toThrow(ORDER_MESSAGES.walletInsufficient);
    expect(await kit.available(usd)).toBe(5_000n);
    expect(await kit.available(eur)).toBe(0n);
    expect(await app.db.select().from(orders).where(eq(orders.id, orderId))).toEqual([]);
    expect(await entriesOf(orderId)).toEqual([]);
    expect(await historyOf(orderId)).toEqual([]);
    await expectLedgerReconciled(app);
  });
});

/**
 * A withdrawal order from a new client's USD wallet holding `fundedMinor`. A wallet quotation's
 * figures stand in for a withdrawal's: paid from the wallet, out by a payout.
 */
async function withdrawalOrder(fundedMinor: bigint) {
  const { client, wallet: usd } = await kit.fundedClient("USD", fundedMinor);
  const quotation = await kit.walletQuotation(client, "convert", "USD", "EUR", "100.00");
  const order = await kit.insertOrder(app.db, quotation, {
    service: "wallet-withdraw",
    sourceWalletId: usd.id,
  });
  return { usd, quotation, order };
}

describe("an order paid from a wallet with a payout (a withdrawal)", () => {
  it("debits the wallet on paid (shown on hold), and a refund returns it all", async () => {
    const { usd, quotation, order } = await withdrawalOrder(80_000n);
    await app.db.transaction((tx) => transition(tx, order.id, "created", "paid"));
    const held = await walletBalance(app.db, usd);
    expect(held.availableMinor).toBe(80_000n - quotation.totalMinor);
    expect(held.onHoldMinor).toBe(quotation.totalMinor);
    expect(held.balanceMinor).toBe(80_000n);

    await app.db.transaction((tx) => transition(tx, order.id, "paid", "processing"));
    await app.db.transaction((tx) => transition(tx, order.id, "processing", "failed", { reason: "refused" }));
    await app.db.transaction((tx) => transition(tx, order.id, "failed", "refunded"));
    const after = await walletBalance(app.db, usd);
    expect(after).toEqual({ balanceMinor: 80_000n, availableMinor: 80_000n, onHoldMinor: 0n });
    await expectLedgerReconciled(app);
  });

  it("refuses the paid step of a wallet without the funds, leaving the order where it was", async () => {
    const { usd, order } = await withdrawalOrder(1_000n);
    await expect(app.db.transaction((tx) => transition(tx, order.id, "created", "paid"))).rejects.toThrow(
      ORDER_MESSAGES.walletInsufficient,
    );
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe("created");
    expect(await kit.available(usd)).toBe(1_000n);
    expect(await historyOf(order.id)).toEqual([]);
  });
});

describe("the order jobs and wallets", () => {
  const idleQueue: JobQueue = { send: async () => {}, work: async () => {} };
  const lifecycle = instantPaymentLifecycle();
  const deps = (): OrderJobDeps => {
    const noPayouts = {
      ...app.providers,
      payouts: {
        name: "none",
        submit: async () => {
          throw new Error("a wallet deposit must not submit a payout");
        },
        getPayout: async () => {
          throw new Error("a wallet deposit has no payout to follow");
        },
      },
    } as Providers;
    return { db: app.db, providers: noPayouts, jobs: idleQueue, payments: lifecycle, pollSeconds: 1 };
  };

  it("carries a paid deposit into its wallet by itself: paid → processing → sent → completed", async () => {
    const client = await kit.signUp();
    const eur = await kit.wallet(client, "EUR");
    const quotation = await kit.walletQuotation(client, "deposit", "USD", "EUR", "150.00");
    const payment = await insertPaymentRow(app, quotation, {
      userId: client.id,
      method: "credit-and-debit-card-methods",
    });
    const order = await kit.insertOrder(app.db, quotation, {
      service: "wallet-deposit",
      targetWalletId: eur.id,
      paymentId: payment.id,
    });
    expect(await advanceOrder(deps(), order.id)).toBe("completed");
    expect(await kit.available(eur)).toBe(quotation.receivingAmountMinor);
    const steps = (await historyOf(order.id)).map((row) => row.toStatus);
    expect(steps).toEqual(["awaiting_payment", "paid", "processing", "sent", "completed"]);
    // The card's clearing account took exactly what was paid; the wallet got exactly what was priced.
    const clearing = await clearingAccount(app.db, kit.idOf("USD"), "card");
    const paidEntry = await app.db
      .select({ amount: postings.amountMinor })
      .from(postings)
      .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
      .where(
        and(eq(postings.accountId, clearing), like(journalEntries.idempotencyKey, `order:${order.id}:%`)),
      );
    expect(paidEntry.map((row) => row.amount)).toEqual([-quotation.totalMinor]);
    // Running the job again moves nothing.
    expect(await advanceOrder(deps(), order.id)).toBe("completed");
    expect(await balanceOf(app.db, eur.ledgerAccountId)).toBe(quotation.receivingAmountMinor);
    await expectLedgerReconciled(app);
  });

  it("pays an order from its wallet in the job, and cancels it when the wallet lacks the funds", async () => {
    const { usd, order } = await withdrawalOrder(2_000n);
    expect(await advanceOrder(deps(), order.id)).toBe("cancelled");
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.statusReason).toBe(ORDER_MESSAGES.walletInsufficient);
    expect(await kit.available(usd)).toBe(2_000n);
    await expectLedgerReconciled(app);
  });
});
