import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/senders";
import { api } from "@/shared/api/api-client";

export type SenderListParams = { page: number; search: string };

/** Every list of senders shares this key's first part, so a change refreshes them all. */
export const SENDERS_QUERY_KEY = ["senders"] as const;

/** GET /consignments/senders: the user's senders a consignment may name (a client's own profile first). */
export const getConsignmentSenders = ({ page, search }: SenderListParams, signal?: AbortSignal) =>
  api.call(
    contract.getConsignmentSenders,
    { query: { page, per_page: 10, search: search.trim() || undefined } },
    { signal },
  );

export const consignmentSendersQueryOptions = (params: SenderListParams) =>
  queryOptions({
    queryKey: [...SENDERS_QUERY_KEY, "consignments", params],
    queryFn: ({ signal }) => getConsignmentSenders(params, signal),
    placeholderData: keepPreviousData,
  });

export const useConsignmentSenders = (params: SenderListParams) =>
  useQuery(consignmentSendersQueryOptions(params));
