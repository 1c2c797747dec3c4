import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/recipients";
import { api } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";
import { RECIPIENTS_QUERY_KEY } from "./get-recipients";
import type { RecipientCorridor, RecipientType, WithdrawTarget } from "./types";

/**
 * What a recipient form is asked for: the corridor (recipients form) or a quotation (recipient
 * form by type), and the values of fields marked `refresh_on_change`, sent under their own keys.
 */
export type RecipientFormRequest = { type: RecipientType; refresh: Record<string, string | boolean> } & (
  | ({ quotation_id?: undefined; withdraw?: undefined } & RecipientCorridor)
  | { quotation_id: number; withdraw?: undefined }
  | { withdraw: WithdrawTarget; quotation_id?: undefined }
);

/**
 * GET /api/recipients/dynamic-form: the fields a recipient of that type needs there; a wallet
 * withdrawal's account asks GET /api/recipients/withdraw-form (currency and payout method).
 */
export const getRecipientForm = (request: RecipientFormRequest, signal?: AbortSignal) => {
  const { refresh, withdraw, ...parameters } = request;
  // The refreshed fields' values travel under their own keys, beside the form's parameters.
  return withdraw
    ? api.call(contract.getWithdrawForm, { query: { ...refresh, ...parameters, ...withdraw } }, { signal })
    : api.call(contract.getRecipientForm, { query: { ...refresh, ...parameters } }, { signal });
};

export const recipientFormQueryOptions = (request: RecipientFormRequest | null, language: string) =>
  queryOptions({
    queryKey: [...RECIPIENTS_QUERY_KEY, "dynamic-form", request, language],
    queryFn: ({ signal }) => getRecipientForm(request as RecipientFormRequest, signal),
    enabled: request !== null,
    staleTime: 10 * 60 * 1000,
    // Spec §8: a failed form load closes the form modal without a message.
    meta: { notifyOnError: false },
    // A refreshed form replaces the old one when it arrives; the fields do not vanish meanwhile.
    placeholderData: keepPreviousData,
  });

export const useRecipientForm = (request: RecipientFormRequest | null) =>
  useQuery(recipientFormQueryOptions(request, useLanguage()));
