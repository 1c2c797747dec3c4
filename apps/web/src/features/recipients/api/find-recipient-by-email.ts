import { queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/recipients";
import { api } from "@/shared/api/api-client";
import { RECIPIENTS_QUERY_KEY } from "./get-recipients";

/** Spec §8: what a failed recipient e-mail lookup says when the server gave no message. */
export const EMAIL_LOOKUP_FALLBACK = "Ocurrió un error inesperado.";

/** The e-mail lookup of spec §7: GET /api/recipients?email=…&page=1&per_page=1. */
export const findRecipientByEmail = async (email: string, signal?: AbortSignal) => {
  const page = await api.call(contract.getRecipients, { query: { email, page: 1, per_page: 1 } }, { signal });
  return page.data[0] ?? null;
};

export const recipientByEmailQueryOptions = (email: string | null) =>
  queryOptions({
    queryKey: [...RECIPIENTS_QUERY_KEY, "by-email", email],
    queryFn: ({ signal }) => findRecipientByEmail(email ?? "", signal),
    enabled: email !== null,
    meta: { errorFallback: EMAIL_LOOKUP_FALLBACK },
  });

export const useRecipientByEmail = (email: string | null) => useQuery(recipientByEmailQueryOptions(email));
