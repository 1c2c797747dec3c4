import { queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/wallets";
import { api } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";
import { WALLETS_QUERY_KEY } from "./get-wallets";
import type { WalletMoneyService } from "./money-services";
import type { FlowCurrency } from "./types";

/**
 * GET /wallets/{service}/currencies?is_from=1|0: the currencies money can come from (is_from=1:
 * what a deposit is paid in; the user's own wallets for a conversion, a send or a withdrawal) or
 * go to (is_from=0: the wallets a deposit or conversion credits, the currencies an account is paid in).
 */
const serviceCurrencies = (
  service: WalletMoneyService,
  is_from: "1" | "0",
  signal: AbortSignal,
): Promise<FlowCurrency[]> => {
  // A conversion's and a send's lists add the wallet in each currency: each has its own entry.
  if (service === "convert-money")
    return api.call(contract.getConvertCurrencies, { query: { is_from } }, { signal });
  if (service === "send-money")
    return api.call(contract.getSendCurrencies, { query: { is_from } }, { signal });
  return api.call(
    contract.getWalletServiceCurrencies,
    { params: { service }, query: { is_from } },
    { signal },
  );
};

export const serviceCurrenciesQueryOptions = (
  service: WalletMoneyService,
  direction: "from" | "to",
  language: string,
) =>
  queryOptions({
    queryKey: [...WALLETS_QUERY_KEY, service, "currencies", direction, language],
    queryFn: ({ signal }) => serviceCurrencies(service, direction === "from" ? "1" : "0", signal),
    staleTime: 5 * 60_000,
  });

export const useServiceCurrencies = (service: WalletMoneyService, direction: "from" | "to") =>
  useQuery(serviceCurrenciesQueryOptions(service, direction, useLanguage()));
