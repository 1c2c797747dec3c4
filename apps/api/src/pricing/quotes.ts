import type { Language } from "@vela/shared/api";
import { fromMinor, toMinor } from "@vela/shared/decimal";
import { FALLBACK_LIMITS } from "@vela/shared/money";
import type { Calculation, CalculatorRequest, Quotation } from "@vela/shared/pricing";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { currencies, promoCodes, quotations, shippingMethods } from "../db/schema/index";
import { ConflictError, InvalidDataError, NotFoundError } from "../http/errors";
import type { FxRateProvider } from "../providers/fx/rate-provider";
import {
  type CorridorKey,
  type CorridorMethodRow,
  findCorridorMethod,
  limitsOf,
  tiersFor,
} from "./corridors";
import { type Price, type PriceTerms, priceTransfer } from "./price";
import { assertPromoUsable, discountOf, findPromoCode, type PromoRow } from "./promo-codes";

export type PricingContext = { db: Db; rates: FxRateProvider; language: Language };
export type QuotationRow = typeof quotations.$inferSelect;
type CurrencyRow = typeof currencies.$inferSelect;

/** The labels and ids a calculation answers besides its amounts. */
type Offer = {
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
  rateSource: string;
};

const DEFAULT_PAYMENT_METHOD = "bank-transfer";

async function midRateOf(context: PricingContext, from: CurrencyRow, to: CurrencyRow) {
  const mid = await context.rates.midRate(from.iso, to.iso);
  if (!mid)
    throw new InvalidDataError({ currency_to_id: [`We have no rate from ${from.iso} to ${to.iso}.`] });
  return mid;
}

/** The offer for a consignment corridor: its delivery method, terms and today's rate. */
export async function consignmentOffer(
  context: PricingContext,
  key: CorridorKey,
  paymentMethod = DEFAULT_PAYMENT_METHOD,
): Promise<Offer> {
  const row: CorridorMethodRow = await findCorridorMethod(context.db, key);
  const mid = await midRateOf(context, row.from, row.to);
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
    rateSource: `${mid.source}, ${mid.publishedOn}`,
    terms: {
      fromDecimals: row.from.decimals,
      toDecimals: row.to.decimals,
      midRate: mid.rate,
      marginBps: row.method.fxMarginBps,
      tiers: await tiersFor(context.db, row.method.id, paymentMethod),
      limits: limitsOf(row),
    },
  };
}

/** Wallet conversions cost a margin and no fee; deposits cost the payment method's processing fee. */
const WALLET_TERMS = {
  convert: { marginBps: 50, feeBps: { "*": 0 } as Record<string, number> },
  deposit: {
    marginBps: 50,
    feeBps: { "*": 0, "credit-and-debit-card-methods": 290 } as Record<string, number>,
  },
};

export async function walletOffer(
  context: PricingContext,
  kind: "convert" | "deposit",
  currencyFromId: number,
  currencyToId: number,
  paymentMethod: string,
): Promise<Offer> {
  const rows = await context.db
    .select()
    .from(currencies)
    .where(sql`${currencies.id} in (${currencyFromId}, ${currencyToId})`);
  const from = rows.find((row) => row.id === currencyFromId);
  const to = rows.find((row) => row.id === currencyToId);
  if (!from) throw new InvalidDataError({ currency_from_id: ["Unknown currency."] });
  if (!to) throw new InvalidDataError({ currency_to_id: ["Unknown currency."] });
  if (kind === "convert" && from.id === to.id) {
    throw new InvalidDataError({ currency_to_id: ["Choose a different currency to convert to."] });
  }
  const mid = await midRateOf(context, from, to);
  const [vela] = await context.db.select().from(shippingMethods).where(eq(shippingMethods.slug, "vela"));
  const terms = WALLET_TERMS[kind];
  return {
    countryFromId: null,
    countryToId: null,
    from,
    to,
    shipping: { id: vela!.id, name: vela!.name, slug: vela!.slug },
    corridorMethodId: null,
    transferTime: "Instant",
    guaranteedRate: true,
    estimatedFeeCurrency: from.iso,
    quoteTtlSeconds: 600,
    paymentMethod,
    rateSource: `${mid.source}, ${mid.publishedOn}`,
    terms: {
      fromDecimals: from.decimals,
      toDecimals: to.decimals,
      midRate: mid.rate,
      marginBps: from.id === to.id ? 0 : terms.marginBps,
      tiers: [
        {
          upToMinor: null,
          fixedMinor: 0n,
          percentBps: terms.feeBps[paymentMethod] ?? terms.feeBps["*"] ?? 0,
        },
      ],
      limits: { send: { ...FALLBACK_LIMITS }, receiving: { ...FALLBACK_LIMITS } },
    },
  };
}

function toCalculation(offer: Offer, price: Price, promo: PromoRow | null): Calculation {
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
    rate: price.rate,
    mid_rate: offer.terms.midRate,
    rate_source: offer.rateSource,
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
    { userId, currencyId: offer.from.id, currencyDecimals: offer.from.decimals, sendAmount, quotationId },
    field,
  );
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
  return { price, promo, calculation: toCalculation(offer, price, promo) };
}

export async function calculateConsignment(
  context: PricingContext,
  body: CalculatorRequest,
  userId: number | null,
): Promise<Calculation> {
  const offer = await consignmentOffer(context, body, body.payment_method);
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
    rateSource: offer.rateSource,
    fixedSide: price.fixedSide,
    promoCodeId: promo?.id ?? null,
    expiresAt: new Date(Date.now() + offer.quoteTtlSeconds * 1000),
  };
}

/** Stores a priced offer as the user's quotation, its rate locked for the corridor's time. */
export async function saveQuotation(
  context: PricingContext,
  userId: number,
  service: string,
  offer: Offer,
  priced: Awaited<ReturnType<typeof priceOffer>>,
): Promise<Quotation> {
  const [row] = await context.db
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
    })
    .returning();
  return toQuotation(row!, priced.calculation);
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

/** Rebuilds the offer a stored quotation was made from, at today's rate. */
export async function offerOfQuotation(
  context: PricingContext,
  row: QuotationRow,
  paymentMethod: string,
): Promise<Offer> {
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
    );
  }
  const kind = row.service === "wallet-deposit" ? "deposit" : "convert";
  return walletOffer(context, kind, row.currencyFromId, row.currencyToId, paymentMethod);
}

/** The amounts a stored quotation was asked for: the side the customer typed. */
export function amountsOfQuotation(row: QuotationRow, offer: Offer): Amounts {
  return row.fixedSide === "send"
    ? { send_amount: fromMinor(row.sendAmountMinor, offer.from.decimals) }
    : { receiving_amount: fromMinor(row.receivingAmountMinor, offer.to.decimals) };
}

/** Recomputes a quotation in place (new amounts, payment method, promo or simply today's rate). */
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
  const [updated] = await context.db
    .update(quotations)
    .set({ ...pricedColumns(offer, priced), status: "open", updatedAt: sql`now()` })
    .where(eq(quotations.id, row.id))
    .returning();
  return toQuotation(updated!, priced.calculation);
}

/** A stored quotation as the API answers it, priced from its own stored figures (no requote). */
export async function describeQuotation(context: PricingContext, row: QuotationRow): Promise<Quotation> {
  const offer = await offerOfQuotation(context, row, row.paymentMethod);
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
  const calculation = toCalculation(
    { ...offer, rateSource: row.rateSource, terms: { ...offer.terms, midRate: row.midRate } },
    price,
    promo ?? null,
  );
  return toQuotation(row, calculation);
}
