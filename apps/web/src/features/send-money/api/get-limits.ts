import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/pricing";
import { api } from "@/shared/api/api-client";
import type { PricedCorridor } from "./corridor";

export type LimitsRequest = PricedCorridor;

/** GET /api/limits: the send and receiving limits (decimal strings) of a corridor's delivery method. */
export const getLimits = (request: LimitsRequest, signal?: AbortSignal) =>
  api.call(contract.getLimits, { query: request }, { signal });

export const limitsQueryOptions = (request: LimitsRequest | null) =>
  queryOptions({
    queryKey: ["send-money", "limits", request],
    queryFn: request ? ({ signal }) => getLimits(request, signal) : skipToken,
    staleTime: 5 * 60 * 1000,
    // Limits that cannot be read fall back to the spec's 10 / 10 000; the calculator still checks.
    meta: { notifyOnError: false },
  });

export const useLimits = (request: LimitsRequest | null) => useQuery(limitsQueryOptions(request));
