import { type QueryClient, queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/pricing";
import type { Calculation } from "@vela/shared/pricing";
import { api } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";
import type { AmountSelection } from "../utils/send-money-search";
import type { PricedCorridor } from "./corridor";

/** A price asked from either amount, never both (the API refuses both). */
export type HomeCalculationRequest = AmountSelection;

/**
 * GET /api/home/send-money/calculator: the public price of a transfer (fee, rate, what arrives,
 * total to pay). Out of limits it answers 422 with the spec's §5 message on `send_amount` or
 * `receiving_amount`; a corridor not offered, 422 on `country_to_id`.
 */
export const getHomeCalculation = (request: HomeCalculationRequest, signal?: AbortSignal) =>
  api.call(contract.getHomeCalculation, { query: request }, { signal });

const HOME_CALCULATION_KEY = ["send-money", "home-calculation"] as const;

export const homeCalculationQueryOptions = (request: HomeCalculationRequest | null, language: Language) =>
  queryOptions({
    // The language is part of the key: a limit message formats its amount the page's way.
    queryKey: [...HOME_CALCULATION_KEY, request, language],
    queryFn: request ? ({ signal }) => getHomeCalculation(request, signal) : skipToken,
    // The API caches this answer for a minute too: rates change once a day.
    staleTime: 60 * 1000,
    // The AMOUNT step shows limits by the amount fields and other failures inline.
    meta: { notifyOnError: false },
  });

export const useHomeCalculation = (request: HomeCalculationRequest | null) =>
  useQuery(homeCalculationQueryOptions(request, useLanguage()));

const CORRIDOR_KEYS = [
  "country_from_id",
  "country_to_id",
  "currency_from_id",
  "currency_to_id",
  "shipping_method_id",
] as const satisfies readonly (keyof PricedCorridor)[];

/**
 * The latest price the cache holds for a corridor and method, whatever its amount: its rate and
 * limits let the step check the amount not typed (spec §5) without asking again.
 */
export const lastCalculationFor = (
  queryClient: QueryClient,
  corridor: PricedCorridor | null,
): Calculation | undefined => {
  if (!corridor) return undefined;
  const answered = queryClient.getQueryCache().findAll({
    queryKey: HOME_CALCULATION_KEY,
    predicate: ({ queryKey, state }) => {
      const request = queryKey[2] as HomeCalculationRequest | null;
      return state.data !== undefined && CORRIDOR_KEYS.every((key) => request?.[key] === corridor[key]);
    },
  });
  const latest = answered.sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)[0];
  return latest?.state.data as Calculation | undefined;
};
