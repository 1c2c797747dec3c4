import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/pricing";
import { api } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";

/** GET /api/consignments/currencies-from?country_from_id=: the currencies a country sends in. */
export const getCurrenciesFrom = (countryFromId: number, signal?: AbortSignal) =>
  api.call(contract.getCurrenciesFrom, { query: { country_from_id: countryFromId } }, { signal });

export const currenciesFromQueryOptions = (countryFromId: number | null, language: Language) =>
  queryOptions({
    queryKey: ["send-money", "currencies-from", countryFromId, language],
    queryFn: countryFromId === null ? skipToken : ({ signal }) => getCurrenciesFrom(countryFromId, signal),
    staleTime: 60 * 60 * 1000,
    // The AMOUNT step shows the failure itself, with a retry button.
    meta: { notifyOnError: false },
  });

export const useCurrenciesFrom = (countryFromId: number | null) =>
  useQuery(currenciesFromQueryOptions(countryFromId, useLanguage()));
