import { queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/wallets";
import { api } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";
import { WALLETS_QUERY_KEY } from "./get-wallets";

export type { WalletSelectOption } from "@vela/shared/wallets";

/** GET /wallets/selects/{services|statuses}: the transactions list's service buttons and status filter. */
export const walletSelectQueryOptions = (kind: "services" | "statuses", language: string) =>
  queryOptions({
    queryKey: [...WALLETS_QUERY_KEY, "selects", kind, language],
    queryFn: ({ signal }) =>
      api.call(kind === "services" ? contract.getWalletServices : contract.getWalletStatuses, {}, { signal }),
    // The choices change only with a release.
    staleTime: 60 * 60_000,
  });

export const useWalletSelect = (kind: "services" | "statuses") =>
  useQuery(walletSelectQueryOptions(kind, useLanguage()));
