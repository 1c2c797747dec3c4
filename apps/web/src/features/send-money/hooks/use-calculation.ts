import { useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@/shared/api/api-error";
import { useLanguage } from "@/shared/i18n/use-language";
import type { PricedCorridor } from "../api/corridor";
import { lastCalculationFor, useHomeCalculation } from "../api/get-home-calculation";
import { useLimits } from "../api/get-limits";
import type { TypedAmount } from "../stores/send-money-store";
import { serverLimitCorrection } from "../utils/amount-limits";
import { limitsInForce, priceRequestOf } from "../utils/price-request";

/**
 * The price of a typed amount, as TanStack Query holds it: the method's limits, then the calculator
 * asked with the typed side's amount (see priceRequestOf), and what its answer or its 422 mean for
 * the amount. Nothing here is copied anywhere: the step shows it as it is.
 */
export const useCalculation = ({
  pricedCorridor,
  typed,
  fromDecimals,
  toDecimals,
}: {
  pricedCorridor: PricedCorridor | null;
  typed: TypedAmount;
  fromDecimals: number;
  toDecimals: number;
}) => {
  const locale = useLanguage();
  const limits = useLimits(pricedCorridor);
  const areLimitsSettled = limits.data !== undefined || limits.isError;
  // The rate of an earlier price for this corridor checks the amount not typed before asking.
  const lastAnswer = lastCalculationFor(useQueryClient(), pricedCorridor);
  const rate = lastAnswer?.rate ?? null;
  const { pricedAmount, localCorrection, request } = priceRequestOf({
    corridor: pricedCorridor,
    typed,
    limits: limits.data,
    areLimitsSettled,
    rate,
    fromDecimals,
    toDecimals,
    locale,
  });
  const calculation = useHomeCalculation(request);
  const failure = calculation.error instanceof ApiError ? calculation.error : null;
  return {
    calculation,
    pricedAmount,
    localCorrection,
    areLimitsSettled,
    rate,
    methodLimits: limitsInForce(limits.data, lastAnswer),
    failure,
    /** A 422's field errors: a limit by its amount field, a corridor not offered by its ids. */
    fieldErrors: failure?.status === 422 ? failure.errors : null,
    /** A limit refusal as the §5 replacement it carries (the 422's `limit` data). */
    serverCorrection: serverLimitCorrection(failure, fromDecimals, toDecimals),
  };
};
