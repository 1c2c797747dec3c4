import { queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/wallets";
import { api } from "@/shared/api/api-client";

/**
 * GET /api/wallets/dashboard: the user's wallets with their balances. Under the wallets' own key
 * ("wallets", "dashboard", the wallets page's query), so both share one answer and every money
 * movement, which refreshes all "wallets" queries, refreshes this card too.
 */
export const walletBalancesQueryOptions = () =>
  queryOptions({
    queryKey: ["wallets", "dashboard"],
    queryFn: ({ signal }) => api.call(contract.getWalletDashboard, {}, { signal }),
  });

export const useWalletBalances = () => useQuery(walletBalancesQueryOptions());
