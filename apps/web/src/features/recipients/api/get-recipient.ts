import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/recipients";
import { api } from "@/shared/api/api-client";
import { RECIPIENTS_QUERY_KEY } from "./get-recipients";

/** GET /api/recipients/{id}: one of the user's recipients (another user's id is a 404). */
export const getRecipient = (id: number, signal?: AbortSignal) =>
  api.call(contract.getRecipient, { params: { id } }, { signal });

export const recipientQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: [...RECIPIENTS_QUERY_KEY, "one", id],
    queryFn: id === null ? skipToken : ({ signal }) => getRecipient(id, signal),
  });

export const useRecipient = (id: number | null) => useQuery(recipientQueryOptions(id));
