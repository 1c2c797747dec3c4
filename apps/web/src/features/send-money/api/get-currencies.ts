import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/pricing";
import { api } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";

/** Which end of the corridor: the country money is sent from, or the one it is sent to. */
export type CorridorEnd = "from" | "to";

/**
 * The currencies a country sends in (GET /api/consignments/currencies-from?country_from_id=) or
 * receives in (GET /api/consignments/currencies?country_to_id=).
 */
const getCurrencies = (end: CorridorEnd, countryId: number, signal?: AbortSignal) =>
  end === "from"
    ? api.call(contract.getCurrenciesFrom, { query: { country_from_id: countryId } }, { signal })
    : api.call(contract.getCurrenciesTo, { query: { country_to_id: countryId } }, { signal });

export const currenciesQueryOptions = (end: CorridorEnd, countryId: number | null, language: Language) =>
  queryOptions({
    queryKey: ["send-money", `currencies-${end}`, countryId, language],
    queryFn: countryId === null ? skipToken : ({ signal }) => getCurrencies(end, countryId, signal),
    staleTime: 60 * 60 * 1000,
    // The AMOUNT step shows the failure itself, with a retry button.
    meta: { notifyOnError: false },
  });

export const useCurrencies = (end: CorridorEnd, countryId: number | null) =>
  useQuery(currenciesQueryOptions(end, countryId, useLanguage()));
