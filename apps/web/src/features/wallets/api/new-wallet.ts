import { queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/wallets";
import { api } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";
import { WALLETS_QUERY_KEY } from "./get-wallets";

/** GET /wallets/new-wallet/currencies: the currencies the user has no wallet in yet. */
export const newWalletCurrenciesQueryOptions = (language: string) =>
  queryOptions({
    queryKey: [...WALLETS_QUERY_KEY, "new-wallet", "currencies", language],
    queryFn: ({ signal }) => api.call(contract.getNewWalletCurrencies, {}, { signal }),
  });

export const useNewWalletCurrencies = (isEnabled: boolean) =>
  useQuery({ ...newWalletCurrenciesQueryOptions(useLanguage()), enabled: isEnabled });

/** POST /wallets/new-wallet: opens a wallet in a currency (one per currency; a second is refused). */
export const openWallet = (currencyId: number) =>
  api.exchangeCall(contract.openWallet, { body: { currency_id: currencyId } });
