import {
  addAmounts,
  basisPointsOf,
  basisPointsOfMinorCeil,
  compareAmounts,
  convertAmount,
  countDecimals,
  currencyTotal,
  fromMinor,
  rateLessMargin,
  roundFeeUp,
  roundReceivingDown,
  sendAmountForReceiving,
  toCurrencyAmount,
  toMinor,
  toRateString,
} from "@vela/shared/decimal";
import { breachMessage, type CorridorLimits, limitBreach } from "@vela/shared/limits";
import type { MoneyLocale } from "@vela/shared/money";
import { AmountLimitError, InvalidDataError } from "../http/errors";

export type FeeTier = { upToMinor: bigint | null; fixedMinor: bigint; percentBps: number };
export type PromoDiscount = { kind: "percent"; percentBps: number } | { kind: "fixed"; amountMinor: bigint };

/** Everything a price depends on, loaded beforehand: the maths below touches no database. */
export type PriceTerms = {
  fromDecimals: number;
  toDecimals: number;
  /** The currencies' ISO codes, for the limit a refused amount answers as data. */
  fromIso: string;
  toIso: string;
  midRate: string;
  marginBps: number;
  /** The tiers for the chosen payment method, any order. */
  tiers: FeeTier[];
  limits: CorridorLimits;
};

export type PriceRequest = { sendAmount?: string; receivingAmount?: string; promo?: PromoDiscount | null };

export type Price = {
  sendAmount: string;
  receivingAmount: string;
  fee: string;
  discount: string;
  total: string;
  rate: string;
  fixedSide: "send" | "receiving";
};

const sortTiers = (tiers: FeeTier[]) =>
  [...tiers].sort((a, b) =>
    a.upToMinor === null ? 1 : b.upToMinor === null ? -1 : a.upToMinor < b.upToMinor ? -1 : 1,
  );

function findTier(sorted: FeeTier[], sendMinor: bigint): FeeTier {
  const tier = sorted.find((candidate) => candidate.upToMinor === null || sendMinor <= candidate.upToMinor);
  if (!tier) throw new Error("fee schedule without an open-ended tier");
  return tier;
}

/** The tier for a send amount: the lowest ceiling at or above it, or the open-ended one. */
export function tierFor(tiers: FeeTier[], sendMinor: bigint): FeeTier {
  return findTier(sortTiers(tiers), sendMinor);
}

/**
 * What follows from a PriceTerms alone, worked out once per terms object rather than per price: a
 * calculator's offer (and so its terms) is kept while the corridor terms and rate table stand
 * (quotes.ts currentConsignmentOffer), and each price on it would otherwise redo the same decimal
 * work. Terms are never changed once built, so the derived values stay true for them.
 */
type DerivedTerms = {
  /** The customer rate: the mid rate less the margin. */
  rate: string;
  /** The customer and mid rates as answered (toRateString). */
  rateText: string;
  midRateText: string;
  sortedTiers: FeeTier[];
};
const derivedTerms = new WeakMap<PriceTerms, DerivedTerms>();

function derivedOf(terms: PriceTerms): DerivedTerms {
  let derived = derivedTerms.get(terms);
  if (!derived) {
    const rate = rateLessMargin(terms.midRate, terms.marginBps);
    derived = {
      rate,
      rateText: toRateString(rate),
      midRateText: toRateString(terms.midRate),
      sortedTiers: sortTiers(terms.tiers),
    };
    derivedTerms.set(terms, derived);
  }
  return derived;
}

/** The wire forms (toRateString) of a price's customer rate and of its terms' mid rate. */
export function rateTexts(terms: PriceTerms, price: Pick<Price, "rate">): { rate: string; midRate: string } {
  const derived = derivedOf(terms);
  return {
    rate: price.rate === derived.rate ? derived.rateText : toRateString(price.rate),
    midRate: derived.midRateText,
  };
}

/** Our fee on a send amount: fixed + percentage, rounded up to the minor unit. */
export function feeFor(tiers: FeeTier[], sendAmount: string, decimals: number): string {
  const tier = tierFor(tiers, toMinor(roundFeeUp(sendAmount, decimals), decimals));
  return roundFeeUp(
    addAmounts(fromMinor(tier.fixedMinor, decimals), basisPointsOf(sendAmount, tier.percentBps)),
    decimals,
  );
}

/**
 * feeFor for a send amount already written with the currency's `decimals` (as priceTransfer's is)
 * and tiers already sorted: the same fee, in minor units.
 */
function feeOnTier(sortedTiers: FeeTier[], sendAmount: string, decimals: number): string {
  const sendMinor = toMinor(sendAmount, decimals);
  const tier = findTier(sortedTiers, sendMinor);
  // The fixed part is whole minor units, so rounding the sum up is rounding the percentage up.
  return fromMinor(tier.fixedMinor + basisPointsOfMinorCeil(sendMinor, tier.percentBps), decimals);
}

/** What a promo code takes off the fee: never more than the fee, rounded down (it is money we give). */
export function discountFor(promo: PromoDiscount | null | undefined, fee: string, decimals: number): string {
  if (!promo) return fromMinor(0n, decimals);
  const off =
    promo.kind === "percent"
      ? roundReceivingDown(basisPointsOf(fee, promo.percentBps), decimals)
      : fromMinor(promo.amountMinor, decimals);
  return compareAmounts(off, fee) > 0 ? fee : off;
}

function assertDecimals(field: string, amount: string, decimals: number) {
  if (countDecimals(amount) > decimals) {
    throw new InvalidDataError({
      [field]: [decimals === 0 ? "Must be a whole amount." : `Must have at most ${decimals} decimals.`],
    });
  }
}

/**
 * Spec §5 on the server (the shared limitBreach): an amount outside its limits is refused with the
 * limit's message by its field and the limit as data; the receiving amount is checked only when the
 * send amount is within its limits.
 */
export function assertWithinLimits(
  price: Pick<Price, "sendAmount" | "receivingAmount">,
  terms: PriceTerms,
  locale: MoneyLocale,
) {
  const decimals = { send: terms.fromDecimals, receiving: terms.toDecimals };
  const breach = limitBreach(
    { send: price.sendAmount, receiving: price.receivingAmount },
    terms.limits,
    decimals,
  );
  if (breach === null) return;
  const { kind, field, limit } = breach;
  throw new AmountLimitError(
    { kind, field, amount: limit, currency: field === "send" ? terms.fromIso : terms.toIso },
    breachMessage(breach, decimals[breach.field], locale),
  );
}

/**
 * Both amounts of a transfer from the one given, each written with its currency's digits, before
 * any limit is checked: the receiving amount rounds down, a send amount worked back rounds up.
 */
export function transferAmounts(
  terms: PriceTerms,
  request: PriceRequest,
): Pick<Price, "sendAmount" | "receivingAmount"> {
  const { rate } = derivedOf(terms);
  if (request.sendAmount !== undefined) {
    assertDecimals("send_amount", request.sendAmount, terms.fromDecimals);
    // Within the currency's digits (just checked), rounding only writes them all: "100.5" → "100.50".
    const sendAmount = toCurrencyAmount(request.sendAmount, terms.fromDecimals);
    return { sendAmount, receivingAmount: convertAmount(sendAmount, rate, terms.toDecimals) };
  }
  if (request.receivingAmount !== undefined) {
    assertDecimals("receiving_amount", request.receivingAmount, terms.toDecimals);
    const receivingAmount = toCurrencyAmount(request.receivingAmount, terms.toDecimals);
    return { sendAmount: sendAmountForReceiving(receivingAmount, rate, terms.fromDecimals), receivingAmount };
  }
  throw new InvalidDataError({ send_amount: ["Give either the send amount or the receiving amount."] });
}

/**
 * Prices a transfer from either amount. Rounding, stated once: the customer rate is the mid rate
 * less the margin, rounded down; fees round up; what is received rounds down; a send amount
 * worked back from a receiving amount rounds up. So the service never delivers more than it was
 * paid for. Limits are checked before anything is answered.
 */
export function priceTransfer(terms: PriceTerms, request: PriceRequest, locale: MoneyLocale = "en"): Price {
  const derived = derivedOf(terms);
  const { rate } = derived;
  const { sendAmount, receivingAmount } = transferAmounts(terms, request);
  assertWithinLimits({ sendAmount, receivingAmount }, terms, locale);
  const fee = feeOnTier(derived.sortedTiers, sendAmount, terms.fromDecimals);
  const discount = discountFor(request.promo, fee, terms.fromDecimals);
  return {
    sendAmount,
    receivingAmount,
    fee,
    discount,
    total: currencyTotal(terms.fromDecimals, [sendAmount, fee], [discount]),
    rate,
    fixedSide: request.sendAmount !== undefined ? "send" : "receiving",
  };
}
