import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/pricing";
import { api } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";
import type { Corridor } from "./corridor";

/** A price asked from either amount, never both (the API refuses both). */
export type HomeCalculationRequest = Corridor & { shipping_method_id: number } & (
    | { send_amount: string }
    | { receiving_amount: string }
  );

/**
 * GET /api/home/send-money/calculator: the public price of a transfer (fee, rate, what arrives,
 * total to pay). Out of limits it answers 422 with the spec's §5 message on `send_amount` or
 * `receiving_amount`; a corridor not offered, 422 on `country_to_id`.
 */
export const getHomeCalculation = (request: HomeCalculationRequest, signal?: AbortSignal) =>
  api.call(contract.getHomeCalculation, { query: request }, { signal });

export const homeCalculationQueryOptions = (request: HomeCalculationRequest | null, language: Language) =>
  queryOptions({
    // The language is part of the key: a limit message formats its amount the page's way.
    queryKey: ["send-money", "home-calculation", request, language],
    queryFn: request ? ({ signal }) => getHomeCalculation(request, signal) : skipToken,
    // The API caches this answer for a minute too: rates change once a day.
    staleTime: 60 * 1000,
    // The AMOUNT step shows limits by the amount fields and other failures inline.
    meta: { notifyOnError: false },
  });

export const useHomeCalculation = (request: HomeCalculationRequest | null) =>
  useQuery(homeCalculationQueryOptions(request, useLanguage()));
