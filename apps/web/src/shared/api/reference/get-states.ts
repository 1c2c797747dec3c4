import { queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/reference";
import { api } from "@/shared/api/api-client";

/** GET /api/states?country_id=: a country's states or provinces. */
export const getStates = (countryId: number, signal?: AbortSignal) =>
  api.call(contract.getStates, { query: { country_id: countryId } }, { signal });

export const statesQueryOptions = (countryId: number | null) =>
  queryOptions({
    queryKey: ["reference", "states", countryId],
    queryFn: ({ signal }) => getStates(countryId ?? 0, signal),
    enabled: countryId !== null,
    staleTime: 60 * 60 * 1000,
  });

export const useStates = (countryId: number | null) => useQuery(statesQueryOptions(countryId));
