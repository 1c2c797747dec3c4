import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/client";
import { orders, payments } from "../src/db/schema/index";
import type { JobOptions, JobQueue } from "../src/jobs/queue";
import { balanceOf } from "../src/ledger/ledger";
import { advanceOrder, type OrderJobDeps } from "../src/orders/jobs";
import { openOrderIds } from "../src/orders/repository";
import type { Providers } from "../src/plugins/providers";
import type { PayoutRequest, PayoutState } from "../src/providers/payouts/payout-partner";
import { appForThisFile, clearingAccount } from "./helper";
import {
  COMPLETED_HISTORY,
  expectLedgerReconciled,
  instantPaymentLifecycle,
  type OrderKit,
  orderKit,
  statusHistoryOf,
} from "./orders-support";

// advanceOrder (orders/jobs.ts) step by step with a scripted payout partner and payments lifecycle:
// which provider answer moves the order where, and what the ledger holds after. The same life with
// the real sandboxes and the job queue is in orders-life.test.ts.
let kit: OrderKit;

const app = appForThisFile();

beforeAll(async () => {
  kit = await orderKit(app);
});

type Script = { atSubmit: PayoutState["status"]; later: PayoutState["status"][] };

function fakeDeps(script: Script) {
  const sent: { name: string; data: Record<string, unknown>; options?: JobOptions }[] = [];
  const submitted: PayoutRequest[] = [];
  const refunds: number[] = [];
  const states = [...script.later];
  const state = (status: PayoutState["status"]): PayoutState => ({
    payoutId: "PO-1",
    partner: "scripted",
    status,
    pickupReference: status === "available_for_pickup" || status === "picked_up" ? "PK-123456" : null,
    failureCode: status === "failed" ? "R" : null,
    failureMessage: status === "failed" ? "The payout partner refused the recipient's details." : null,
  });
  const jobs: JobQueue = {
    send: async (name, data, options) => {
      sent.push({ name, data, ...(options ? { options } : {}) });
    },
    work: async () => {},
  };
  const payments_ = instantPaymentLifecycle((id) => refunds.push(id));
  const providers = {
    ...app.providers,
    payouts: {
      name: "scripted",
      submit: async (request: PayoutRequest) => {
        submitted.push(request);
        return state(script.atSubmit);
      },
      getPayout: async () => state(states.length > 1 ? states.shift()! : (states[0] ?? script.atSubmit)),
    },
  } as Providers;
  const deps: OrderJobDeps = { db: app.db, providers, jobs, payments: payments_, pollSeconds: 5 };
  return { deps, sent, submitted, refunds };
}

async function placed(options: Parameters<OrderKit["readyQuotation"]>[0] = {}, status = "authorized") {
  const quotation = await kit.readyQuotation(options);
  const payment = await kit.paymentRow(quotation, { status: status as "authorized" });
  const order = await kit.placeQuietly(quotation, payment.id);
  return { orderId: order.id, payment };
}

const historyOf = (orderId: number) => statusHistoryOf(app, orderId);

describe("advanceOrder", () => {
  it("captures a card, pays out a bank deposit and completes", async () => {
    const { orderId } = await placed();
    const { deps, submitted } = fakeDeps({ atSubmit: "processing", later: ["paid"] });
    expect(await advanceOrder(deps, orderId)).toBe("processing");
    expect(submitted).toHaveLength(1);
    expect(submitted[0]).toMatchObject({ method: "bank-deposit", countryIso: "MX", currency: "MXN" });
    // The partner needs the full account number, which only the recipient row keeps.
    expect(submitted[0]!.recipient.details.clabe).toBe("002010077777777771");
    expect(await advanceOrder(deps, orderId)).toBe("completed");
    expect(await historyOf(orderId)).toEqual(COMPLETED_HISTORY);
    const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ payoutReference: "PO-1", payoutPartner: "scripted" });
    expect(order!.completedAt).not.toBeNull();
  });

  it("makes a cash pickup available with its reference, then completes when picked up", async () => {
    const { orderId } = await placed({ corridor: "ph-cash" });
    const { deps, sent } = fakeDeps({
      atSubmit: "available_for_pickup",
      later: ["available_for_pickup", "picked_up"],
    });
    expect(await advanceOrder(deps, orderId)).toBe("available_for_pickup");
    const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.pickupReference).toBe("PK-123456");
    // It waits: the job looks again later, at most one look queued per order and status.
    expect(sent.at(-1)).toMatchObject({
      name: "order.advance",
      data: { orderId },
      options: { startAfterSeconds: 5, singletonKey: `order:${orderId}:available_for_pickup` },
    });
    expect(await advanceOrder(deps, orderId)).toBe("completed");
  });

  it("refunds exactly what was paid when the partner refuses at once or returns it later", async () => {
    for (const script of [
      { atSubmit: "failed", later: [] },
      { atSubmit: "processing", later: ["processing", "failed"] },
    ] as Script[]) {
      const { orderId, payment } = await placed({ lastName: "Rejected" });
      const clearing = await clearingAccount(app.db, payment.currencyId, "card");
      const before = await balanceOf(app.db, clearing);
      const { deps, refunds } = fakeDeps(script);
      let status = await advanceOrder(deps, orderId);
      for (let looks = 0; looks < 3 && status !== "refunded"; looks++)
        status = await advanceOrder(deps, orderId);
      expect(status).toBe("refunded");
      expect(refunds).toEqual([payment.id]);
      expect(await balanceOf(app.db, clearing)).toBe(before);
      const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order!.statusReason).toBe("The payout partner refused the recipient's details.");
      expect((await historyOf(orderId)).slice(-2)).toEqual(["failed", "refunded"]);
    }
  });

  it("marks payment_failed when an ACH debit returns, and leaves a pending one waiting", async () => {
    const quotation = await kit.readyQuotation({ payBy: "ach" });
    const payment = await kit.paymentRow(quotation, { channel: "ach", status: "pending" });
    const orderId = (await kit.placeQuietly(quotation, payment.id)).id;
    const { deps } = fakeDeps({ atSubmit: "processing", later: [] });
    expect(await advanceOrder(deps, orderId)).toBe("awaiting_payment");
    await app.db
      .update(payments)
      .set({ status: "failed", failureMessage: "R01 insufficient funds" })
      .where(eq(payments.id, payment.id));
    expect(await advanceOrder(deps, orderId)).toBe("payment_failed");
    const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.statusReason).toBe("R01 insufficient funds");
    const entries = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from journal_entries where reference = ${`order:${orderId}`}`,
    );
    expect(entries[0]!.n).toBe(0);
  });

  it("lists the orders a sweep after a restart must look at again", async () => {
    const { orderId } = await placed();
    const open = await openOrderIds(app.db);
    expect(open).toContain(orderId);
    const [done] = await app.db.select({ id: orders.id }).from(orders).where(eq(orders.status, "completed"));
    if (done) expect(open).not.toContain(done.id);
  });

  it("keeps the ledger reconciled", async () => {
    await expectLedgerReconciled(app);
  });
});
