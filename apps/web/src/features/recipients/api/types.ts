import type { Calculation } from "@vela/shared/pricing";

/** Who receives: a person ('customer') or a company ('business'); '' lists both (spec §3). */
export type RecipientType = "customer" | "business";
export type RecipientTypeFilter = "" | RecipientType;
export const RECIPIENT_TYPES: readonly RecipientType[] = ["customer", "business"];

/** The recipients page size (spec §9). */
export const RECIPIENTS_PAGE_SIZE = 10;

/** A saved recipient, as the issue 8 contract describes it. */
export type Recipient = {
  id: number;
  type: RecipientType;
  service: string;
  name: string;
  first_name: string | null;
  last_name: string | null;
  business_name: string | null;
  email: string | null;
  phone_prefix: string | null;
  phone_number: string | null;
  country_id: number;
  country_iso: string;
  currency_id: number;
  currency_iso: string;
  shipping_method_id: number | null;
  shipping_method_slug: string | null;
  withdrawal_method: string | null;
  sender_id: number | null;
  form_key: string;
  /** The dynamic form's values by field key. */
  details: Record<string, string | boolean>;
  is_active: boolean;
  source: "owner" | "link";
  created_at: string;
  updated_at: string;
};

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

/**
 * What choosing a recipient on a quotation answers (spec §4): what the next steps send, and the
 * quotation's figures with the recipient's and sender's names.
 */
export type RecipientChoice = {
  send_data: {
    quotation_id: number;
    recipient_id: number;
    recipient_name: string;
    sender_id: number | null;
    shipping_method_id: number;
    [key: string]: unknown;
  };
  summary: Calculation & { id?: number; recipient_name?: string | null; sender_name?: string | null };
};
