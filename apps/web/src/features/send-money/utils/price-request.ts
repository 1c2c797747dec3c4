import { completeAmount } from "@vela/shared/amount-text";
import { type CorridorLimits, fallbackLimits } from "@vela/shared/limits";
import type { MoneyLocale } from "@vela/shared/money";
import type { Calculation } from "@vela/shared/pricing";
import type { PricedCorridor } from "../api/corridor";
import type { AmountCorrection, TypedAmount } from "../stores/send-money-store";
import { typedAmountCorrection } from "./amount-limits";
import { type AmountSelection, amountSelectionOf } from "./send-money-search";

export type PriceCheck = {
  corridor: PricedCorridor | null;
  typed: TypedAmount;
  /** The method's limits; undefined while they are on their way or could not be read. */
  limits: CorridorLimits | undefined;
  /** Whether the limits arrived or failed (then the calculator's own 422 is the check). */
  areLimitsSettled: boolean;
  /** The corridor's rate from an earlier price, or null before the first one. */
  rate: string | null;
  fromDecimals: number;
  toDecimals: number;
  locale: MoneyLocale;
};

export type PriceRequest = {
  /** The typed amount completed to its currency's digits ("12." is priced as 12.00); "" when empty. */
  pricedAmount: string;
  /** Spec §5 against the limits this page holds: set when the amount is outside them. */
  localCorrection: AmountCorrection | null;
  /** What the calculator is asked; null when it is not asked at all. */
  request: AmountSelection | null;
};

/**
 * What the calculator is asked for a typed amount: only once the method's limits are known (or
 * could not be read), so that an amount outside them is never sent (it would only answer 422); its
 * message shows by the field instead, and leaving the field replaces it. The amount not typed is
 * checked too once a rate is known. An empty field asks nothing.
 */
export const priceRequestOf = (check: PriceCheck): PriceRequest => {
  const { corridor, typed, limits, fromDecimals, toDecimals } = check;
  const pricedAmount = completeAmount(typed.amount, typed.side === "send" ? fromDecimals : toDecimals);
  const localCorrection =
    corridor && pricedAmount && limits
      ? typedAmountCorrection(
          { side: typed.side, amount: pricedAmount },
          { limits, rate: check.rate, fromDecimals, toDecimals, locale: check.locale },
        )
      : null;
  const request =
    check.areLimitsSettled && localCorrection === null
      ? amountSelectionOf(corridor, typed.side, pricedAmount)
      : null;
  return { pricedAmount, localCorrection, request };
};

/**
 * The limits an amount is held to: the method's, else those of the last price for it, else spec
 * §5's "Fallback limits when absent" (10 / 10 000).
 */
export const limitsInForce = (
  methodLimits: CorridorLimits | undefined,
  lastAnswer: Calculation | undefined,
): CorridorLimits => methodLimits ?? lastAnswer?.limits ?? fallbackLimits();
