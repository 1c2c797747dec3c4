import type { Language } from "@vela/shared/api";
import { compareAmounts } from "@vela/shared/decimal";
import { PAYMENT_MESSAGES } from "@vela/shared/payments";
import { holdWalkInDocument } from "../compliance/walk-in";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { ConflictError, InvalidDataError, NotFoundError, ProviderDeclinedError } from "../http/errors";
import type { JobQueue } from "../jobs/queue";
import { holdWithinLimits, lockMoneyMoving } from "../limits/check";
import { shareCorridorCache } from "../pricing/corridors";
import { redeemPromoHold } from "../pricing/promo-codes";
import { assertQuotationOpen, describeQuotation, ownQuotation, type QuotationRow } from "../pricing/quotes";
import type { FxRateProvider } from "../providers/fx/rate-provider";
import { expectedArrival, newOrderRef, newTrackingNumber } from "./confirmation";
import {
  claimQuotation,
  findOrderByPayment,
  findPayment,
  insertFirstHistory,
  insertOrder,
  latestOrder,
  type OrderValues,
  orderParties,
  type PaymentRow,
  recipientRow,
} from "./repository";
import { orderTerms, recipientTerms, senderTerms } from "./terms";
import type { OrderRow } from "./transition";

export type OrderDeps = { db: Db; rates: FxRateProvider; language: Language; jobs: JobQueue };
export type PlaceOrderCommand = {
  userId: number;
  input: { quotationId: number; paymentId: number };
  idempotencyKey: string | null;
};

/** The job that moves an order on (orders/jobs.ts); placing an order enqueues it. */
export const ADVANCE_JOB = "order.advance";

/** The quotation services that become a transfer order (send money). */
const TRANSFER_SERVICES = new Set(["consignments", "send_money"]);
export const ORDER_SERVICE = "consignments";

export const PLACE_ORDER_MESSAGES = {
  paymentNotFound: "Payment not found.",
  notTransfer: "This quotation is not for a transfer.",
  noSender: "Choose who sends this transfer first.",
  noRecipient: "Choose a recipient for this transfer first.",
  noPaymentMethod: "Choose how to pay for this transfer first.",
  otherMethod:
    "This payment was made with another payment method than the one chosen for this transfer. Pay again.",
  recipientGone: "This recipient was deleted or deactivated. Choose another recipient.",
  otherQuotation: "This payment was made for another quotation.",
  amountChanged: "This payment does not match the quotation's amount to pay. Pay again.",
  notComplete: "This payment is not complete yet. Finish paying first.",
  paymentUsed: "This payment was already used for another transfer.",
  paymentFinished: "This payment can no longer be used. Pay again.",
  quotationUsed: "This quotation was already used. Request a new quotation.",
  belowMin: (min: string, iso: string) => `The minimum you can send is ${min} ${iso}.`,
  aboveMax: (max: string, iso: string) => `The maximum you can send is ${max} ${iso}.`,
} as const;

/** Channels whose money is still on its way when the transfer is placed (ACH and push transfers). */
const PENDING_CHANNELS = new Set(["ach", "push_transfer"]);

/** BRIEF contract 3: the user's payment for this quotation, in a state that can pay for it. */
export function assertPaymentUsable(payment: PaymentRow | null, userId: number, quotation: QuotationRow) {
  if (!payment || payment.userId !== userId) {
    throw new NotFoundError(PLACE_ORDER_MESSAGES.paymentNotFound);
  }
  if (payment.quotationId !== quotation.id) {
    throw new InvalidDataError({ payment_id: [PLACE_ORDER_MESSAGES.otherQuotation] });
  }
  // payments records the quotation's chosen method (migration 0016) on the payment it starts.
  if (payment.method !== quotation.paymentMethodSlug) {
    throw new InvalidDataError(
      { payment_id: [PLACE_ORDER_MESSAGES.otherMethod] },
      PLACE_ORDER_MESSAGES.otherMethod,
    );
  }
  if (payment.status === "failed" || payment.status === "canceled") {
    throw new ProviderDeclinedError(payment.failureMessage ?? PAYMENT_MESSAGES.cardDeclined);
  }
  if (payment.status === "refunded") {
    throw new InvalidDataError({ payment_id: [PLACE_ORDER_MESSAGES.paymentFinished] });
  }
  const usable =
    payment.status === "authorized" ||
    payment.status === "succeeded" ||
    (payment.status === "pending" && PENDING_CHANNELS.has(payment.channel));
  if (!usable) throw new InvalidDataError({ payment_id: [PLACE_ORDER_MESSAGES.notComplete] });
  if (payment.amountMinor !== quotation.totalMinor || payment.currencyId !== quotation.currencyFromId) {
    throw new InvalidDataError({ payment_id: [PLACE_ORDER_MESSAGES.amountChanged] });
  }
}

/** Refuses a quotation whose payment method is not chosen yet. */
export function assertPaymentMethodChosen(
  quotation: QuotationRow,
  message: string = PLACE_ORDER_MESSAGES.noPaymentMethod,
) {
  if (quotation.paymentMethodSlug === null || quotation.paymentTypeId === null) {
    throw new InvalidDataError({ payment_type_id: [message] }, message);
  }
}

/** The user's payment `paymentId`, usable for the quotation (assertPaymentUsable) and behind no order yet. */
export async function unusedPayment(
  tx: Db,
  userId: number,
  quotation: QuotationRow,
  paymentId: number,
  usedMessage: string = PLACE_ORDER_MESSAGES.paymentUsed,
): Promise<PaymentRow> {
  const payment = await findPayment(tx, paymentId);
  assertPaymentUsable(payment, userId, quotation);
  if (await findOrderByPayment(tx, payment!.id)) throw new ConflictError(usedMessage);
  return payment!;
}

/** The copy of the terms the order keeps (BRIEF contract 4). */
async function termsOf(deps: OrderDeps, quotation: QuotationRow, recipientId: number, senderId: number) {
  const summary = await describeQuotation(
    { db: deps.db, rates: deps.rates, language: deps.language },
    quotation,
  );
  const parties = await orderParties(deps.db, {
    senderId,
    recipientId,
    shippingMethodId: quotation.shippingMethodId,
    currencyFromId: quotation.currencyFromId,
    currencyToId: quotation.currencyToId,
  });
  const recipient = parties?.recipient ?? (await recipientRow(deps.db, recipientId));
  const sender = parties?.sender ?? null;
  if (!recipient || recipient.deletedAt !== null || !recipient.isActive) {
    throw new InvalidDataError({ recipient_id: [PLACE_ORDER_MESSAGES.recipientGone] });
  }
  if (!parties || !sender || sender.deletedAt !== null) {
    throw new InvalidDataError({ sender_id: [PLACE_ORDER_MESSAGES.noSender] });
  }
  const terms = orderTerms(
    summary,
    { currency_from_decimals: parties.fromDecimals ?? 2, currency_to_decimals: parties.toDecimals ?? 2 },
    {
      service: "consignments",
      sender: senderTerms(sender.id, sender, parties.senderIso),
      recipient: recipientTerms(recipient, parties.recipientIso),
      // The method's row as named in the reference data (the quotation's name follows the language).
      delivery_method: parties.method,
    },
  );
  return { terms, summary };
}

/**
 * Places a transfer (spec §7 POST /consignments/transaction): checks the quotation is the user's,
 * open, complete and within its limits and that the payment can pay for it, then, in one
 * transaction (the caller's idempotency transaction when there is one), marks the quotation used,
 * creates the order with its copy of the terms, records created → awaiting_payment, redeems a held
 * promo code and enqueues the job that moves the order on. A refusal leaves nothing behind.
 */
export async function placeOrder(deps: OrderDeps, command: PlaceOrderCommand): Promise<OrderRow> {
  const { userId, input } = command;
  return deps.db.transaction(async (tx) => {
    // First, before any row lock: every money-moving transaction of this user waits here in turn.
    await lockMoneyMoving(tx, userId);
    shareCorridorCache(tx, deps.db);
    const scoped: OrderDeps = { ...deps, db: tx };
    const quotation = await ownQuotation(tx, userId, input.quotationId);
    if (!TRANSFER_SERVICES.has(quotation.service)) {
      throw new InvalidDataError({ quotation_id: [PLACE_ORDER_MESSAGES.notTransfer] });
    }
    assertQuotationOpen(quotation);
    if (quotation.senderId === null) {
      throw new InvalidDataError({ sender_id: [PLACE_ORDER_MESSAGES.noSender] });
    }
    if (quotation.recipientId === null) {
      throw new InvalidDataError({ recipient_id: [PLACE_ORDER_MESSAGES.noRecipient] });
    }
    assertPaymentMethodChosen(quotation);
    const payment = await unusedPayment(tx, userId, quotation, input.paymentId);
    const { terms, summary } = await termsOf(scoped, quotation, quotation.recipientId, quotation.senderId);
    assertWithinSendLimits(summary);
    const usdEquivalentMinor = await holdWithinLimits(tx, deps, userId, {
      iso: summary.currency_from_iso,
      amount: summary.amount_paid,
    });
    // An agent's walk-in customer: from the day's threshold, only with an identity document.
    await holdWalkInDocument(tx, {
      senderId: quotation.senderId,
      usdMinor: usdEquivalentMinor,
      language: deps.language,
    });

    await claimOwnQuotation(tx, userId, quotation.id);
    return placeAwaitingPayment(tx, deps.jobs, quotation.id, {
      userId,
      usdEquivalentMinor,
      ...quotedOrderValues(quotation),
      service: ORDER_SERVICE,
      paymentId: payment.id,
      senderId: quotation.senderId,
      recipientId: quotation.recipientId,
      countryFromId: quotation.countryFromId,
      countryToId: quotation.countryToId,
      paymentMethod: payment.method,
      terms,
      expectedArrivalAt: expectedArrival(terms.transfer_time, new Date()),
    });
  });
}

/**
 * The columns every order copies from the quotation it was priced by: its own ref and tracking
 * number, the currencies, the delivery method and the amounts and rate as quoted (amount paid is
 * the quotation's total). Each service adds who pays, who receives and its terms.
 */
/**
 * Inserts an order paid by a provider in awaiting_payment (created → awaiting_payment moves no money:
 * its history shows both), redeems the quotation's promo hold and enqueues the job that moves it on,
 * all in the caller's transaction. Another order holding the payment already is a conflict.
 */
export async function placeAwaitingPayment(
  tx: Db,
  jobs: JobQueue,
  quotationId: number,
  values: Omit<OrderValues, "status">,
): Promise<OrderRow> {
  let order: OrderRow;
  try {
    order = await insertOrder(tx, { ...values, status: "awaiting_payment" });
  } catch (error) {
    // Another order took this payment between the caller's check and this insert.
    if (isUniqueViolation(error)) throw new ConflictError(PLACE_ORDER_MESSAGES.paymentUsed);
    throw error;
  }
  await insertFirstHistory(tx, order.id, ["created", "awaiting_payment"]);
  await redeemPromoHold(tx, quotationId);
  await jobs.send(ADVANCE_JOB, { orderId: order.id }, { db: tx, retryLimit: 10 });
  return order;
}

/** Refuses a quotation whose amount has left the corridor's limits since it was priced. */
export function assertWithinSendLimits(summary: {
  send_amount: string;
  currency_from_iso: string;
  limits: { send: { min: string; max: string } };
}) {
  const { min, max } = summary.limits.send;
  if (compareAmounts(summary.send_amount, min) < 0) {
    throw new InvalidDataError({
      send_amount: [PLACE_ORDER_MESSAGES.belowMin(min, summary.currency_from_iso)],
    });
  }
  if (compareAmounts(summary.send_amount, max) > 0) {
    throw new InvalidDataError({
      send_amount: [PLACE_ORDER_MESSAGES.aboveMax(max, summary.currency_from_iso)],
    });
  }
}

/**
 * Marks the caller's quotation used, or says why it cannot be: expired, or used already. Two requests
 * for one quotation race here: the second waits on the row, then finds it used.
 */
export async function claimOwnQuotation(tx: Db, userId: number, quotationId: number) {
  if (await claimQuotation(tx, quotationId)) return;
  assertQuotationOpen(await ownQuotation(tx, userId, quotationId));
  throw new ConflictError(PLACE_ORDER_MESSAGES.quotationUsed);
}

export function quotedOrderValues(quotation: QuotationRow) {
  return {
    ref: newOrderRef(),
    trackingNumber: newTrackingNumber(),
    quotationId: quotation.id,
    currencyFromId: quotation.currencyFromId,
    currencyToId: quotation.currencyToId,
    shippingMethodId: quotation.shippingMethodId,
    sendAmountMinor: quotation.sendAmountMinor,
    feeMinor: quotation.feeMinor,
    discountMinor: quotation.discountMinor,
    amountPaidMinor: quotation.totalMinor,
    receivingAmountMinor: quotation.receivingAmountMinor,
    rate: quotation.customerRate,
  };
}

/** GET /consignments/last-transaction: the user's latest transfer, or null. */
export async function lastTransaction(db: Db, userId: number): Promise<OrderRow | null> {
  return latestOrder(db, userId, ORDER_SERVICE);
}
