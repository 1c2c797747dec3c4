import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/reference";
import { api } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";

/** GET /api/currencies: every currency with its ISO 4217 minor-unit digits. */
export const getCurrencies = (signal?: AbortSignal) =>
  api.call(contract.getCurrencies, { query: {} }, { signal });

/** Currency names may come translated, so the language is part of the key. */
export const currenciesQueryOptions = (language: Language, options: { notifyOnError?: boolean } = {}) =>
  queryOptions({
    queryKey: ["reference", "currencies", language],
    queryFn: ({ signal }) => getCurrencies(signal),
    staleTime: 60 * 60 * 1000,
    meta: { notifyOnError: options.notifyOnError ?? true },
  });

export const useCurrencies = (options: { notifyOnError?: boolean } = {}) =>
  useQuery(currenciesQueryOptions(useLanguage(), options));
