import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/pricing";
import { api } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";

/** GET /api/consignments/currencies?country_to_id=: the currencies a country receives in. */
export const getCurrenciesTo = (countryToId: number, signal?: AbortSignal) =>
  api.call(contract.getCurrenciesTo, { query: { country_to_id: countryToId } }, { signal });

export const currenciesToQueryOptions = (countryToId: number | null, language: Language) =>
  queryOptions({
    queryKey: ["send-money", "currencies-to", countryToId, language],
    queryFn: countryToId === null ? skipToken : ({ signal }) => getCurrenciesTo(countryToId, signal),
    staleTime: 60 * 60 * 1000,
    // The AMOUNT step shows the failure itself, with a retry button.
    meta: { notifyOnError: false },
  });

export const useCurrenciesTo = (countryToId: number | null) =>
  useQuery(currenciesToQueryOptions(countryToId, useLanguage()));
