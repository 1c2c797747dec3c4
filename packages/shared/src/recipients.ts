import { z } from "zod";
import { paginationQuery, recordId } from "./api";
import { pricedTermsFields, quotation } from "./pricing";

/**
 * The recipients contract (spec §3 recipient list filters and types, §7 Recipients, issue 8): the
 * list's filters, what a recipient looks like, what a save sends (the dynamic form's values beside
 * the corridor it is for) and what choosing a recipient for a quotation answers.
 */

export const RECIPIENT_TYPES = ["customer", "business"] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];
export const recipientType = z.enum(RECIPIENT_TYPES);

/** The type filter's choices (spec §3): All (empty), Personal (customer), Business (business). */
export const recipientTypes = [
  { value: "", label: "All" },
  { value: "customer", label: "Personal" },
  { value: "business", label: "Business" },
] as const;

/** Services with their own recipient lists and short forms (consignments use the full form). */
export const RECIPIENT_SERVICES = [
  "consignments",
  "reload-phones",
  "gift-cards",
  "prepaid-pay-bills",
] as const;
export type RecipientService = (typeof RECIPIENT_SERVICES)[number];
/** Services a recipient can be kept for: the per-service ones and wallet withdrawals. */
export const RECIPIENT_SERVICE_VALUES = [...RECIPIENT_SERVICES, "wallets"] as const;

/**
 * What a field that asks for the form again (`refresh_on_change`) is sent back as: the Philippine
 * bank-or-e-wallet and the Brazilian bank-account-or-PIX choice.
 */
export const ACCOUNT_KINDS = ["bank", "e-wallet", "pix"] as const;

/** `GET /recipients`: the caller's filters (email prefix, type) plus the quotation it is for. */
export const recipientListQuery = paginationQuery.extend({
  email: z.string().trim().max(254).optional(),
  type: z
    .enum(["", ...RECIPIENT_TYPES])
    .optional()
    .default(""),
  quotation_id: recordId.optional(),
  service: z.enum(RECIPIENT_SERVICE_VALUES).optional(),
});
export type RecipientListQuery = z.infer<typeof recipientListQuery>;

/** A form value as a save sends it: text or a switch/checkbox; null is read as not given. */
export const recipientFormValue = z.union([z.string().max(500), z.boolean(), z.null()]);

/**
 * `POST /recipients` and `PUT /recipients/{id}`: flat, the corridor beside the dynamic form's values
 * (keyed by field key). The API checks the values against the form those parameters name.
 */
export const recipientRequest = z
  .object({
    type: recipientType,
    country_to_id: recordId.optional(),
    currency_to_id: recordId.optional(),
    shipping_method_id: recordId.optional(),
    withdrawal_method_id: recordId.optional(),
    sender_id: recordId.optional(),
    quotation_id: recordId.optional(),
  })
  .catchall(recipientFormValue);
export type RecipientRequest = z.infer<typeof recipientRequest>;

/** `POST /consignments/quotation/{id}/beneficiaries` (and PUT by id): the corridor is the quotation's. */
export const beneficiaryRequest = z
  .object({ type: recipientType, sender_id: recordId.optional() })
  .catchall(recipientFormValue);

const refreshParams = { account_kind: z.enum(ACCOUNT_KINDS).optional() };

/**
 * `GET /recipients/dynamic-form`: by type and quotation, or by country, currency and delivery
 * method (and sender); `service` asks for a per-service short form instead.
 */
export const recipientFormQuery = z.object({
  type: recipientType.optional().default("customer"),
  quotation_id: recordId.optional(),
  country_to_id: recordId.optional(),
  currency_to_id: recordId.optional(),
  shipping_method_id: recordId.optional(),
  sender_id: recordId.optional(),
  service: z.enum(RECIPIENT_SERVICES).optional(),
  ...refreshParams,
});

/** `GET /recipients/withdraw-form`: the account a wallet withdrawal pays into. */
export const withdrawFormQuery = z.object({
  currency_to_id: recordId,
  withdrawal_method_id: recordId,
  /** Needed only when several countries use the currency (the West African franc, the dollar). */
  country_to_id: recordId.optional(),
  type: recipientType.optional().default("customer"),
  ...refreshParams,
});

/** `GET /consignments/quotation/{id}/beneficiaries/dynamic-form`. */
export const beneficiaryFormQuery = z.object({
  type: recipientType.optional().default("customer"),
  ...refreshParams,
});

export const recipientSchema = z.object({
  id: z.number().int(),
  type: recipientType,
  service: z.string(),
  /** The business name, or the first and last names. */
  name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  business_name: z.string().nullable(),
  email: z.string().nullable(),
  phone_prefix: z.string().nullable(),
  phone_number: z.string().nullable(),
  country_id: z.number().int(),
  country_iso: z.string(),
  currency_id: z.number().int(),
  currency_iso: z.string(),
  shipping_method_id: z.number().int().nullable(),
  shipping_method_slug: z.string().nullable(),
  withdrawal_method: z.string().nullable(),
  sender_id: z.number().int().nullable(),
  form_key: z.string(),
  /** The form's values by field key, as validated (IBANs and phones normalised). */
  details: z.record(z.string(), z.union([z.string(), z.boolean()])),
  is_active: z.boolean(),
  source: z.enum(["owner", "link"]),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Recipient = z.infer<typeof recipientSchema>;

/** `PUT …/add-recipient` and `PATCH /quotations/{id}`: `{ recipient_id }`. */
export const addRecipientRequest = z.object({ recipient_id: recordId });

/** Who receives and who sends, as a quotation and its order name them (null until chosen). */
export const orderPartyFields = {
  recipient_id: z.number().int().nullable(),
  recipient_name: z.string().nullable(),
  sender_id: z.number().int().nullable(),
  sender_name: z.string().nullable(),
};

/** What the next steps of the send-money flow send (spec §3 sendData). */
export const sendData = z.object({
  quotation_id: z.number().int(),
  ...orderPartyFields,
  ...pricedTermsFields,
  amount_paid: z.string(),
});
export type SendData = z.infer<typeof sendData>;

/** The quotation's figures (its usual shape) with who sends and who receives. */
export const quotationSummary = quotation.extend({
  ...orderPartyFields,
});
export type QuotationSummary = z.infer<typeof quotationSummary>;

export const quotationSelection = z.object({ send_data: sendData, summary: quotationSummary });
export type QuotationSelection = z.infer<typeof quotationSelection>;
