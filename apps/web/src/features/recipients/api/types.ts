import { type RecipientType, RECIPIENT_TYPES as SHARED_RECIPIENT_TYPES } from "@vela/shared/recipients";

export type {
  QuotationSelection as RecipientChoice,
  Recipient,
  RecipientType,
} from "@vela/shared/recipients";
/** '' lists both kinds (spec §3). */
export type RecipientTypeFilter = "" | RecipientType;
export const RECIPIENT_TYPES: readonly RecipientType[] = SHARED_RECIPIENT_TYPES;

/** The recipients page size (spec §9). */
export const RECIPIENTS_PAGE_SIZE = 10;

/** Where a recipient receives: the parameters of its dynamic form. */
export type RecipientCorridor = {
  country_to_id: number;
  currency_to_id: number;
  shipping_method_id: number;
};

/** Where a wallet withdrawal pays: the recipients' withdraw form (spec §7: currency_to_id and withdrawal_method_id). */
export type WithdrawTarget = { currency_to_id: number; withdrawal_method_id: number };

/** The keys of a save's body that say where the recipient goes (beside the form's values). */
export type RecipientTarget = { type: RecipientType; quotation_id?: number } & (
  | RecipientCorridor
  | WithdrawTarget
);
