import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/wallets";
import type { WalletTransactionsQuery } from "@vela/shared/wallets";
import { api } from "@/shared/api/api-client";
import { WALLETS_QUERY_KEY } from "./get-wallets";

/** The list's filters (spec §7: by wallet id with filters and paging). Empty means "any". */
export type WalletTransactionFilters = {
  page: number;
  service: string;
  status: string;
  date_from: string;
  date_to: string;
};

/** GET /wallets/{id}/transactions: a page of the orders that moved the wallet, newest first. */
export const walletTransactionsQueryOptions = (walletId: number, filters: WalletTransactionFilters) =>
  queryOptions({
    queryKey: [...WALLETS_QUERY_KEY, walletId, "transactions", filters],
    queryFn: ({ signal }) =>
      api.call(
        contract.getWalletTransactions,
        // The filters are the address's words: a service or status outside the lists is the API's to
        // refuse (422). The page size is the API's own (spec §9: 10, WALLET_PAGE_SIZE).
        { params: { id: walletId }, query: filters as WalletTransactionsQuery },
        { signal },
      ),
    // The next page replaces the last one only when it arrives: the list does not jump.
    placeholderData: keepPreviousData,
  });

export const useWalletTransactions = (walletId: number, filters: WalletTransactionFilters) =>
  useQuery(walletTransactionsQueryOptions(walletId, filters));
