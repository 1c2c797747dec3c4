import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/senders";
import { api } from "@/shared/api/api-client";
import { SENDERS_QUERY_KEY, type SenderListParams } from "./get-senders";

/** GET /agents/senders: the agent's senders, 10 a page (spec §7 agent senders list). */
export const getAgentSenders = ({ page, search }: SenderListParams, signal?: AbortSignal) =>
  api.call(
    contract.getAgentSenders,
    { query: { page, per_page: 10, search: search.trim() || undefined } },
    { signal },
  );

export const agentSendersQueryOptions = (params: SenderListParams) =>
  queryOptions({
    queryKey: [...SENDERS_QUERY_KEY, "agent", params],
    queryFn: ({ signal }) => getAgentSenders(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAgentSenders = (params: SenderListParams) => useQuery(agentSendersQueryOptions(params));
