import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/wallets";
import { api } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";
import { WALLETS_QUERY_KEY } from "./get-wallets";

/** GET /wallets/withdraw-money/methods?currency_id=: how a withdrawal in that currency can be paid out. */
export const withdrawMethodsQueryOptions = (currencyId: number | null, language: string) =>
  queryOptions({
    queryKey: [...WALLETS_QUERY_KEY, "withdraw-money", "methods", currencyId, language],
    queryFn:
      currencyId === null
        ? skipToken
        : ({ signal }) =>
            api.call(contract.getWithdrawMethods, { query: { currency_id: currencyId } }, { signal }),
  });

export const useWithdrawMethods = (currencyId: number | null) =>
  useQuery(withdrawMethodsQueryOptions(currencyId, useLanguage()));

/**
 * GET /wallets/withdraw-money/beneficiaries: the user's saved accounts for that currency and
 * method (a page of 100: the step lists them all to choose from).
 */
export const beneficiariesQueryOptions = (currencyId: number | null, methodId: number | null) =>
  queryOptions({
    queryKey: [...WALLETS_QUERY_KEY, "withdraw-money", "beneficiaries", currencyId, methodId],
    queryFn:
      currencyId === null || methodId === null
        ? skipToken
        : ({ signal }) =>
            api.call(
              contract.getWithdrawBeneficiaries,
              { query: { currency_id: currencyId, withdrawal_method_id: methodId, per_page: 100 } },
              { signal },
            ),
  });

export const useBeneficiaries = (currencyId: number | null, methodId: number | null) =>
  useQuery(beneficiariesQueryOptions(currencyId, methodId));

/**
 * POST /wallets/withdraw-money/confirmation: e-mails a code (the extra confirmation before money
 * leaves, spec §4). The code goes with the transaction; a wrong one is refused there.
 */
export const sendWithdrawCode = (quotationId: number) =>
  api.call(contract.sendWithdrawCode, { body: { quotation_id: quotationId } });
