import { queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/wallets";
import { api } from "@/shared/api/api-client";
import { WALLETS_QUERY_KEY } from "./get-wallets";

/** The chart's periods, in days. */
export const BALANCE_HISTORY_DAYS = [7, 30, 90] as const;
export type BalanceHistoryDays = (typeof BALANCE_HISTORY_DAYS)[number];

/** GET /wallets/{id}/balance-history?days=: the wallet's end-of-day balances from its ledger postings. */
export const balanceHistoryQueryOptions = (walletId: number, days: BalanceHistoryDays) =>
  queryOptions({
    queryKey: [...WALLETS_QUERY_KEY, walletId, "balance-history", days],
    queryFn: ({ signal }) =>
      api.call(contract.getBalanceHistory, { params: { id: walletId }, query: { days } }, { signal }),
  });

export const useBalanceHistory = (walletId: number, days: BalanceHistoryDays) =>
  useQuery(balanceHistoryQueryOptions(walletId, days));
