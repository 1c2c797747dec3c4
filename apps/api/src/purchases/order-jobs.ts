import { PURCHASE_SERVICES } from "@vela/shared/purchases";
import {
  ORDER_JOB_MESSAGES,
  type OrderJobDeps,
  type Outcome,
  orderStep,
  registerServiceOrderJobs,
} from "../orders/jobs";
import type { OrderRow } from "../orders/transition";
import { keepGiftCardCode, purchaseState } from "./delivery";

/**
 * processing and sent of a purchase (a top-up, gift card or bill; issue 11): the aggregator's answer
 * moves it, delivered → sent with its cost (the ledger posts cost, commission and margin), failed →
 * failed with its reason (then refunded); a gift card's code is kept and e-mailed before completing.
 */
async function followPurchase(deps: OrderJobDeps, order: OrderRow): Promise<Outcome> {
  if (order.status === "sent") {
    await keepGiftCardCode(deps, order);
    return orderStep(deps, order, "completed");
  }
  const state = await purchaseState(deps, order);
  if (!state) return "wait";
  if (state.status === "delivered") {
    return orderStep(deps, order, "sent", {
      set: {
        payoutPartner: state.provider,
        payoutReference: state.transactionId,
        providerCostMinor: state.costMinor,
      },
    });
  }
  if (state.status === "failed") {
    return orderStep(deps, order, "failed", {
      reason: state.failureMessage ?? ORDER_JOB_MESSAGES.purchaseFailed,
    });
  }
  return "wait";
}

/** The purchases' entry in the order jobs' table (orders/jobs.ts), added where the app is assembled. */
export function registerPurchaseOrderJobs() {
  registerServiceOrderJobs(PURCHASE_SERVICES, {
    deliver: followPurchase,
    refundReason: (order) =>
      `${order.statusReason ?? ORDER_JOB_MESSAGES.purchaseFailed} ${ORDER_JOB_MESSAGES.purchaseRefunded}`,
  });
}
