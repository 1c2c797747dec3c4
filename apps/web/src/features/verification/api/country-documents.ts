import { queryOptions, skipToken } from "@tanstack/react-query";
import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/verification";
import { api } from "@/shared/api/api-client";
import { VERIFICATION_QUERY_KEY } from "./verification-status";

export type { IdentityDocument } from "@vela/shared/verification";

/** GET /identity_verifications/country/{id}/documents: the documents a country accepts. */
export const getCountryDocuments = (countryId: number, signal?: AbortSignal) =>
  api.call(contract.getCountryDocuments, { params: { id: countryId } }, { signal });

export const countryDocumentsQueryOptions = (countryId: number | null, language: Language) =>
  queryOptions({
    queryKey: [...VERIFICATION_QUERY_KEY, "documents", countryId, language],
    queryFn: countryId === null ? skipToken : ({ signal }) => getCountryDocuments(countryId, signal),
    meta: { notifyOnError: false },
  });
