import { queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/reference";
import { api } from "@/shared/api/api-client";

/** GET /api/cities?state_id=: a state's cities (spec §3 "cities query (state_id)"). */
export const getCities = (stateId: number, signal?: AbortSignal) =>
  api.call(contract.getCities, { query: { state_id: stateId } }, { signal });

export const citiesQueryOptions = (stateId: number | null) =>
  queryOptions({
    queryKey: ["reference", "cities", stateId],
    queryFn: ({ signal }) => getCities(stateId ?? 0, signal),
    enabled: stateId !== null,
    staleTime: 60 * 60 * 1000,
  });

export const useCities = (stateId: number | null) => useQuery(citiesQueryOptions(stateId));
