import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/senders";
import { api } from "@/shared/api/api-client";

export type SenderListParams = { page: number; search: string };

/** Every list of senders shares this key's first part, so a change refreshes them all. */
export const SENDERS_QUERY_KEY = ["senders"] as const;

/**
 * The two lists of senders take the same query (10 a page, an optional search) and answer the same
 * page of senders: one builder serves both, with the list's own endpoint and key.
 */
const sendersQueryOptions = (
  list: "consignments" | "agent",
  endpoint: typeof contract.getConsignmentSenders | typeof contract.getAgentSenders,
  { page, search }: SenderListParams,
) =>
  queryOptions({
    queryKey: [...SENDERS_QUERY_KEY, list, { page, search }],
    queryFn: ({ signal }) =>
      api.call(endpoint, { query: { page, per_page: 10, search: search.trim() || undefined } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET /consignments/senders: the user's senders a consignment may name (a client's own profile first). */
export const useConsignmentSenders = (params: SenderListParams) =>
  useQuery(sendersQueryOptions("consignments", contract.getConsignmentSenders, params));

/** GET /agents/senders: the agent's senders, 10 a page (spec §7 agent senders list). */
export const useAgentSenders = (params: SenderListParams) =>
  useQuery(sendersQueryOptions("agent", contract.getAgentSenders, params));
