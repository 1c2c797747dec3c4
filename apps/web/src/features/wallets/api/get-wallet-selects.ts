import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";
import { WALLETS_QUERY_KEY } from "./get-wallets";

export type WalletSelectOption = { id: string; name: string };

/** GET /wallets/selects/{services|statuses}: the transactions list's service buttons and status filter. */
export const walletSelectQueryOptions = (kind: "services" | "statuses", language: string) =>
  queryOptions({
    queryKey: [...WALLETS_QUERY_KEY, "selects", kind, language],
    queryFn: ({ signal }) => api.get<WalletSelectOption[]>(`wallets/selects/${kind}`, undefined, signal),
    // The choices change only with a release.
    staleTime: 60 * 60_000,
  });

export const useWalletSelect = (kind: "services" | "statuses") =>
  useQuery(walletSelectQueryOptions(kind, useLanguage()));
