import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Paginated } from "@vela/shared/api";
import { api } from "@/shared/api/api-client";
import { WALLETS_QUERY_KEY } from "./get-wallets";
import type { WalletTransaction } from "./types";

/** Spec §9: the wallet history shows 10 a page. */
export const WALLET_TRANSACTIONS_PAGE_SIZE = 10;

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
      api.get<Paginated<WalletTransaction>>(
        `wallets/${walletId}/transactions`,
        {
          page: filters.page,
          per_page: WALLET_TRANSACTIONS_PAGE_SIZE,
          service: filters.service,
          status: filters.status,
          date_from: filters.date_from,
          date_to: filters.date_to,
        },
        signal,
      ),
    // The next page replaces the last one only when it arrives: the list does not jump.
    placeholderData: keepPreviousData,
  });

export const useWalletTransactions = (walletId: number, filters: WalletTransactionFilters) =>
  useQuery(walletTransactionsQueryOptions(walletId, filters));
