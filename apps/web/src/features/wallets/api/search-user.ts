import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/wallets";
import { api } from "@/shared/api/api-client";
import { WALLETS_QUERY_KEY } from "./get-wallets";

/**
 * GET /wallets/send-money/search-user?query=: the user with exactly that e-mail, phone or wallet id.
 * Nobody found (or someone without a wallet) is a 404, which the step says in its own words.
 */
export const searchUserQueryOptions = (query: string | null) =>
  queryOptions({
    queryKey: [...WALLETS_QUERY_KEY, "send-money", "search-user", query],
    queryFn:
      query === null
        ? skipToken
        : ({ signal }) => api.call(contract.searchWalletUser, { query: { query } }, { signal }),
    meta: { notifyOnError: false },
    retry: false,
  });

export const useSearchUser = (query: string | null) => useQuery(searchUserQueryOptions(query));

/** GET /wallets/send-money/recent-recipients: the users this one sent to lately. */
export const recentRecipientsQueryOptions = () =>
  queryOptions({
    queryKey: [...WALLETS_QUERY_KEY, "send-money", "recent-recipients"],
    queryFn: ({ signal }) => api.call(contract.getRecentWalletRecipients, {}, { signal }),
  });

export const useRecentRecipients = () => useQuery(recentRecipientsQueryOptions());
