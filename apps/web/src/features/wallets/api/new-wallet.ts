import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";
import { WALLETS_QUERY_KEY } from "./get-wallets";
import type { Wallet, WalletCurrency } from "./types";

/** GET /wallets/new-wallet/currencies: the currencies the user has no wallet in yet. */
export const newWalletCurrenciesQueryOptions = (language: string) =>
  queryOptions({
    queryKey: [...WALLETS_QUERY_KEY, "new-wallet", "currencies", language],
    queryFn: ({ signal }) => api.get<WalletCurrency[]>("wallets/new-wallet/currencies", undefined, signal),
  });

export const useNewWalletCurrencies = (isEnabled: boolean) =>
  useQuery({ ...newWalletCurrenciesQueryOptions(useLanguage()), enabled: isEnabled });

/** POST /wallets/new-wallet: opens a wallet in a currency (one per currency; a second is refused). */
export const openWallet = (currencyId: number) =>
  api.exchange<Wallet>("POST", "wallets/new-wallet", { body: { currency_id: currencyId } });
