import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import type { Paginated } from "@vela/shared/api";
import type { Recipient } from "@vela/shared/recipients";
import { api } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";
import { WALLETS_QUERY_KEY } from "./get-wallets";
import type { WithdrawCodeSent, WithdrawMethod } from "./types";

/** GET /wallets/withdraw-money/methods?currency_id=: how a withdrawal in that currency can be paid out. */
export const withdrawMethodsQueryOptions = (currencyId: number | null, language: string) =>
  queryOptions({
    queryKey: [...WALLETS_QUERY_KEY, "withdraw-money", "methods", currencyId, language],
    queryFn:
      currencyId === null
        ? skipToken
        : ({ signal }) =>
            api.get<WithdrawMethod[]>("wallets/withdraw-money/methods", { currency_id: currencyId }, signal),
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
            api.get<Paginated<Recipient>>(
              "wallets/withdraw-money/beneficiaries",
              { currency_id: currencyId, withdrawal_method_id: methodId, per_page: 100 },
              signal,
            ),
  });

export const useBeneficiaries = (currencyId: number | null, methodId: number | null) =>
  useQuery(beneficiariesQueryOptions(currencyId, methodId));

/**
 * POST /wallets/withdraw-money/confirmation: e-mails a code (the extra confirmation before money
 * leaves, spec §4). The code goes with the transaction; a wrong one is refused there.
 */
export const sendWithdrawCode = (quotationId: number) =>
  api.post<WithdrawCodeSent>("wallets/withdraw-money/confirmation", { quotation_id: quotationId });
