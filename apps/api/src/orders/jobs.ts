import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Secrets } from "../auth/secrets";
import type { Db } from "../db/client";
import { orders } from "../db/schema/index";
import { InsufficientFundsError } from "../http/errors";
import type { JobQueue } from "../jobs/queue";
import {
  capturePayment,
  PAYMENT_UPDATED_JOB,
  RELEASE_EXPIRED_JOB,
  refreshPayment,
  refundPayment,
  releaseExpiredPayment,
} from "../payments/lifecycle";
import type { Providers } from "../plugins/providers";
import type { PayoutState } from "../providers/payouts/payout-partner";
import { findOrder, findOrderByPayment, findPayment, openOrderIds, recipientRow } from "./repository";
import { ADVANCE_JOB } from "./service";
import type { OrderStatus } from "./status";
import { type OrderRow, OrderTransitionConflict, type TransitionOptions, transition } from "./transition";

export { PAYMENT_UPDATED_JOB };
export const SWEEP_JOB = "orders.sweep";

/** What orders asks of the payments lifecycle (payments/lifecycle.ts; tests may script it). */
export type PaymentLifecycle = {
  capturePayment: typeof capturePayment;
  refundPayment: typeof refundPayment;
  refreshPayment: typeof refreshPayment;
};
export const paymentLifecycle: PaymentLifecycle = { capturePayment, refundPayment, refreshPayment };

export type OrderJobDeps = {
  db: Db;
  providers: Providers;
  jobs: JobQueue;
  payments: PaymentLifecycle;
  /** How long to wait before looking again at an order waiting on a provider. */
  pollSeconds: number;
  /** Seals gift card codes (purchases/delivery.ts, through purchases/order-jobs.ts). */
  secrets?: Secrets;
};

export const ORDER_JOB_MESSAGES = {
  paymentFailed: "The payment did not go through.",
  payoutFailed: "The payout partner could not deliver the money.",
  refunded: "The transfer could not be delivered; the payment was refunded in full.",
  purchaseFailed: "The provider could not deliver this purchase.",
  purchaseRefunded: "Your payment was refunded in full.",
} as const;

/** What one look at an order did: moved it (look again at once), or it waits on someone else. */
export type Outcome = "moved" | "wait" | "done";

/**
 * What a service whose orders are not delivered by a payout partner or into a wallet does once they
 * are paid (processing and sent), and the reason its refund gives. Such a service registers its
 * jobs here (purchases/order-jobs.ts), so orders/ imports none of those services.
 */
export type ServiceOrderJobs = {
  deliver: (deps: OrderJobDeps, order: OrderRow) => Promise<Outcome>;
  refundReason: (order: OrderRow) => string;
};
const serviceOrderJobs = new Map<string, ServiceOrderJobs>();

export function registerServiceOrderJobs(services: readonly string[], jobs: ServiceOrderJobs) {
  for (const service of services) serviceOrderJobs.set(service, jobs);
}

/**
 * What compliance asks of an order once it is paid, before its payout is claimed (sanctions
 * screening registers it from app.ts, so orders/ imports no compliance module): `hold` answers the
 * customer's reason to hold it (paid → on_hold) or null; `outcome` what a held order waits for now
 * (a person's decision, or its release to processing, or its refund). Nothing posts for on_hold:
 * the payment stays in funds in transit until the order is released or refunded.
 */
export type PaidGate = {
  hold: (db: Db, order: OrderRow) => Promise<string | null>;
  outcome: (db: Db, order: OrderRow) => Promise<"wait" | "release" | "refund">;
  releaseReason: string;
  refundReason: string;
};
let paidGate: PaidGate | null = null;

/** Installs the paid gate (one: the last registered); null removes it. */
export function registerPaidGate(gate: PaidGate | null) {
  paidGate = gate;
}

/**
 * How a held order is looked at again once a person decided (compliance's decision passes it in):
 * its advance job, enqueued in the decision's transaction.
 */
export const resumeHeldOrder = (jobs: JobQueue) => (tx: Db, orderId: number) =>
  jobs.send(ADVANCE_JOB, { orderId }, { db: tx, singletonKey: `order:${orderId}:review` });

/** One step in its own transaction; a step someone else took first is not an error. */
export async function orderStep(
  deps: OrderJobDeps,
  order: OrderRow,
  to: OrderStatus,
  options: TransitionOptions = {},
): Promise<Outcome> {
  try {
    await deps.db.transaction((tx) => transition(tx, order.id, order.status as OrderStatus, to, options));
    return "moved";
  } catch (error) {
    if (error instanceof OrderTransitionConflict) return "moved";
    throw error;
  }
}

const paymentDeps = (deps: OrderJobDeps) => ({ db: deps.db, providers: deps.providers, jobs: deps.jobs });

/** awaiting_payment: capture an authorized card, follow the payment to paid or payment_failed. */
async function collect(deps: OrderJobDeps, order: OrderRow): Promise<Outcome> {
  if (order.paymentId === null) return "wait";
  let payment = await findPayment(deps.db, order.paymentId);
  if (!payment) return "wait";
  if (payment.status === "authorized") {
    payment = await deps.payments.capturePayment(paymentDeps(deps), payment.id);
  } else if (payment.status === "pending" || payment.status === "requires_action") {
    // The payment's own webhook or job normally answers first (payment.updated); this is the poll.
    payment = await deps.payments.refreshPayment(paymentDeps(deps), payment.id).catch(() => payment!);
  }
  if (payment.status === "succeeded") return orderStep(deps, order, "paid");
  if (payment.status === "failed" || payment.status === "canceled") {
    return orderStep(deps, order, "payment_failed", {
      reason: payment.failureMessage ?? ORDER_JOB_MESSAGES.paymentFailed,
    });
  }
  return "wait";
}

async function payoutRequest(deps: OrderJobDeps, order: OrderRow) {
  const { terms } = order;
  const recipient = order.recipientId === null ? null : await recipientRow(deps.db, order.recipientId);
  return {
    reference: order.ref,
    method: terms.delivery_method?.slug ?? "bank-deposit",
    countryIso: terms.recipient?.country_iso ?? "",
    currency: terms.currency_to_iso,
    amountMinor: order.receivingAmountMinor,
    recipient: {
      firstName: recipient?.firstName ?? terms.recipient?.first_name ?? "",
      lastName: recipient?.lastName ?? terms.recipient?.last_name ?? recipient?.businessName ?? "",
      details: recipient?.details ?? {},
    },
  };
}

/** Submits the payout (again, when a crash came between the step and the answer: same reference). */
async function submitPayout(deps: OrderJobDeps, order: OrderRow): Promise<PayoutState> {
  const state = await deps.providers.payouts.submit(await payoutRequest(deps, order));
  await deps.db
    .update(orders)
    .set({ payoutPartner: state.partner, payoutReference: state.payoutId, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
  return state;
}

/** processing, sent, available_for_pickup: follow the partner's answer. */
async function followPayout(deps: OrderJobDeps, order: OrderRow): Promise<Outcome> {
  const state =
    order.payoutReference === null
      ? await submitPayout(deps, order)
      : await deps.providers.payouts.getPayout(order.payoutReference);
  if (!state) return "wait";
  const failed = () =>
    orderStep(deps, order, "failed", { reason: state.failureMessage ?? ORDER_JOB_MESSAGES.payoutFailed });
  const partner = { payoutPartner: state.partner, payoutReference: state.payoutId };
  switch (order.status) {
    case "processing":
      if (state.status === "paid") return orderStep(deps, order, "sent", { set: partner });
      if (state.status === "available_for_pickup" || state.status === "picked_up") {
        return orderStep(deps, order, "available_for_pickup", {
          set: { ...partner, pickupReference: state.pickupReference },
        });
      }
      if (state.status === "failed") return failed();
      return "wait";
    case "sent":
      if (state.status === "paid") return orderStep(deps, order, "completed");
      if (state.status === "failed") return failed();
      return "wait";
    case "available_for_pickup":
      if (state.status === "picked_up") return orderStep(deps, order, "completed");
      if (state.status === "failed") return failed();
      return "wait";
    default:
      return "wait";
  }
}

/**
 * failed (or on_hold, refused by a review: `given` is its reason): return exactly what was paid
 * through the original channel, then post the refund.
 */
async function refund(deps: OrderJobDeps, order: OrderRow, given?: string): Promise<Outcome> {
  if (order.paymentId !== null) {
    const payment = await findPayment(deps.db, order.paymentId);
    if (payment && payment.status !== "refunded") {
      await deps.payments.refundPayment(
        paymentDeps(deps),
        payment.id,
        given ?? order.statusReason ?? ORDER_JOB_MESSAGES.payoutFailed,
      );
    }
  }
  const reason =
    given ??
    serviceOrderJobs.get(order.service)?.refundReason(order) ??
    order.statusReason ??
    ORDER_JOB_MESSAGES.refunded;
  return orderStep(deps, order, "refunded", { reason });
}

/**
 * An order paid from a wallet (a withdrawal placed without its paid step): the paid step debits the
 * wallet. A wallet without the funds cancels the order (nothing moved), rather than retrying.
 */
async function payFromWallet(deps: OrderJobDeps, order: OrderRow): Promise<Outcome> {
  try {
    return await orderStep(deps, order, "paid");
  } catch (error) {
    if (!(error instanceof InsufficientFundsError)) throw error;
    return orderStep(deps, order, "cancelled", { reason: error.message });
  }
}

/**
 * An order delivered into a wallet with no payout partner (a deposit once its payment succeeded):
 * processing → sent credits the wallet, sent → completed. Nothing to wait for.
 */
async function deliverToWallet(deps: OrderJobDeps, order: OrderRow): Promise<Outcome> {
  if (order.status === "processing") return orderStep(deps, order, "sent");
  if (order.status === "sent") return orderStep(deps, order, "completed");
  return "wait";
}

/** An order whose money ends in one of our wallets: no payout to submit or follow. */
const deliversToWallet = (order: OrderRow) => order.targetWalletId !== null && order.payoutReference === null;

/** One look at an order: does what its status waits for, if it can now. */
async function advanceOnce(deps: OrderJobDeps, order: OrderRow): Promise<Outcome> {
  const paysFromWallet = order.sourceWalletId !== null && order.paymentId === null;
  switch (order.status as OrderStatus) {
    case "created":
      return paysFromWallet ? payFromWallet(deps, order) : orderStep(deps, order, "awaiting_payment");
    case "awaiting_payment":
      return paysFromWallet ? payFromWallet(deps, order) : collect(deps, order);
    case "paid": {
      const holdReason = paidGate ? await paidGate.hold(deps.db, order) : null;
      if (holdReason !== null) return orderStep(deps, order, "on_hold", { reason: holdReason });
      // The step claims the payout: of two workers only one moves the order, and only it submits.
      if ((await orderStep(deps, order, "processing")) !== "moved") return "wait";
      return "moved";
    }
    case "on_hold":
      return resolveHold(deps, order);
    case "processing":
    case "sent":
      {
        const service = serviceOrderJobs.get(order.service);
        if (service) return service.deliver(deps, order);
      }
      return deliversToWallet(order) ? deliverToWallet(deps, order) : followPayout(deps, order);
    case "available_for_pickup":
      return followPayout(deps, order);
    case "failed":
      return refund(deps, order);
    default:
      // Final statuses.
      return "done";
  }
}

/**
 * on_hold: while a person decides, nothing (the decision enqueues the next look). Released, it goes
 * straight to processing (nothing posts: the paid step's entry stands); refused, it is refunded.
 */
async function resolveHold(deps: OrderJobDeps, order: OrderRow): Promise<Outcome> {
  if (!paidGate) return "done";
  const outcome = await paidGate.outcome(deps.db, order);
  if (outcome === "release") return orderStep(deps, order, "processing", { reason: paidGate.releaseReason });
  if (outcome === "refund") return refund(deps, order, paidGate.refundReason);
  return "done";
}

/**
 * Moves an order as far as it can go now; when it waits on a provider, looks again after
 * ORDERS_POLL_SECONDS (a webhook's payment.updated usually comes first). Safe to run twice at once:
 * every move is a transition from a known status, and the loser of a race just looks again.
 */
export async function advanceOrder(deps: OrderJobDeps, orderId: number): Promise<OrderStatus | null> {
  for (let looks = 0; looks < 12; looks++) {
    const order = await findOrder(deps.db, orderId);
    if (!order) return null;
    const outcome = await advanceOnce(deps, order);
    if (outcome === "done") return order.status as OrderStatus;
    if (outcome === "wait") {
      await deps.jobs.send(
        ADVANCE_JOB,
        { orderId },
        {
          startAfterSeconds: deps.pollSeconds,
          singletonKey: `order:${orderId}:${order.status}`,
          retryLimit: 10,
        },
      );
      return order.status as OrderStatus;
    }
  }
  return (await findOrder(deps.db, orderId))?.status as OrderStatus | null;
}

export function orderJobDeps(app: FastifyInstance): OrderJobDeps {
  return {
    db: app.db,
    providers: app.providers,
    jobs: app.jobs,
    payments: paymentLifecycle,
    pollSeconds: app.config?.ORDERS_POLL_SECONDS ?? 5,
    secrets: app.secrets,
  };
}

/**
 * The order's jobs: order.advance (placing an order enqueues it; it re-enqueues itself while the
 * order waits), payment.updated (payments enqueues it when a payment settles or fails),
 * payment.release-expired (enqueued with each payment, for when its quotation expires) and the
 * sweep enqueued at start, so orders left waiting by a restart move on again.
 */
export async function registerOrderJobs(app: FastifyInstance) {
  const deps = () => orderJobDeps(app);
  app.addHook("onReady", async () => {
    await app.jobs.work<{ orderId: number }>(ADVANCE_JOB, async (data) => {
      await advanceOrder(deps(), Number(data.orderId));
    });
    await app.jobs.work<{ paymentId: number }>(PAYMENT_UPDATED_JOB, async (data) => {
      const order = await findOrderByPayment(app.db, Number(data.paymentId));
      if (order) await advanceOrder(deps(), order.id);
    });
    // A payment whose quotation expired unused is released (payments/lifecycle.ts); early, it waits.
    await app.jobs.work<{ paymentId: number }>(RELEASE_EXPIRED_JOB, async (data) => {
      const outcome = await releaseExpiredPayment(paymentDeps(deps()), Number(data.paymentId));
      if (!outcome.released && outcome.retryInSeconds) {
        await app.jobs.send(RELEASE_EXPIRED_JOB, data, {
          startAfterSeconds: outcome.retryInSeconds,
          singletonKey: `payment.release:${data.paymentId}`,
          retryLimit: 10,
        });
      }
    });
    await app.jobs.work(SWEEP_JOB, async () => {
      for (const orderId of await openOrderIds(app.db)) {
        await app.jobs.send(ADVANCE_JOB, { orderId }, { singletonKey: `order:${orderId}:sweep` });
      }
    });
    await app.jobs.send(SWEEP_JOB, {}, { singletonKey: "orders-sweep" });
  });
}
