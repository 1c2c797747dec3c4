import { z } from "zod";
import { recordId } from "./api";
import { nonNegativeAmountSchema } from "./decimal";
import { confirmationRecord } from "./orders";
import { quotation } from "./pricing";

/**
 * The contract of the three purchase services beside transfers and wallets (spec §1, §2, §3 bill
 * payer and bill service, §7 operators and products, quotations and transactions): phone top-ups
 * (reload-phones), gift cards (gift-cards) and bill payments (prepaid-pay-bills). What the API
 * validates with and the SPA types and checks its forms with.
 *
 * Catalogues come from the aggregators behind `providers/topups`, `providers/giftcards` and
 * `providers/bills` (sandboxes by default): ids are theirs. Amounts are decimal strings in their
 * currency's digits; a product's face value is in the destination's currency (`currency_iso`).
 */
export const PURCHASE_SERVICES = ["reload-phones", "gift-cards", "prepaid-pay-bills"] as const;
export type PurchaseService = (typeof PURCHASE_SERVICES)[number];

/** The session permission (spec §3 auth, §6) that gates each service. */
export const PURCHASE_PERMISSION = {
  "reload-phones": "recharge",
  "gift-cards": "giftcard",
  "prepaid-pay-bills": "paybill",
} as const satisfies Record<PurchaseService, string>;

/** FIXED: one face value (`amount`); RANGE: any amount from `min` to `max` in the product's currency. */
export const PRODUCT_TYPES = ["FIXED", "RANGE"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const PURCHASE_MESSAGES = {
  disabled: "This service is not available on your account. Contact our support team.",
  invalidPhone: "Enter a valid mobile number with its country code, e.g. +52 55 1234 5678.",
  unsupportedCountry: "We do not top up phones in this country yet.",
  unknownOperator: "Operator not found.",
  operatorCountry: "This operator does not serve that phone number's country.",
  unknownProduct: "Product not found.",
  productOperator: "This product is not sold by the chosen operator.",
  amountRequired: "Enter the amount for this product.",
  amountNotDenomination: (list: string) => `Choose one of the amounts on offer: ${list}.`,
  belowRange: (min: string, iso: string) => `The minimum for this product is ${min} ${iso}.`,
  aboveRange: (max: string, iso: string) => `The maximum for this product is ${max} ${iso}.`,
  giftCardCountry: "This gift card is not sold in your country.",
  unknownService: "Service not found.",
  unknownProvider: "Provider not found.",
  planRequired: "Choose a plan for this provider.",
  planProvider: "This plan is not offered by the chosen provider.",
  billNotFound: "We found no bill with this reference number. Check it on your bill.",
  billReferenceFormat: (example: string) =>
    `Enter the reference number as it is on your bill, e.g. ${example}.`,
  billPaid: "This bill has nothing left to pay.",
  aboveBalance: (balance: string, iso: string) =>
    `This provider takes only the full balance: ${balance} ${iso}. Partial payments are not allowed.`,
  aboveBalanceAny: (balance: string, iso: string) =>
    `You cannot pay more than the balance: ${balance} ${iso}.`,
  notPurchase: "This quotation is not for this service.",
  noPaymentMethod: "Choose how to pay first.",
  codeShown: "The redeem code was already shown once. You will find it in the e-mail we sent you.",
  codeNotReady: "The redeem code is not ready yet. It appears here once the gift card is issued.",
} as const;

// ---------------------------------------------------------------------------------------------
// Phone top-ups (reload-phones)

export const topupProduct = z.object({
  id: z.number().int(),
  operator_id: z.number().int(),
  name: z.string(),
  /** Airtime (credit) or a data bundle. */
  kind: z.enum(["airtime", "data"]),
  type: z.enum(PRODUCT_TYPES),
  currency_iso: z.string(),
  /** FIXED: the face value; RANGE: null. */
  amount: z.string().nullable(),
  /** RANGE: the bounds; FIXED: null. */
  min: z.string().nullable(),
  max: z.string().nullable(),
  description: z.string(),
  /** How long a bundle lasts ("30 days"), null for airtime. */
  validity: z.string().nullable(),
});
export type TopupProduct = z.infer<typeof topupProduct>;

export const operator = z.object({
  id: z.number().int(),
  name: z.string(),
  logo_url: z.string(),
  country_id: z.number().int(),
  country_iso: z.string(),
  currency_id: z.number().int(),
  currency_iso: z.string(),
  /** Whether it sells data bundles besides airtime. */
  data_bundles: z.boolean(),
  products: z.array(topupProduct),
});
export type Operator = z.infer<typeof operator>;

/** GET /reload-phones/operators: by country, or detected from a number (which gives the country). */
export const operatorsQuery = z
  .object({
    country_id: recordId.optional(),
    /** International form, any spacing: "+52 55 1234 5678". */
    phone: z.string().trim().min(4).max(32).optional(),
  })
  .refine((value) => value.country_id !== undefined || value.phone !== undefined, {
    path: ["phone"],
    message: "Give a phone number or a country.",
  });

/** A number as libphonenumber-js reads it. */
export const detectedPhone = z.object({
  e164: z.string(),
  /** "+52" and "5512345678": spec §3 mobile_prefix and the national number. */
  prefix: z.string(),
  number: z.string(),
  country_iso: z.string(),
  /** "+52 55 1234 5678". */
  formatted: z.string(),
});
export type DetectedPhone = z.infer<typeof detectedPhone>;

export const operatorsAnswer = z.object({
  country_id: z.number().int(),
  country_iso: z.string(),
  /** Present when a phone was given. */
  phone: detectedPhone.nullable(),
  /** The operator the number's prefix belongs to, when the prefix table knows it; always overridable. */
  detected_operator_id: z.number().int().nullable(),
  operators: z.array(operator),
});
export type OperatorsAnswer = z.infer<typeof operatorsAnswer>;

/** GET /reload-phones/products?operator_id=. */
export const topupProductsQuery = z.object({ operator_id: recordId });

// ---------------------------------------------------------------------------------------------
// Gift cards (gift-cards)

export const giftCardProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The brand's own words: "Amazon.com", "Netflix". */
  brand: z.string(),
  /** The category's key (the catalogue's `category` filter takes it). */
  category: z.string(),
  /** The category's name in the caller's language. */
  category_name: z.string(),
  logo_url: z.string(),
  /** Where it can be redeemed, and in what currency its value is. */
  country_id: z.number().int(),
  country_iso: z.string(),
  currency_id: z.number().int(),
  currency_iso: z.string(),
  type: z.enum(PRODUCT_TYPES),
  /** FIXED: the values on offer; RANGE: empty. */
  denominations: z.array(z.string()),
  min: z.string().nullable(),
  max: z.string().nullable(),
  /** Whether a PIN comes with the code. */
  has_pin: z.boolean(),
  redeem_instructions: z.string(),
  terms: z.string(),
  /** The sender countries it is sold in (ISO 3166 alpha-2). */
  sold_in: z.array(z.string()),
});
export type GiftCardProduct = z.infer<typeof giftCardProduct>;

/** GET /gift-cards/products: the catalogue, optionally by country and searched by name or category. */
export const giftCardProductsQuery = z.object({
  country_id: recordId.optional(),
  search: z.string().trim().max(60).optional(),
  category: z.string().trim().max(40).optional(),
});

// ---------------------------------------------------------------------------------------------
// Bills (prepaid-pay-bills)

export const BILL_SERVICE_TYPES = ["electricity", "water", "internet", "tv", "phone", "gas"] as const;
export type BillServiceType = (typeof BILL_SERVICE_TYPES)[number];

/** Spec §3 bill service: country_id, flag, iso, name, service_type_id, service, id_field. */
export const billService = z.object({
  country_id: z.number().int(),
  /** The country's flag (emoji) and ISO code, and its name. */
  flag: z.string(),
  iso: z.string(),
  name: z.string(),
  service_type_id: z.number().int(),
  /** The service's name ("Electricity"), and its slug. */
  service: z.string(),
  slug: z.enum(BILL_SERVICE_TYPES),
  /** The name of the identifier its providers ask for ("Contract number"). */
  id_field: z.string(),
});
export type BillService = z.infer<typeof billService>;

export const billServicesQuery = z.object({ country_id: recordId });

export const billProvider = z.object({
  id: z.number().int(),
  name: z.string(),
  logo_url: z.string(),
  country_id: z.number().int(),
  service_type_id: z.number().int(),
  currency_id: z.number().int(),
  currency_iso: z.string(),
  /** The reference's label, a sample and its pattern (a regular expression's source). */
  reference_label: z.string(),
  reference_example: z.string(),
  reference_pattern: z.string(),
  /** Whether it sells plans (the Plan step) and whether it takes less than the full balance. */
  has_plans: z.boolean(),
  partial_payment: z.boolean(),
});
export type BillProvider = z.infer<typeof billProvider>;

export const billProvidersQuery = z.object({ country_id: recordId, service_type_id: recordId });

/** A plan of a provider: a fixed amount (a prepaid energy pack), or null to pay the bill's balance. */
export const billPlan = z.object({
  id: z.number().int(),
  service_provider_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  amount: z.string().nullable(),
  currency_iso: z.string(),
});
export type BillPlan = z.infer<typeof billPlan>;

export const billPlansQuery = z.object({ service_provider_id: recordId });

/** POST /bills (and GET /prepaid-pay-bills/bill): the bill of a provider's reference. */
export const billLookupRequest = z.object({
  service_provider_id: recordId,
  reference_number: z.string().trim().min(3).max(40),
});

/** Spec §3 bill payer: the bill as the provider answers it, with the corridor it is paid through. */
export const billPayer = z.object({
  service_provider_id: z.number().int(),
  service_provider: z.string(),
  reference_number: z.string(),
  balance: z.string(),
  balance_currency_iso: z.string(),
  /** The bill's currency (balance_currency_iso) as our id. */
  currency_id: z.number().int(),
  currency_iso: z.string(),
  /** The caller's country and the bill's; the currency the bill is paid in. */
  country_from_id: z.number().int().nullable(),
  country_to_id: z.number().int(),
  currency_to_id: z.number().int(),
  /** The provider country's calling code ("+57"). */
  mobile_prefix: z.string(),
  /** The account holder as the provider shows it, masked ("Ma••• Ló•••"). */
  customer_name: z.string(),
  due_date: z.string().nullable(),
  partial_payment: z.boolean(),
});
export type BillPayer = z.infer<typeof billPayer>;

// ---------------------------------------------------------------------------------------------
// Quotations (POST /{service}/quotation) and transactions (POST /{service}/transaction)

/** Who pays (the caller's own sender by default; an agent names one) and in what currency. */
const payerFields = {
  currency_from_id: recordId,
  sender_id: recordId.optional(),
};

/** POST /reload-phones/quotation. `amount` (the face value) only for a RANGE product. */
export const topupQuotationRequest = z.object({
  ...payerFields,
  phone: z.string().trim().min(4).max(32),
  operator_id: recordId,
  product_id: recordId,
  amount: nonNegativeAmountSchema.optional(),
});
export type TopupQuotationRequest = z.infer<typeof topupQuotationRequest>;

/** POST /gift-cards/quotation: the card, its value and who receives it (by e-mail). */
export const giftCardQuotationRequest = z.object({
  ...payerFields,
  product_id: recordId,
  amount: nonNegativeAmountSchema,
  recipient_name: z.string().trim().min(1).max(80),
  recipient_email: z.string().trim().toLowerCase().email().max(254),
  message: z.string().trim().max(240).optional(),
});
export type GiftCardQuotationRequest = z.infer<typeof giftCardQuotationRequest>;

/**
 * POST /prepaid-pay-bills/quotation: the bill (provider and reference), the plan where the provider
 * has plans, and the amount (a plan's fixed amount needs none; otherwise the balance by default).
 */
export const billQuotationRequest = z.object({
  ...payerFields,
  service_provider_id: recordId,
  reference_number: z.string().trim().min(3).max(40),
  product_id: recordId.optional(),
  amount: nonNegativeAmountSchema.optional(),
  /** The payer as the RECIPIENT step's form gave it (names, phone, e-mail). */
  payer: z
    .object({
      first_name: z.string().trim().min(1).max(60),
      last_name: z.string().trim().min(1).max(60),
      email: z.string().trim().toLowerCase().email().max(254).optional(),
      phone_prefix: z.string().trim().max(5).optional(),
      phone_number: z.string().trim().max(15).optional(),
    })
    .optional(),
});
export type BillQuotationRequest = z.infer<typeof billQuotationRequest>;

/** What a purchase quotation (and the order's terms) say was bought. */
export const purchaseItem = z.object({
  service: z.enum(PURCHASE_SERVICES),
  /** Operator, brand or bill provider, and its logo. */
  provider_name: z.string(),
  logo_url: z.string(),
  product_id: z.number().int().nullable(),
  product_name: z.string(),
  /** The face value in its own currency (what the phone, card or bill receives). */
  face_value: z.string(),
  face_currency_iso: z.string(),
  country_iso: z.string(),
  /** Top-up: the number; gift card: the recipient's e-mail; bill: the reference number. */
  account: z.string(),
  /** Top-up and bill: the operator / provider id; gift card: null. */
  operator_id: z.number().int().nullable(),
  recipient_name: z.string().nullable(),
});
export type PurchaseItem = z.infer<typeof purchaseItem>;

export const purchaseQuotation = quotation.extend({ item: purchaseItem });
export type PurchaseQuotation = z.infer<typeof purchaseQuotation>;

/**
 * POST /{service}/transaction (with an Idempotency-Key): places the purchase of an open quotation
 * whose payment method is chosen. A card, bank or gateway pays first and its `payment_id` is given;
 * with the wallet chosen (payment_type_id 8) nothing is given and the caller's wallet in the
 * quotation's currency pays at once.
 */
export const purchaseTransactionRequest = z.object({
  quotation_id: recordId,
  payment_id: recordId.optional(),
});

/** The confirmation record (spec §3) with what was bought and, for a gift card, whether its code is ready. */
export const purchaseConfirmation = confirmationRecord.extend({
  item: purchaseItem,
  /** Gift cards: "pending" until issued, "ready" to be shown once, "shown" after; null otherwise. */
  redeem_code_status: z.enum(["pending", "ready", "shown"]).nullable(),
});
export type PurchaseConfirmation = z.infer<typeof purchaseConfirmation>;

/** POST /gift-cards/orders/{id}/redeem-code: the code (and PIN), answered once. */
export const redeemCode = z.object({
  order_id: z.number().int(),
  code: z.string(),
  pin: z.string().nullable(),
  redeem_instructions: z.string(),
});
export type RedeemCode = z.infer<typeof redeemCode>;
