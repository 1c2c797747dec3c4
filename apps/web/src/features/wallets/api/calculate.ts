import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/wallets";
import type { Calculation } from "@vela/shared/pricing";
import { api } from "@/shared/api/api-client";
import { WALLETS_QUERY_KEY } from "./get-wallets";
import { forSend, type WalletMoneyService, type WalletPriceRequest } from "./money-services";

/** POST /wallets/{service}/calculator: the price of an amount (fee, rate, what arrives), nothing held. */
export const calculate = (
  service: WalletMoneyService,
  request: WalletPriceRequest,
  signal?: AbortSignal,
): Promise<Calculation> =>
  service === "send-money"
    ? api.call(contract.calculateWalletSend, { body: forSend(request) }, { signal })
    : api.call(contract.calculateWalletPrice, { params: { service }, body: request }, { signal });

export const calculationQueryOptions = (service: WalletMoneyService, request: WalletPriceRequest | null) =>
  queryOptions({
    queryKey: [...WALLETS_QUERY_KEY, service, "calculator", request],
    queryFn: request === null ? skipToken : ({ signal }) => calculate(service, request, signal),
    // The step shows a refused amount by its field, not as a notification.
    meta: { notifyOnError: false },
    retry: false,
  });

export const useCalculation = (service: WalletMoneyService, request: WalletPriceRequest | null) =>
  useQuery(calculationQueryOptions(service, request));
