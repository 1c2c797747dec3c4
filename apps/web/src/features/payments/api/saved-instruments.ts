import { queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/payments";
import { type BillingAddress, PAYMENT_METHOD_IDS } from "@vela/shared/payments";
import type { z } from "zod";
import { api } from "@/shared/api/api-client";
import type { BankAccountForm } from "./pay";

/** GET /payments/profiles?payment_method_id=3&sender_id=: the sender's saved cards (numbers masked). */
export const savedCardsQueryOptions = (senderId: number | null) =>
  queryOptions({
    queryKey: ["payments", "profiles", PAYMENT_METHOD_IDS.card, senderId],
    queryFn: ({ signal }) =>
      api.call(
        contract.getSavedCards,
        { query: { payment_method_id: PAYMENT_METHOD_IDS.card, sender_id: senderId } },
        { signal },
      ),
  });

/** GET /payments/profiles?payment_method_id=1&sender_id=: the sender's saved bank accounts. */
export const savedBanksQueryOptions = (senderId: number | null) =>
  queryOptions({
    queryKey: ["payments", "profiles", PAYMENT_METHOD_IDS.bank, senderId],
    queryFn: ({ signal }) =>
      api.call(
        contract.getSavedBanks,
        { query: { payment_method_id: PAYMENT_METHOD_IDS.bank, sender_id: senderId } },
        { signal },
      ),
  });

/** Settings: GET /settings/credit-card-banks/payment-profiles (the user's saved cards). */
export const settingsCardsQueryOptions = () =>
  queryOptions({
    queryKey: ["settings", "cards"],
    queryFn: ({ signal }) => api.call(contract.getSettingsCards, {}, { signal }),
  });
export const useSettingsCards = () => useQuery(settingsCardsQueryOptions());

export const deleteSavedCard = (id: number) => api.call(contract.deleteSettingsCard, { params: { id } });

/** POST /settings/create-customer-payment-profile/card: saves a card from its processor token. */
export const createCardProfile = (body: {
  card_token: string;
  name_holder: string;
  billing_address?: BillingAddress;
}) =>
  api.exchangeCall(contract.createCardProfile, {
    // The settings form always asks the billing address; the server refuses a card without one.
    body: body as z.input<typeof contract.createCardProfile.body>,
  });

/** Settings: GET /settings/bank-accounts (the user's saved bank accounts). */
export const settingsBanksQueryOptions = () =>
  queryOptions({
    queryKey: ["settings", "banks"],
    queryFn: ({ signal }) => api.call(contract.getSettingsBanks, {}, { signal }),
  });
export const useSettingsBanks = () => useQuery(settingsBanksQueryOptions());

export const createBankAccount = (body: BankAccountForm) =>
  api.exchangeCall(contract.createBankAccount, { body });

export const deleteBankAccount = (id: number) => api.call(contract.deleteBankAccount, { params: { id } });
