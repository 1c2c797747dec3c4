import { queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/wallets";
import { api } from "@/shared/api/api-client";

/** Every wallet query starts with this key: a money movement invalidates them all at once. */
export const WALLETS_QUERY_KEY = ["wallets"] as const;

/** GET /wallets/dashboard: the user's wallets with their balances. */
export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: [...WALLETS_QUERY_KEY, "dashboard"],
    queryFn: ({ signal }) => api.call(contract.getWalletDashboard, {}, { signal }),
  });

export const useWalletDashboard = () => useQuery(dashboardQueryOptions());

/** GET /wallets/u-wallets: the user's wallets, for the flows' wallet pickers. */
export const userWalletsQueryOptions = () =>
  queryOptions({
    queryKey: [...WALLETS_QUERY_KEY, "u-wallets"],
    queryFn: ({ signal }) => api.call(contract.getUserWallets, {}, { signal }),
  });

export const useUserWallets = () => useQuery(userWalletsQueryOptions());
