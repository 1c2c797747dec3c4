import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/reference";
import { api } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";

/** GET /api/countries: every country, named in the page's language. */
export const getCountries = (signal?: AbortSignal) =>
  api.call(contract.getCountries, { query: {} }, { signal });

export const countriesQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ["reference", "countries", language],
    queryFn: ({ signal }) => getCountries(signal),
    staleTime: 60 * 60 * 1000,
  });

export const useCountries = () => useQuery(countriesQueryOptions(useLanguage()));
