import {
  addAmounts,
  basisPointsOf,
  compareAmounts,
  convertAmount,
  countDecimals,
  fromMinor,
  rateLessMargin,
  roundFeeUp,
  roundReceivingDown,
  sendAmountForReceiving,
  subtractAmounts,
  toCurrencyAmount,
  toMinor,
} from "@vela/shared/decimal";
import type { MoneyLocale } from "@vela/shared/money";
import { type CorridorLimits, limitMessage } from "@vela/shared/pricing";
import { InvalidDataError } from "../http/errors";

export type FeeTier = { upToMinor: bigint | null; fixedMinor: bigint; percentBps: number };
export type PromoDiscount = { kind: "percent"; percentBps: number } | { kind: "fixed"; amountMinor: bigint };

/** Everything a price depends on, loaded beforehand: the maths below touches no database. */
export type PriceTerms = {
  fromDecimals: number;
  toDecimals: number;
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

/** The tier for a send amount: the lowest ceiling at or above it, or the open-ended one. */
export function tierFor(tiers: FeeTier[], sendMinor: bigint): FeeTier {
  const sorted = [...tiers].sort((a, b) =>
    a.upToMinor === null ? 1 : b.upToMinor === null ? -1 : a.upToMinor < b.upToMinor ? -1 : 1,
  );
  const tier = sorted.find((candidate) => candidate.upToMinor === null || sendMinor <= candidate.upToMinor);
  if (!tier) throw new Error("fee schedule without an open-ended tier");
  return tier;
}

/** Our fee on a send amount: fixed + percentage, rounded up to the minor unit. */
export function feeFor(tiers: FeeTier[], sendAmount: string, decimals: number): string {
  const tier = tierFor(tiers, toMinor(roundFeeUp(sendAmount, decimals), decimals));
  return roundFeeUp(
    addAmounts(fromMinor(tier.fixedMinor, decimals), basisPointsOf(sendAmount, tier.percentBps)),
    decimals,
  );
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
 * Spec §5 on the server: a send amount outside its limits is refused with the limit's message;
 * the receiving amount is checked only when the send amount is within its limits.
 */
export function assertWithinLimits(
  price: Pick<Price, "sendAmount" | "receivingAmount">,
  terms: PriceTerms,
  locale: MoneyLocale,
) {
  const { send, receiving } = terms.limits;
  const isZero = compareAmounts(price.sendAmount, "0") <= 0;
  if (isZero || compareAmounts(price.sendAmount, send.min) < 0) {
    throw new InvalidDataError({
      send_amount: [limitMessage("min", "send", send.min, terms.fromDecimals, locale)],
    });
  }
  if (compareAmounts(price.sendAmount, send.max) > 0) {
    throw new InvalidDataError({
      send_amount: [limitMessage("max", "send", send.max, terms.fromDecimals, locale)],
    });
  }
  if (compareAmounts(price.receivingAmount, receiving.min) < 0) {
    throw new InvalidDataError({
      receiving_amount: [limitMessage("min", "receiving", receiving.min, terms.toDecimals, locale)],
    });
  }
  if (compareAmounts(price.receivingAmount, receiving.max) > 0) {
    throw new InvalidDataError({
      receiving_amount: [limitMessage("max", "receiving", receiving.max, terms.toDecimals, locale)],
    });
  }
}

/**
 * Prices a transfer from either amount. Rounding, stated once: the customer rate is the mid rate
 * less the margin, rounded down; fees round up; what is received rounds down; a send amount
 * worked back from a receiving amount rounds up. So the service never delivers more than it was
 * paid for. Limits are checked before anything is answered.
 */
export function priceTransfer(terms: PriceTerms, request: PriceRequest, locale: MoneyLocale = "en"): Price {
  const rate = rateLessMargin(terms.midRate, terms.marginBps);
  let sendAmount: string;
  let receivingAmount: string;
  if (request.sendAmount !== undefined) {
    assertDecimals("send_amount", request.sendAmount, terms.fromDecimals);
    sendAmount = roundFeeUp(request.sendAmount, terms.fromDecimals);
    receivingAmount = convertAmount(sendAmount, rate, terms.toDecimals);
  } else if (request.receivingAmount !== undefined) {
    assertDecimals("receiving_amount", request.receivingAmount, terms.toDecimals);
    receivingAmount = roundReceivingDown(request.receivingAmount, terms.toDecimals);
    sendAmount = sendAmountForReceiving(receivingAmount, rate, terms.fromDecimals);
  } else {
    throw new InvalidDataError({ send_amount: ["Give either the send amount or the receiving amount."] });
  }
  assertWithinLimits({ sendAmount, receivingAmount }, terms, locale);
  const fee = feeFor(terms.tiers, sendAmount, terms.fromDecimals);
  const discount = discountFor(request.promo, fee, terms.fromDecimals);
  return {
    sendAmount,
    receivingAmount,
    fee,
    discount,
    total: toCurrencyAmount(addAmounts(sendAmount, subtractAmounts(fee, discount)), terms.fromDecimals),
    rate,
    fixedSide: request.sendAmount !== undefined ? "send" : "receiving",
  };
}
