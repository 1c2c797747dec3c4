import type { Language } from "@vela/shared/api";
import type { PurchaseTerms, TermsSender } from "@vela/shared/order-terms";
import {
  type BillQuotationRequest,
  type GiftCardQuotationRequest,
  PURCHASE_MESSAGES,
  type PurchaseConfirmation,
  type PurchaseItem,
  type PurchaseQuotation,
  type PurchaseService,
  type RedeemCode,
  type TopupQuotationRequest,
} from "@vela/shared/purchases";
import { WALLET_SEND_MESSAGES } from "@vela/shared/wallet-send";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { UserRow } from "../auth/sessions";
import { assertWalkInDocument, holdWalkInDocument } from "../compliance/walk-in";
import type { Db } from "../db/client";
import { countries, currencies, giftCardCodes, orders, senders } from "../db/schema/index";
import { ConflictError, InvalidDataError, NotFoundError } from "../http/errors";
import type { JobQueue } from "../jobs/queue";
import { holdWithinLimits, lockMoneyMoving, usdMinorOf } from "../limits/check";
import { expectedArrival, toConfirmationRecord } from "../orders/confirmation";
import { insertFirstHistory, insertOrder } from "../orders/repository";
import {
  ADVANCE_JOB,
  assertPaymentMethodChosen,
  assertWithinSendLimits,
  claimOwnQuotation,
  placeAwaitingPayment,
  quotedOrderValues,
  unusedPayment,
} from "../orders/service";
import { currencyDigits, orderTerms, purchaseOrderTermsOf, senderTerms } from "../orders/terms";
import { type OrderRow, transition } from "../orders/transition";
import type { Providers } from "../plugins/providers";
import { shareCorridorCache } from "../pricing/corridors";
import { redeemPromoHold } from "../pricing/promo-codes";
import {
  assertQuotationOpen,
  describeQuotation,
  ownQuotation,
  type PricingContext,
  priceOffer,
  purchaseOffer,
  type QuotationRow,
  saveQuotation,
} from "../pricing/quotes";
import type { FxRateProvider } from "../providers/fx/rate-provider";
import { findOwnSender, type SenderRow, syncSelfSender } from "../senders/repository";
import { walletOf } from "../wallets/repository";
import { resolveBill, resolveGiftCard, resolveTopup } from "./catalogue";

/**
 * The purchase services (issue 11): phone top-ups, gift cards and bill payments. Each purchase is a
 * quotation (the product, its face value in the product's currency, priced in the payer's currency),
 * then an order like any other: paid by a card, a bank or a gateway (the payment routes of send money)
 * or from the caller's wallet, delivered by the aggregator in the order's job (orders/jobs.ts), and
 * refunded in full when the aggregator fails it.
 */
export type PurchaseDeps = {
  db: Db;
  rates: FxRateProvider;
  language: Language;
  jobs: JobQueue;
  providers: Providers;
};

export const PURCHASE_SERVICE_NAMES: Record<PurchaseService, string> = {
  "reload-phones": "Phone top-up",
  "gift-cards": "Gift card",
  "prepaid-pay-bills": "Bill payment",
};

const WALLET_SLUG = "wallet";

export const itemOf = (terms: PurchaseTerms): PurchaseItem => ({
  service: terms.service,
  provider_name: terms.provider_name,
  logo_url: terms.logo_url,
  product_id: terms.product_id,
  product_name: terms.product_name,
  face_value: terms.face_value,
  face_currency_iso: terms.face_currency_iso,
  country_iso: terms.country_iso,
  account: terms.account,
  operator_id: terms.operator_id,
  recipient_name: terms.recipient_name,
});

async function currencyIdOf(db: Db, iso: string): Promise<number> {
  const [row] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.iso, iso));
  if (!row) throw new Error(`currency ${iso} is not in the reference data`);
  return row.id;
}

async function countryIdOf(db: Db, iso2: string): Promise<number> {
  const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.iso2, iso2));
  if (!row) throw new Error(`country ${iso2} is not in the reference data`);
  return row.id;
}

async function countryIsoOf(db: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db.select({ iso2: countries.iso2 }).from(countries).where(eq(countries.id, id));
  return row?.iso2 ?? null;
}

/** Who pays: the sender named (the caller's own, active, not deleted), or the caller's own profile. */
async function payingSender(db: Db, user: UserRow, senderId: number | undefined): Promise<SenderRow | null> {
  if (senderId === undefined) return user.role === "client" ? syncSelfSender(db, user) : null;
  const sender = await findOwnSender(db, user.id, senderId);
  if (!sender || sender.deletedAt !== null) throw new NotFoundError("Sender not found.");
  if (!sender.isActive) throw new InvalidDataError({ sender_id: ["This sender is disabled."] });
  return sender;
}

type QuoteRequest =
  | { service: "reload-phones"; body: TopupQuotationRequest }
  | { service: "gift-cards"; body: GiftCardQuotationRequest }
  | { service: "prepaid-pay-bills"; body: BillQuotationRequest };

/** Resolves the product of a quotation request against the aggregator: what it buys and its face value. */
async function purchaseTermsOf(
  deps: PurchaseDeps,
  user: UserRow,
  request: QuoteRequest,
): Promise<PurchaseTerms> {
  const { providers } = deps;
  if (request.service === "reload-phones") {
    const { body } = request;
    const { phone, operator, product, faceValue } = await resolveTopup(providers.topups, body);
    return {
      service: "reload-phones",
      aggregator: providers.topups.name,
      provider_name: operator.name,
      logo_url: operator.logoUrl,
      operator_id: operator.id,
      product_id: product.id,
      product_name: product.name,
      country_iso: operator.countryIso,
      face_value: faceValue,
      face_currency_iso: product.currencyIso,
      account: phone.e164,
      recipient_name: null,
      message: null,
      commission_bps: operator.commissionBps,
      payer: null,
      redeem_instructions: null,
    };
  }
  if (request.service === "gift-cards") {
    const { body } = request;
    const senderCountryIso = (await countryIsoOf(deps.db, user.countryId)) ?? "";
    const { product, faceValue } = await resolveGiftCard(providers.giftcards, {
      product_id: body.product_id,
      amount: body.amount,
      senderCountryIso,
    });
    return {
      service: "gift-cards",
      aggregator: providers.giftcards.name,
      provider_name: product.brand,
      logo_url: product.logoUrl,
      operator_id: null,
      product_id: product.id,
      product_name: product.name,
      country_iso: product.countryIso,
      face_value: faceValue,
      face_currency_iso: product.currencyIso,
      account: body.recipient_email,
      recipient_name: body.recipient_name,
      message: body.message ?? null,
      commission_bps: product.commissionBps,
      payer: null,
      redeem_instructions: product.redeemInstructions,
    };
  }
  const { body } = request;
  const { provider, plan, bill, faceValue } = await resolveBill(providers.bills, body);
  const payer = body.payer
    ? Object.fromEntries(
        Object.entries(body.payer).filter(([, value]) => value !== undefined && value !== ""),
      )
    : null;
  return {
    service: "prepaid-pay-bills",
    aggregator: providers.bills.name,
    provider_name: provider.name,
    logo_url: provider.logoUrl,
    operator_id: provider.id,
    product_id: plan?.id ?? null,
    product_name: plan?.name ?? provider.name,
    country_iso: provider.countryIso,
    face_value: faceValue,
    face_currency_iso: bill.currencyIso,
    account: bill.referenceNumber,
    recipient_name: payer ? `${payer.first_name ?? ""} ${payer.last_name ?? ""}`.trim() || null : null,
    message: null,
    commission_bps: provider.commissionBps,
    payer: payer as Record<string, string> | null,
    redeem_instructions: null,
  };
}

/** The quotation as the API answers it: the priced quotation and what it buys. */
export async function describePurchaseQuotation(
  context: PricingContext,
  row: QuotationRow,
): Promise<PurchaseQuotation> {
  const quotation = await describeQuotation(context, row);
  return { ...quotation, item: itemOf(quotedPurchase(row)) };
}

/**
 * POST /{service}/quotation: resolves the product with the aggregator (the number, the card's
 * country and amounts, the bill and its balance), prices its face value in the payer's currency and
 * keeps the quotation with its terms. Nothing is charged.
 */
export async function quotePurchase(
  deps: PurchaseDeps,
  user: UserRow,
  request: QuoteRequest,
): Promise<PurchaseQuotation> {
  const context: PricingContext = { db: deps.db, rates: deps.rates, language: deps.language };
  const sender = await payingSender(deps.db, user, request.body.sender_id);
  const terms = await purchaseTermsOf(deps, user, request);
  const currencyToId = await currencyIdOf(deps.db, terms.face_currency_iso);
  const countryToId = await countryIdOf(deps.db, terms.country_iso);
  const offer = await purchaseOffer(
    context,
    request.service,
    request.body.currency_from_id,
    currencyToId,
    "credit-and-debit-card-methods",
  );
  const priced = await priceOffer(
    context,
    offer,
    { receiving_amount: terms.face_value },
    { userId: user.id, promoField: "amount" },
  );
  // An agent's walk-in customer past the day's threshold needs a document (before anything is kept).
  const { currency_from_iso: iso, amount_paid: amount } = priced.calculation;
  await assertWalkInDocument(deps.db, {
    senderId: sender?.id ?? null,
    usdMinor: usdMinorOf(deps.rates, { iso, amount }) ?? 0n,
    language: deps.language,
  });
  const quotation = await saveQuotation(context, user.id, request.service, offer, priced, {
    countryFromId: user.countryId,
    countryToId,
    senderId: sender?.id ?? null,
    purchase: terms,
  });
  return { ...quotation, item: itemOf(terms) };
}

/** The caller's quotation of this service (another service's or another user's: 404, the same answer). */
async function ownPurchaseQuotation(db: Db, userId: number, service: PurchaseService, id: number) {
  const quotation = await ownQuotation(db, userId, id);
  if (quotation.service !== service || quotation.purchase === null) {
    throw new NotFoundError("Quotation not found.");
  }
  return quotation;
}

/** What a purchase quotation buys; one of another service is a bug (ownPurchaseQuotation refused it). */
function quotedPurchase(quotation: QuotationRow): PurchaseTerms {
  if (quotation.purchase === null) throw new Error(`quotation ${quotation.id} buys nothing`);
  return quotation.purchase;
}

async function orderTermsOf(deps: PurchaseDeps, quotation: QuotationRow, service: PurchaseService) {
  const summary = await describeQuotation(
    { db: deps.db, rates: deps.rates, language: deps.language },
    quotation,
  );
  assertWithinSendLimits(summary);
  let sender: TermsSender | null = null;
  if (quotation.senderId !== null) {
    const [row] = await deps.db
      .select({ firstName: senders.firstName, lastName: senders.lastName, iso2: countries.iso2 })
      .from(senders)
      .leftJoin(countries, eq(countries.id, senders.countryId))
      .where(eq(senders.id, quotation.senderId));
    if (row) sender = senderTerms(quotation.senderId, row, row.iso2);
  }
  const terms = orderTerms(summary, await currencyDigits(deps.db, quotation), {
    service,
    sender,
    recipient: null,
    purchase: quotedPurchase(quotation),
  });
  return { terms, summary };
}

export type PlacePurchaseCommand = {
  userId: number;
  service: PurchaseService;
  quotationId: number;
  paymentId: number | undefined;
};

/**
 * POST /{service}/transaction: in one transaction (the Idempotency-Key's when there is one) checks the
 * quotation (the caller's, this service's, open, its payment method chosen), then either takes the
 * payment made for it (a card, bank or gateway: the order waits on it in awaiting_payment) or, with
 * the wallet chosen, debits the caller's wallet in the quotation's currency at once (the paid step;
 * too little money refuses the whole request). The order's job delivers it. A refusal leaves nothing.
 */
export async function placePurchase(deps: PurchaseDeps, command: PlacePurchaseCommand): Promise<OrderRow> {
  const { userId } = command;
  return deps.db.transaction(async (tx) => {
    // First, before any row lock: every money-moving transaction of this user waits here in turn.
    await lockMoneyMoving(tx, userId);
    shareCorridorCache(tx, deps.db);
    const scoped: PurchaseDeps = { ...deps, db: tx };
    const quotation = await ownPurchaseQuotation(tx, userId, command.service, command.quotationId);
    assertQuotationOpen(quotation);
    assertPaymentMethodChosen(quotation, PURCHASE_MESSAGES.noPaymentMethod);
    const { terms, summary } = await orderTermsOf(scoped, quotation, command.service);
    // The limits again, now that money moves, under the user's lock (taken above).
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
    const common = {
      userId,
      usdEquivalentMinor,
      ...quotedOrderValues(quotation),
      service: command.service,
      senderId: quotation.senderId,
      recipientId: null,
      countryFromId: quotation.countryFromId,
      countryToId: quotation.countryToId,
      terms,
      expectedArrivalAt: expectedArrival(summary.transfer_time, new Date()),
    };

    if (quotation.paymentMethodSlug === WALLET_SLUG) {
      if (command.paymentId !== undefined) {
        throw new InvalidDataError({
          payment_id: ["This purchase is paid from your wallet: send it without a payment."],
        });
      }
      const wallet = await walletOf(tx, userId, quotation.currencyFromId, { lock: true });
      if (wallet?.status !== "open") {
        throw new InvalidDataError({
          payment_type_id: [WALLET_SEND_MESSAGES.noWalletFrom(summary.currency_from_iso)],
        });
      }
      await claimOwnQuotation(tx, userId, quotation.id);
      const order = await insertOrder(tx, {
        ...common,
        status: "created",
        paymentId: null,
        paymentMethod: WALLET_SLUG,
        sourceWalletId: wallet!.id,
      });
      await insertFirstHistory(tx, order.id, ["created"]);
      // The wallet pays now, in this transaction, or the purchase is refused whole.
      const paid = await transition(tx, order.id, "created", "paid");
      await redeemPromoHold(tx, quotation.id);
      await deps.jobs.send(ADVANCE_JOB, { orderId: order.id }, { db: tx, retryLimit: 10 });
      return paid;
    }

    if (command.paymentId === undefined) {
      throw new InvalidDataError({ payment_id: ["Pay first, then send the payment's id."] });
    }
    const payment = await unusedPayment(
      tx,
      userId,
      quotation,
      command.paymentId,
      "This payment was already used for another order.",
    );
    await claimOwnQuotation(tx, userId, quotation.id);
    return placeAwaitingPayment(tx, deps.jobs, quotation.id, {
      ...common,
      paymentId: payment.id,
      paymentMethod: payment.method,
    });
  });
}

/** The caller's order of this service; another user's or another service's is 404, the same answer. */
export async function ownPurchaseOrder(
  db: Db,
  userId: number,
  service: PurchaseService,
  orderId: number,
): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.userId !== userId || order.service !== service) {
    throw new NotFoundError("Order not found.");
  }
  return order;
}

/** An order as the purchase routes answer it: the confirmation record, what was bought, the code's state. */
export async function toPurchaseConfirmation(db: Db, order: OrderRow): Promise<PurchaseConfirmation> {
  const terms = purchaseOrderTermsOf(order);
  let redeemCodeStatus: PurchaseConfirmation["redeem_code_status"] = null;
  if (order.service === "gift-cards") {
    const [code] = await db
      .select({ shownAt: giftCardCodes.shownAt })
      .from(giftCardCodes)
      .where(eq(giftCardCodes.orderId, order.id));
    redeemCodeStatus = !code ? "pending" : code.shownAt ? "shown" : "ready";
  }
  return {
    ...toConfirmationRecord(order),
    item: itemOf(terms.purchase),
    redeem_code_status: redeemCodeStatus,
  };
}

/**
 * POST /gift-cards/orders/{id}/redeem-code: the code and PIN, answered once. The one statement that
 * marks it shown decides which of two requests at once gets it; later ones are told where it went.
 */
export async function revealRedeemCode(
  db: Db,
  decrypt: (sealed: string) => string,
  userId: number,
  orderId: number,
): Promise<RedeemCode> {
  const order = await ownPurchaseOrder(db, userId, "gift-cards", orderId);
  const [revealed] = await db
    .update(giftCardCodes)
    .set({ shownAt: sql`now()` })
    .where(and(eq(giftCardCodes.orderId, order.id), isNull(giftCardCodes.shownAt)))
    .returning();
  if (!revealed) {
    const [code] = await db.select().from(giftCardCodes).where(eq(giftCardCodes.orderId, order.id));
    throw new ConflictError(code ? PURCHASE_MESSAGES.codeShown : PURCHASE_MESSAGES.codeNotReady);
  }
  const terms = purchaseOrderTermsOf(order);
  return {
    order_id: order.id,
    code: decrypt(revealed.codeSealed),
    pin: revealed.pinSealed ? decrypt(revealed.pinSealed) : null,
    redeem_instructions: terms.purchase.redeem_instructions ?? "",
  };
}
