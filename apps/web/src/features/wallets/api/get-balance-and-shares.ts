import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/wallets";
import { api } from "@/shared/api/api-client";
import { WALLETS_QUERY_KEY } from "./get-wallets";

/** GET /wallets/{id}/balance-and-shares: the balance, the currency and flag, and what to share. */
export const balanceAndSharesQueryOptions = (walletId: number | null) =>
  queryOptions({
    queryKey: [...WALLETS_QUERY_KEY, walletId, "balance-and-shares"],
    queryFn:
      walletId === null
        ? skipToken
        : ({ signal }) => api.call(contract.getBalanceAndShares, { params: { id: walletId } }, { signal }),
  });

export const useBalanceAndShares = (walletId: number | null) =>
  useQuery(balanceAndSharesQueryOptions(walletId));
