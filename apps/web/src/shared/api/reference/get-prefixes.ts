import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/reference";
import { api } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";

/** GET /api/prefixes: international dialling prefixes, one per country. */
export const getPrefixes = (signal?: AbortSignal) => api.call(contract.getPrefixes, {}, { signal });

export const prefixesQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ["reference", "prefixes", language],
    queryFn: ({ signal }) => getPrefixes(signal),
    staleTime: 60 * 60 * 1000,
  });

export const usePrefixes = () => useQuery(prefixesQueryOptions(useLanguage()));
