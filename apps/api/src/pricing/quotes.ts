import type { Language } from "@vela/shared/api";
import {
  addAmounts,
  convertAmount,
  crossRate,
  fromMinor,
  multiplyAmounts,
  rateLessMargin,
  roundFeeUp,
  roundReceivingDown,
  subtractAmounts,
  toCurrencyAmount,
  toMinor,
} from "@vela/shared/decimal";
import { FALLBACK_LIMITS } from "@vela/shared/money";
import type { Calculation, CalculatorRequest, CorridorLimits, Quotation } from "@vela/shared/pricing";
import { PURCHASE_SERVICES, type PurchaseService } from "@vela/shared/purchases";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type currencies, payments, promoCodes, quotations } from "../db/schema/index";
import { ConflictError, InvalidDataError, NotFoundError } from "../http/errors";
import { assertQuotationWithinLimits, isCountedService } from "../limits/check";
import {
  type FxRateProvider,
  midRateFrom,
  type RateLeg,
  type RateTable,
} from "../providers/fx/rate-provider";
import {
  type CorridorKey,
  type CorridorMethodRow,
  corridorTermsVersion,
  findCorridorMethod,
  limitsOf,
  tiersFor,
  walletReference,
} from "./corridors";
import { discountFor, type Price, type PriceTerms, priceTransfer, rateTexts } from "./price";
import {
  assertPromoUsable,
  assertUsesLeft,
  discountOf,
  findPromoCode,
  holdPromoCode,
  type PromoRow,
  releasePromoHold,
} from "./promo-codes";

export type PricingContext = { db: Db; rates: FxRateProvider; language: Language };
export type QuotationRow = typeof quotations.$inferSelect;
type CurrencyRow = typeof currencies.$inferSelect;

/** The labels and ids a calculation answers besides its amounts. */
export type Offer = {
  countryFromId: number | null;
  countryToId: number | null;
  from: CurrencyRow;
  to: CurrencyRow;
  shipping: { id: number; name: string; slug: string };
  corridorMethodId: number | null;
  transferTime: string;
  guaranteedRate: boolean;
  estimatedFeeCurrency: string;
  quoteTtlSeconds: number;
  paymentMethod: string;
  terms: PriceTerms;
  rate: RateLock;
};

/**
 * The rate a price used, as a quotation records and later keeps it: the mid rate, the table's
 * source and as-of, and each leg through the euro (a wallet quote adds the dollar leg its limits
 * were converted with). All legs come from one table.
 */
export type RateLock = { midRate: string; source: string; asOf: Date | null; legs: RateLeg[] };

const DEFAULT_PAYMENT_METHOD = "bank-transfer";

/** Today's rate from the provider's current table (503 when it has none or it is too old). */
function currentRate(context: PricingContext, from: CurrencyRow, to: CurrencyRow, extra: string[] = []) {
  const table = context.rates.table();
  const mid = midRateFrom(table, from.iso, to.iso);
  if (!mid)
    throw new InvalidDataError({ currency_to_id: [`We have no rate from ${from.iso} to ${to.iso}.`] });
  const legs: RateLeg[] = [...mid.legs];
  for (const iso of extra) {
    const leg = midRateFrom(table, iso, iso)?.legs[0];
    if (leg && !legs.some((known) => known.iso === iso)) legs.push(leg);
  }
  return { midRate: mid.rate, source: mid.source, asOf: mid.asOf, legs } satisfies RateLock;
}

/** The rate a stored quotation locked: its price and labels are rebuilt from it, never requoted. */
export function lockedRate(row: QuotationRow): RateLock {
  return { midRate: row.midRate, source: row.rateSource, asOf: row.rateAsOf, legs: row.rateLegs };
}

/** The offer for a consignment corridor: its delivery method, terms and today's rate. */
export async function consignmentOffer(
  context: PricingContext,
  key: CorridorKey,
  paymentMethod = DEFAULT_PAYMENT_METHOD,
  locked?: RateLock,
): Promise<Offer> {
  const row: CorridorMethodRow = await findCorridorMethod(context.db, key);
  const rate = locked ?? currentRate(context, row.from, row.to);
  return {
    countryFromId: row.corridor.countryFromId,
    countryToId: row.corridor.countryToId,
    from: row.from,
    to: row.to,
    shipping: { id: row.shipping.id, name: row.shipping.name, slug: row.shipping.slug },
    corridorMethodId: row.method.id,
    transferTime: row.method.transferTime,
    guaranteedRate: row.method.guaranteedRate,
    estimatedFeeCurrency: row.method.estimatedFeeCurrency,
    quoteTtlSeconds: row.method.quoteTtlSeconds,
    paymentMethod,
    rate,
    terms: {
      fromDecimals: row.from.decimals,
      toDecimals: row.to.decimals,
      fromIso: row.from.iso,
      toIso: row.to.iso,
      midRate: rate.midRate,
      marginBps: row.method.fxMarginBps,
      tiers: await tiersFor(context.db, row.method.id, paymentMethod),
      limits: limitsOf(row),
    },
  };
}

/**
 * Wallet conversions cost a margin and no fee; deposits cost the payment method's processing fee;
 * a send to another user's wallet is free in one currency and costs the conversion's margin across two;
 * withdrawals a payout fee (1 %) and, into another currency, the margin.
 */
const WALLET_TERMS = {
  convert: { marginBps: 50, feeBps: { "*": 0 } as Record<string, number> },
  send: { marginBps: 50, feeBps: { "*": 0 } as Record<string, number> },
  deposit: {
    marginBps: 50,
    feeBps: { "*": 0, "credit-and-debit-card-methods": 290 } as Record<string, number>,
  },
  withdraw: { marginBps: 50, feeBps: { "*": 100 } as Record<string, number> },
};

/** How long a withdrawal's payout takes, as quoted (the partner's bank or mobile-wallet rails). */
export const WITHDRAWAL_TRANSFER_TIME = "1-2 business days";

/**
 * Wallet limits are set in a reference currency and converted at the quote's own rate, the way
 * the corridor seed sets receiving ceilings: 10 to 10 000 US dollars' worth of any currency.
 */
export const WALLET_REFERENCE_LIMITS = { currency: "USD", min: "10", max: "10000" } as const;

/**
 * The send limits of a wallet quote in its sending currency (the minimum rounded up, the maximum
 * down, to the currency's digits), and the receiving limits as what those buy at the customer
 * rate, so a send amount within its limits is never refused for what it receives. Without the
 * dollar's leg (a quotation stored before legs were kept) the spec's fallback stands.
 */
export function walletLimits(
  rate: RateLock,
  from: CurrencyRow,
  to: CurrencyRow,
  customerRate: string,
  reference: { currency: string; min: string; max: string } = WALLET_REFERENCE_LIMITS,
): CorridorLimits {
  const perEuro = (iso: string) => rate.legs.find((leg) => leg.iso === iso)?.per_base;
  const usd = from.iso === reference.currency ? "1" : perEuro(reference.currency);
  const fromPerEuro = perEuro(from.iso);
  if (!usd || !fromPerEuro) {
    return {
      send: {
        min: toCurrencyAmount(FALLBACK_LIMITS.min, from.decimals),
        max: toCurrencyAmount(FALLBACK_LIMITS.max, from.decimals),
      },
      receiving: {
        min: toCurrencyAmount(FALLBACK_LIMITS.min, to.decimals),
        max: toCurrencyAmount(FALLBACK_LIMITS.max, to.decimals),
      },
    };
  }
  const fromPerUsd = from.iso === reference.currency ? "1" : crossRate(usd, fromPerEuro);
  const send = {
    min: roundFeeUp(multiplyAmounts(reference.min, fromPerUsd), from.decimals),
    max: roundReceivingDown(multiplyAmounts(reference.max, fromPerUsd), from.decimals),
  };
  return {
    send,
    receiving: {
      min: convertAmount(send.min, customerRate, to.decimals),
      max: roundFeeUp(multiplyAmounts(send.max, customerRate), to.decimals),
    },
  };
}

export type WalletOfferKind = "convert" | "deposit" | "send" | "withdraw";

/** The wallet offer a quotation's service was priced with. */
export const WALLET_OFFER_KINDS: Record<string, WalletOfferKind> = {
  "wallet-convert": "convert",
  "wallet-deposit": "deposit",
  "wallet-send": "send",
  "wallet-withdraw": "withdraw",
};

/** The two currencies of a corridorless offer (wallet or purchase), each refused by its field if unknown. */
function offerCurrencies(
  reference: Awaited<ReturnType<typeof walletReference>>,
  currencyFromId: number,
  currencyToId: number,
) {
  const from = reference.currencies.get(currencyFromId);
  const to = reference.currencies.get(currencyToId);
  if (!from) throw new InvalidDataError({ currency_from_id: ["Unknown currency."] });
  if (!to) throw new InvalidDataError({ currency_to_id: ["Unknown currency."] });
  return { from, to };
}

export async function walletOffer(
  context: PricingContext,
  kind: WalletOfferKind,
  currencyFromId: number,
  currencyToId: number,
  paymentMethod: string,
  locked?: RateLock,
  /** A withdrawal's delivery method (bank-deposit or mobile-wallet); the others deliver into a wallet. */
  withdrawalMethodId?: number,
): Promise<Offer> {
  const reference = await walletReference(context.db);
  const { from, to } = offerCurrencies(reference, currencyFromId, currencyToId);
  if (kind === "convert" && from.id === to.id) {
    throw new InvalidDataError({ currency_to_id: ["Choose a different currency to convert to."] });
  }
  const rate = locked ?? currentRate(context, from, to, [WALLET_REFERENCE_LIMITS.currency]);
  const vela =
    kind === "withdraw" && withdrawalMethodId !== undefined
      ? reference.shippingById.get(withdrawalMethodId)
      : reference.shippingBySlug.get(kind === "withdraw" ? "bank-deposit" : "vela");
  if (!vela) throw new InvalidDataError({ withdrawal_method_id: ["Unknown delivery method."] });
  const terms = WALLET_TERMS[kind];
  return corridorlessOffer({
    from,
    to,
    shipping: vela,
    transferTime: kind === "withdraw" ? WITHDRAWAL_TRANSFER_TIME : "Instant",
    paymentMethod,
    rate,
    marginBps: terms.marginBps,
    fee: { fixedMinor: 0n, percentBps: terms.feeBps[paymentMethod] ?? terms.feeBps["*"] ?? 0 },
    limitsIn: WALLET_REFERENCE_LIMITS,
  });
}

/**
 * An offer priced without a corridor (wallet operations and purchases): the paying and receiving
 * currencies, one fee tier, the margin only across two currencies, limits set in a reference
 * currency at the quote's own rate, a 10-minute lock.
 */
function corridorlessOffer(input: {
  from: CurrencyRow;
  to: CurrencyRow;
  shipping: { id: number; name: string; slug: string };
  transferTime: string;
  paymentMethod: string;
  rate: RateLock;
  marginBps: number;
  fee: { fixedMinor: bigint; percentBps: number };
  limitsIn: { currency: string; min: string; max: string };
}): Offer {
  const { from, to, rate } = input;
  const marginBps = from.id === to.id ? 0 : input.marginBps;
  return {
    countryFromId: null,
    countryToId: null,
    from,
    to,
    shipping: { id: input.shipping.id, name: input.shipping.name, slug: input.shipping.slug },
    corridorMethodId: null,
    transferTime: input.transferTime,
    guaranteedRate: true,
    estimatedFeeCurrency: from.iso,
    quoteTtlSeconds: 600,
    paymentMethod: input.paymentMethod,
    rate,
    terms: {
      fromDecimals: from.decimals,
      toDecimals: to.decimals,
      fromIso: from.iso,
      toIso: to.iso,
      midRate: rate.midRate,
      marginBps,
      tiers: [{ upToMinor: null, ...input.fee }],
      limits: walletLimits(rate, from, to, rateLessMargin(rate.midRate, marginBps), input.limitsIn),
    },
  };
}

/**
 * What a purchase costs besides the face value (issue 11): a margin when the customer pays in
 * another currency than the product's, and for bills a fixed fee in the paying currency. No
 * payment-method surcharge: the card's cost is ours.
 */
export const PURCHASE_TERMS = {
  "reload-phones": { marginBps: 300, fixedFee: "0", slug: "mobile-top-up", time: "Instant" },
  "gift-cards": { marginBps: 200, fixedFee: "0", slug: "gift-card", time: "Instant, by e-mail" },
  "prepaid-pay-bills": { marginBps: 150, fixedFee: "1.50", slug: "bill-payment", time: "Within minutes" },
} as const satisfies Record<
  PurchaseService,
  { marginBps: number; fixedFee: string; slug: string; time: string }
>;

/** A purchase's send limits: 1 to 2 000 US dollars' worth (the face value is the product's). */
export const PURCHASE_REFERENCE_LIMITS = { currency: "USD", min: "1", max: "2000" } as const;

const isPurchaseService = (service: string): service is PurchaseService =>
  (PURCHASE_SERVICES as readonly string[]).includes(service);

/**
 * The offer of a purchase paid in `currencyFromId` for a face value in `currencyToId`: the product's
 * currency. Priced by the face value (the receiving side), so the send amount is worked back and
 * rounded up; a quote holds for 10 minutes.
 */
export async function purchaseOffer(
  context: PricingContext,
  service: PurchaseService,
  currencyFromId: number,
  currencyToId: number,
  paymentMethod: string,
  locked?: RateLock,
): Promise<Offer> {
  const reference = await walletReference(context.db);
  const { from, to } = offerCurrencies(reference, currencyFromId, currencyToId);
  const terms = PURCHASE_TERMS[service];
  const delivery = reference.shippingBySlug.get(terms.slug);
  if (!delivery) throw new Error(`the delivery method ${terms.slug} is not seeded`);
  const rate = locked ?? currentRate(context, from, to, [PURCHASE_REFERENCE_LIMITS.currency]);
  return corridorlessOffer({
    from,
    to,
    shipping: delivery,
    transferTime: terms.time,
    paymentMethod,
    rate,
    marginBps: terms.marginBps,
    fee: { fixedMinor: toMinor(roundFeeUp(terms.fixedFee, from.decimals), from.decimals), percentBps: 0 },
    limitsIn: PURCHASE_REFERENCE_LIMITS,
  });
}

function toCalculation(offer: Offer, price: Price, promo: PromoRow | null): Calculation {
  const rates = rateTexts(offer.terms, price);
  return {
    country_from_id: offer.countryFromId,
    country_to_id: offer.countryToId,
    currency_from_id: offer.from.id,
    currency_to_id: offer.to.id,
    currency_from_iso: offer.from.iso,
    currency_to_iso: offer.to.iso,
    shipping_method_id: offer.shipping.id,
    shipping_method: { name: offer.shipping.name, slug: offer.shipping.slug },
    payment_method: offer.paymentMethod,
    send_amount: price.sendAmount,
    receiving_amount: price.receivingAmount,
    vela_fee_amount: price.fee,
    external_fee_amount: fromMinor(0n, offer.from.decimals),
    discount: price.discount,
    amount_paid: price.total,
    rate: rates.rate,
    mid_rate: rates.midRate,
    rate_source: offer.rate.source,
    rate_as_of: offer.rate.asOf?.toISOString() ?? null,
    rate_legs: offer.rate.legs,
    limits: offer.terms.limits,
    guaranteed_rate: offer.guaranteedRate,
    transfer_time: offer.transferTime,
    estimated_fee_currency: offer.estimatedFeeCurrency,
    promo_code: promo?.code ?? null,
  };
}

type Amounts = { send_amount?: string | undefined; receiving_amount?: string | undefined };

async function usablePromo(
  context: PricingContext,
  code: string | undefined,
  userId: number | null,
  offer: Offer,
  sendAmount: string,
  quotationId: number | null,
  field: string,
) {
  if (!code) return null;
  if (userId === null) throw new InvalidDataError({ [field]: ["Sign in to use a promo code."] });
  const promo = await findPromoCode(context.db, code, field);
  await assertPromoUsable(
    context.db,
    promo,
    { currencyId: offer.from.id, currencyDecimals: offer.from.decimals, sendAmount },
    field,
  );
  // A forecast, so a calculator does not show a discount the quotation will refuse.
  await assertUsesLeft(context.db, promo, userId, quotationId, field);
  return promo;
}

/**
 * Prices an offer for amounts and, when given, a promo code (checked against the priced send
 * amount, then applied to the fee).
 */
export async function priceOffer(
  context: PricingContext,
  offer: Offer,
  amounts: Amounts,
  options: {
    promoCode?: string | undefined;
    userId: number | null;
    /** The quotation being repriced: its own hold does not count against it. */
    quotationId?: number | null;
    promoField?: string;
  },
) {
  const request = { sendAmount: amounts.send_amount, receivingAmount: amounts.receiving_amount };
  const undiscounted = priceTransfer(offer.terms, request, context.language);
  const promo = await usablePromo(
    context,
    options.promoCode,
    options.userId,
    offer,
    undiscounted.sendAmount,
    options.quotationId ?? null,
    options.promoField ?? "promo_code",
  );
  const price = promo
    ? priceTransfer(offer.terms, { ...request, promo: discountOf(promo) }, context.language)
    : undiscounted;
  return {
    price,
    promo,
    promoField: options.promoField ?? "promo_code",
    calculation: toCalculation(offer, price, promo),
  };
}

/**
 * Today's offers by corridor key and payment method, under the corridor terms' version and the rate
 * table they were built from (both compared by identity, both replaced whole when they change): a
 * calculator asked again for the same corridor reuses the method lookup, fee tiers, limits and rate
 * instead of rebuilding them. Only offers that exist are kept, so the entries are bounded by the
 * corridors, their methods and the payment methods; an old version's map goes with its version.
 * Offers are shared: nothing may change one (priceOffer and toCalculation only read it).
 */
const currentOffers = new WeakMap<object, WeakMap<RateTable, Map<string, Offer>>>();

/** consignmentOffer at today's rate, from currentOffers when the terms and the table are unchanged. */
export async function currentConsignmentOffer(
  context: PricingContext,
  key: CorridorKey,
  paymentMethod = DEFAULT_PAYMENT_METHOD,
): Promise<Offer> {
  let table: RateTable;
  try {
    table = context.rates.table();
  } catch {
    // No usable table: the uncached path refuses in its usual order (an unknown corridor first).
    return consignmentOffer(context, key, paymentMethod);
  }
  const terms = await corridorTermsVersion(context.db);
  let byTable = currentOffers.get(terms);
  if (!byTable) {
    byTable = new WeakMap();
    currentOffers.set(terms, byTable);
  }
  let offers = byTable.get(table);
  if (!offers) {
    offers = new Map();
    byTable.set(table, offers);
  }
  const cacheKey = `${key.country_from_id}:${key.country_to_id}:${key.currency_from_id}:${key.currency_to_id}:${key.shipping_method_id ?? "*"}:${paymentMethod}`;
  const kept = offers.get(cacheKey);
  if (kept) return kept;
  const offer = await consignmentOffer(context, key, paymentMethod);
  // Kept only under the table it was priced on: a refresh during the build must not file it under
  // the older table (the terms can only have moved on, so a newer offer under older terms is safe).
  if (tableOrNull(context.rates) === table) offers.set(cacheKey, offer);
  return offer;
}

function tableOrNull(rates: FxRateProvider): RateTable | null {
  try {
    return rates.table();
  } catch {
    return null;
  }
}

export async function calculateConsignment(
  context: PricingContext,
  body: CalculatorRequest,
  userId: number | null,
): Promise<Calculation> {
  const offer = await currentConsignmentOffer(context, body, body.payment_method);
  return (await priceOffer(context, offer, body, { promoCode: body.promo_code, userId })).calculation;
}

/** The columns a price fills on a quotation, with the rate lock starting now. */
function pricedColumns(offer: Offer, { price, promo }: Awaited<ReturnType<typeof priceOffer>>) {
  const minorFrom = (amount: string) => toMinor(amount, offer.from.decimals);
  return {
    paymentMethod: offer.paymentMethod,
    sendAmountMinor: minorFrom(price.sendAmount),
    feeMinor: minorFrom(price.fee),
    discountMinor: minorFrom(price.discount),
    totalMinor: minorFrom(price.total),
    receivingAmountMinor: toMinor(price.receivingAmount, offer.to.decimals),
    midRate: offer.terms.midRate,
    marginBps: offer.terms.marginBps,
    customerRate: price.rate,
    rateSource: offer.rate.source,
    rateAsOf: offer.rate.asOf,
    rateLegs: offer.rate.legs,
    fixedSide: price.fixedSide,
    promoCodeId: promo?.id ?? null,
    expiresAt: new Date(Date.now() + offer.quoteTtlSeconds * 1000),
  };
}

/** Columns a service keeps on its quotation besides the price (a wallet send's target wallet). */
export type QuotationExtras = Partial<
  Omit<typeof quotations.$inferInsert, "id" | "userId" | "service" | "status" | "createdAt" | "updatedAt">
>;

/**
 * A quotation of a money-moving service whose amount would pass the user's verification limits (or
 * of a blocked account) is refused before it is stored; the transaction checks again under a lock.
 */
async function checkLimits(
  context: PricingContext,
  userId: number,
  service: string,
  calculation: Calculation,
) {
  if (!isCountedService(service)) return;
  await assertQuotationWithinLimits(context, userId, {
    iso: calculation.currency_from_iso,
    amount: calculation.amount_paid,
  });
}

/** Stores a priced offer as the user's quotation, its rate locked for the corridor's time. */
export async function saveQuotation(
  context: PricingContext,
  userId: number,
  service: string,
  offer: Offer,
  priced: Awaited<ReturnType<typeof priceOffer>>,
  extras: QuotationExtras = {},
): Promise<Quotation> {
  await checkLimits(context, userId, service, priced.calculation);
  // The quotation and its promo hold commit together: a refused hold leaves no quotation behind.
  const row = await context.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(quotations)
      .values({
        userId,
        service,
        corridorMethodId: offer.corridorMethodId,
        countryFromId: offer.countryFromId,
        countryToId: offer.countryToId,
        currencyFromId: offer.from.id,
        currencyToId: offer.to.id,
        shippingMethodId: offer.shipping.id,
        ...pricedColumns(offer, priced),
        ...extras,
      })
      .returning();
    if (priced.promo) {
      await holdPromoCode(tx, priced.promo, { userId, quotationId: inserted!.id }, priced.promoField);
    }
    return inserted!;
  });
  return toQuotation(row, priced.calculation);
}

export function toQuotation(row: QuotationRow, calculation: Calculation): Quotation {
  const expiresIn = Math.max(0, Math.floor((row.expiresAt.getTime() - Date.now()) / 1000));
  return {
    ...calculation,
    id: row.id,
    service: row.service,
    status: row.status === "open" && expiresIn === 0 ? "expired" : row.status,
    expires_at: row.expiresAt.toISOString(),
    expires_in: expiresIn,
    created_at: row.createdAt.toISOString(),
  };
}

/** The user's own quotation; another user's is answered as not found, never as forbidden. */
export async function ownQuotation(db: Db, userId: number, id: number): Promise<QuotationRow> {
  const [row] = await db.select().from(quotations).where(eq(quotations.id, id));
  if (!row || row.userId !== userId) throw new NotFoundError("Quotation not found.");
  return row;
}

/** Refuses to act on a quotation whose rate lock has ended: the SPA must ask for a new one. */
export function assertQuotationOpen(row: QuotationRow) {
  if (row.status === "used")
    throw new ConflictError("This quotation was already used. Request a new quotation.");
  if (row.status === "expired" || row.expiresAt <= new Date()) {
    throw new ConflictError(
      "This quotation has expired and its rate is no longer held. Request a new quotation.",
    );
  }
}

/** Refused when a quotation with a live payment would change (issue 18). */
export const PAID_QUOTATION = "This quotation already has a payment. Start a new one to change it.";

/**
 * Payments that hold a quotation: started (a 3-D Secure challenge, a hosted gateway's page, an ACH
 * debit, push-transfer instructions issued: the payer may be paying it right now), authorized or
 * collected. While one stands, the quotation's terms are frozen and no second payment may start.
 */
export const LIVE_PAYMENT_STATUSES = ["pending", "requires_action", "authorized", "succeeded"] as const;

/**
 * Locks a quotation's row for a change and refuses the change when it may not happen: used, expired
 * (unless `reopen`, a requote starting the lock again), or paid (409 PAID_QUOTATION). Must run in the
 * changing transaction. A payment claims the quotation under the same row lock (FOR UPDATE, which
 * conflicts with this FOR NO KEY UPDATE), and the payment check is a statement of its own after the
 * lock is granted, so it sees a payment committed while it waited: of a change and a payment sent
 * together, either the change commits first and the payment pays the changed quotation, or the
 * payment does and the change is refused.
 */
export async function lockQuotationForChange(
  tx: Db,
  quotationId: number,
  options: { reopen?: boolean } = {},
): Promise<QuotationRow> {
  const [row] = await tx.select().from(quotations).where(eq(quotations.id, quotationId)).for("no key update");
  if (!row) throw new NotFoundError("Quotation not found.");
  if (options.reopen) {
    if (row.status === "used") assertQuotationOpen(row);
  } else {
    assertQuotationOpen(row);
  }
  const [paid] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.quotationId, quotationId), inArray(payments.status, [...LIVE_PAYMENT_STATUSES])))
    .limit(1);
  if (paid) throw new ConflictError(PAID_QUOTATION);
  return row;
}

/**
 * Writes a change to an open, unexpired, unpaid quotation (a payment method, an instrument, a sender,
 * a recipient) under `lockQuotationForChange`, and answers the row as written.
 */
export async function changeQuotation(
  db: Db,
  quotationId: number,
  set: Partial<typeof quotations.$inferInsert>,
): Promise<QuotationRow> {
  return db.transaction(async (tx) => {
    await lockQuotationForChange(tx, quotationId);
    const [written] = await tx
      .update(quotations)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(quotations.id, quotationId))
      .returning();
    return written!;
  });
}

/** Rebuilds the offer a stored quotation was made from: at today's rate, or at its own when `locked`. */
export async function offerOfQuotation(
  context: PricingContext,
  row: QuotationRow,
  paymentMethod: string,
  locked?: RateLock,
): Promise<Offer> {
  // A purchase names its countries (the payer's and the product's) but prices without a corridor.
  if (isPurchaseService(row.service)) {
    return purchaseOffer(context, row.service, row.currencyFromId, row.currencyToId, paymentMethod, locked);
  }
  if (row.countryFromId !== null && row.countryToId !== null) {
    return consignmentOffer(
      context,
      {
        country_from_id: row.countryFromId,
        country_to_id: row.countryToId,
        currency_from_id: row.currencyFromId,
        currency_to_id: row.currencyToId,
        shipping_method_id: row.shippingMethodId ?? undefined,
      },
      paymentMethod,
      locked,
    );
  }
  const kind = WALLET_OFFER_KINDS[row.service] ?? "convert";
  return walletOffer(
    context,
    kind,
    row.currencyFromId,
    row.currencyToId,
    paymentMethod,
    locked,
    row.shippingMethodId ?? undefined,
  );
}

/** The amounts a stored quotation was asked for: the side the customer typed. */
export function amountsOfQuotation(row: QuotationRow, offer: Offer): Amounts {
  return row.fixedSide === "send"
    ? { send_amount: fromMinor(row.sendAmountMinor, offer.from.decimals) }
    : { receiving_amount: fromMinor(row.receivingAmountMinor, offer.to.decimals) };
}

/** Recomputes a quotation in place at today's rate (new amounts, payment method, or simply requoted). */
export async function updateQuotation(
  context: PricingContext,
  row: QuotationRow,
  changes: { amounts?: Amounts; paymentMethod?: string; promoCode?: string | null; promoField?: string },
): Promise<Quotation> {
  const offer = await offerOfQuotation(context, row, changes.paymentMethod ?? row.paymentMethod);
  const amounts =
    changes.amounts &&
    (changes.amounts.send_amount !== undefined || changes.amounts.receiving_amount !== undefined)
      ? changes.amounts
      : amountsOfQuotation(row, offer);
  let promoCode: string | undefined;
  if (changes.promoCode !== undefined) promoCode = changes.promoCode ?? undefined;
  else if (row.promoCodeId !== null) {
    const [current] = await context.db.select().from(promoCodes).where(eq(promoCodes.id, row.promoCodeId));
    promoCode = current?.code;
  }
  const priced = await priceOffer(context, offer, amounts, {
    promoCode,
    userId: row.userId,
    quotationId: row.id,
    promoField: changes.promoField,
  });
  await checkLimits(context, row.userId, row.service, priced.calculation);
  // The new lock and the code's hold (re-counted, since an expired hold may have lost its place)
  // commit together, and only while no payment holds the quotation.
  const updated = await context.db.transaction(async (tx) => {
    await lockQuotationForChange(tx, row.id, { reopen: true });
    const [written] = await tx
      .update(quotations)
      .set({ ...pricedColumns(offer, priced), status: "open", updatedAt: sql`now()` })
      .where(eq(quotations.id, row.id))
      .returning();
    if (priced.promo) {
      await holdPromoCode(tx, priced.promo, { userId: row.userId, quotationId: row.id }, priced.promoField);
    } else {
      await releasePromoHold(tx, row.id);
    }
    return written!;
  });
  return toQuotation(updated, priced.calculation);
}

/** A stored quotation as the API answers it, priced from its own stored figures (no requote). */
export async function describeQuotation(context: PricingContext, row: QuotationRow): Promise<Quotation> {
  const offer = await offerOfQuotation(context, row, row.paymentMethod, lockedRate(row));
  const decimalsFrom = offer.from.decimals;
  const [promo] = row.promoCodeId
    ? await context.db.select().from(promoCodes).where(eq(promoCodes.id, row.promoCodeId))
    : [];
  const price: Price = {
    sendAmount: fromMinor(row.sendAmountMinor, decimalsFrom),
    receivingAmount: fromMinor(row.receivingAmountMinor, offer.to.decimals),
    fee: fromMinor(row.feeMinor, decimalsFrom),
    discount: fromMinor(row.discountMinor, decimalsFrom),
    total: fromMinor(row.totalMinor, decimalsFrom),
    rate: row.customerRate,
    fixedSide: row.fixedSide,
  };
  return toQuotation(row, toCalculation(offer, price, promo ?? null));
}

/**
 * Applies (or replaces) a promo code on an open quotation without touching what it locked: the
 * amounts, the rate and the expiry stay as they were; only the discount and the total change.
 * The code is held for the quotation until it expires (or is paid, which redeems the hold).
 */
export async function applyPromoCode(
  context: PricingContext,
  row: QuotationRow,
  code: string,
  field = "code",
): Promise<Quotation> {
  const offer = await offerOfQuotation(context, row, row.paymentMethod, lockedRate(row));
  const decimals = offer.from.decimals;
  const sendAmount = fromMinor(row.sendAmountMinor, decimals);
  const fee = fromMinor(row.feeMinor, decimals);
  const promo = await findPromoCode(context.db, code, field);
  await assertPromoUsable(
    context.db,
    promo,
    { currencyId: offer.from.id, currencyDecimals: decimals, sendAmount },
    field,
  );
  const discount = discountFor(discountOf(promo), fee, decimals);
  const total = toCurrencyAmount(addAmounts(sendAmount, subtractAmounts(fee, discount)), decimals);
  const updated = await context.db.transaction(async (tx) => {
    // Only while the rate lock holds and no payment holds it: a quotation that expired or was paid
    // meanwhile is not given a code.
    await lockQuotationForChange(tx, row.id);
    const [written] = await tx
      .update(quotations)
      .set({
        promoCodeId: promo.id,
        discountMinor: toMinor(discount, decimals),
        totalMinor: toMinor(total, decimals),
        updatedAt: sql`now()`,
      })
      .where(eq(quotations.id, row.id))
      .returning();
    if (!written) throw new NotFoundError("Quotation not found.");
    await holdPromoCode(tx, promo, { userId: row.userId, quotationId: row.id }, field);
    return written;
  });
  return describeQuotation(context, updated);
}
