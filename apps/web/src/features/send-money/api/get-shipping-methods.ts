import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/pricing";
import { api } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";
import type { Corridor } from "./corridor";

/**
 * GET /api/shipping-methods: the delivery methods a corridor offers, `vela` first. An empty list
 * means the corridor is not offered.
 */
export const getShippingMethods = (corridor: Corridor, signal?: AbortSignal) =>
  api.call(contract.getShippingMethods, { query: corridor }, { signal });

export const shippingMethodsQueryOptions = (corridor: Corridor | null, language: Language) =>
  queryOptions({
    queryKey: ["send-money", "shipping-methods", corridor, language],
    queryFn: corridor ? ({ signal }) => getShippingMethods(corridor, signal) : skipToken,
    staleTime: 60 * 60 * 1000,
    // The AMOUNT step shows the failure itself, with a retry button.
    meta: { notifyOnError: false },
  });

export const useShippingMethods = (corridor: Corridor | null) =>
  useQuery(shippingMethodsQueryOptions(corridor, useLanguage()));
