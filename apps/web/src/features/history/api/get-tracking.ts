import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/orders";
import { api } from "@/shared/api/api-client";

/** GET /api/tracking/{tracking_number}: public, so it is sent without the session's headers. */
export const getTracking = (trackingNumber: string, signal?: AbortSignal) =>
  api.call(
    contract.getTracking,
    { params: { tracking_number: trackingNumber } },
    { anonymous: true, signal },
  );

export const trackingQueryOptions = (trackingNumber: string | null) =>
  queryOptions({
    queryKey: ["tracking", trackingNumber],
    queryFn: trackingNumber ? ({ signal }) => getTracking(trackingNumber, signal) : skipToken,
    // An unknown number stays unknown; asking again only spends the tight rate limit.
    retry: false,
    // The page says what went wrong itself (not found, try again).
    meta: { notifyOnError: false },
  });

export const useTracking = (trackingNumber: string | null) => useQuery(trackingQueryOptions(trackingNumber));
