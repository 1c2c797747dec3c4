import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/reference";
import { api } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";

/** GET /documents?country_id=: the identity documents valid in a country (and those valid everywhere). */
export const getDocuments = (countryId: number, signal?: AbortSignal) =>
  api.call(contract.getDocuments, { query: { country_id: countryId } }, { signal });

/** Document names come translated, so the language is part of the key. */
export const documentsQueryOptions = (countryId: number | null, language: Language) =>
  queryOptions({
    queryKey: ["reference", "documents", countryId, language],
    queryFn: ({ signal }) => getDocuments(countryId ?? 0, signal),
    enabled: countryId !== null,
    staleTime: 60 * 60 * 1000,
  });

export const useDocuments = (countryId: number | null) =>
  useQuery(documentsQueryOptions(countryId, useLanguage()));
