import { queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/orders";
import { api } from "@/shared/api/api-client";

/** GET /api/dashboard/recent-activity: the user's five latest orders. */
export const getRecentActivity = (signal?: AbortSignal) =>
  api.call(contract.getRecentActivity, {}, { signal });

export const recentActivityQueryOptions = () =>
  queryOptions({
    // Under "orders", so whatever refreshes the history refreshes this card too.
    queryKey: ["orders", "recent-activity"],
    queryFn: ({ signal }) => getRecentActivity(signal),
  });

export const useRecentActivity = () => useQuery(recentActivityQueryOptions());
