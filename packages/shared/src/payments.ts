import { z } from "zod";
import { recordId } from "./api";
import { quotation } from "./pricing";

/**
 * The payment contract (spec §2 payment flow, §3 payment state, saved card, saved bank, payment
 * method slugs; §7 Payments, Quotations payment-method, Settings bank accounts and payment profiles).
 * The SPA and the API both read these schemas.
 */

/** Spec §7: saved instruments are listed by payment_method_id 3 (cards) or 1 (banks). */
export const PAYMENT_METHOD_IDS = { bank: 1, card: 3 } as const;

/** Spec §9: the payment step's fees text before a method is chosen, and its default tab. */
export const DEFAULT_FEES_TEXT = "0.00 USD";
export const DEFAULT_PAYMENT_TAB = "3";

/** Spec §8: what the payment step says when saved instruments cannot be loaded. */
export const PAYMENT_MESSAGES = {
  cardsFailed: "Errors gettings cards",
  banksFailed: "Error getting banks",
  cardDeclined: "Your card was declined.",
} as const;

/** The follow-up call that pays with a method (the `url` of a payment method, spec §7 "url prefix"). */
export const PAYMENT_URLS = [
  "authorize-credit-card",
  "debit-bank-account",
  "bank-transfer",
  "praxis",
  "d24",
  "paypal",
  "cash",
  "wallet",
] as const;
export type PaymentUrl = (typeof PAYMENT_URLS)[number];

/** A way of paying as offered for a quotation: a method or a sub-method. */
const offeredPaymentFields = {
  /** The payment_type_id (a sub-method: payment_sub_type_id) PUT quotations/payment-method takes. */
  id: z.number().int(),
  /** A spec §3 slug: credit-and-debit-card-methods, bank-transfer, ach-transfer, praxis … */
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** Our fee with this way of paying for this quotation, and its currency. */
  fee: z.string(),
  fee_currency: z.string(),
};

/** A sub-method of a method with an intermediate step (e.g. the push transfers under bank-transfer). */
export const paymentSubMethod = z.object({
  ...offeredPaymentFields,
  url: z.enum(PAYMENT_URLS),
});
export type PaymentSubMethod = z.infer<typeof paymentSubMethod>;

/** GET /payments/payment-methods/{quotation_id}: one entry per method offered for that quotation. */
export const paymentMethodOffer = z.object({
  ...offeredPaymentFields,
  /** Spec §2: true sends the flow to subMethods before payment. */
  intermediate_step: z.boolean(),
  sub_methods: z.array(paymentSubMethod),
  /** Null for a method with an intermediate step: each sub-method has its own. */
  url: z.enum(PAYMENT_URLS).nullable(),
  payment_currency_id: z.number().int(),
  payment_currency_iso: z.string(),
});
export type PaymentMethodOffer = z.infer<typeof paymentMethodOffer>;

/** PUT /quotations/payment-method/{id} (spec §7). Answers the quotation summary (`quotation` of pricing). */
export const setPaymentMethodRequest = z.object({
  payment_type_id: recordId,
  /** The chosen sub-method's id when the method has an intermediate step. */
  payment_sub_type_id: recordId.optional(),
  url: z.enum(PAYMENT_URLS),
  payment_currency_id: recordId,
  country_iso: z.string().trim().length(2),
});

export const PAYMENT_STATUSES = [
  "requires_action",
  "pending",
  "authorized",
  "succeeded",
  "failed",
  "canceled",
  "refunded",
] as const;

/** Push-transfer instructions (domestic wire, SWIFT, SEPA, EFT): quote `reference` on the transfer. */
export const transferInstructions = z.object({
  method: z.string(),
  reference: z.string(),
  amount: z.string(),
  currency: z.string(),
  beneficiary_name: z.string(),
  bank_name: z.string(),
  bank_address: z.string(),
  account_number: z.string().nullable(),
  routing_number: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
});
export type TransferInstructionsView = z.infer<typeof transferInstructions>;

/** Every payment endpoint answers the payment as it stands. */
export const payment = z.object({
  id: z.number().int(),
  quotation_id: z.number().int(),
  method: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.string(),
  currency: z.string(),
  /** Where the browser goes to finish (3-D Secure, a hosted gateway); null when nothing is left to do. */
  redirect_url: z.string().nullable(),
  failure_message: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  bank: z.object({ bank_name: z.string(), last4: z.string() }).nullable(),
  instructions: transferInstructions.nullable(),
  created_at: z.string(),
});
export type Payment = z.infer<typeof payment>;

/** A new card arrives as the card processor's single-use token, never as a number. */
const billingAddress = z.object({
  line1: z.string().trim().min(1).max(120),
  city: z.string().trim().min(1).max(80),
  state: z.string().trim().max(80).optional(),
  postal_code: z.string().trim().min(1).max(20),
  country_iso: z.string().trim().length(2),
});
export type BillingAddress = z.infer<typeof billingAddress>;

/** POST /payments/authorize-credit-card: a saved card (payment_profile_id) or a new one (card_token). */
export const authorizeCardRequest = z
  .object({
    quotation_id: recordId,
    payment_profile_id: recordId.optional(),
    card_token: z.string().trim().min(1).max(200).optional(),
    name_holder: z.string().trim().min(1).max(120).optional(),
    billing_address: billingAddress.optional(),
    save_card: z.boolean().optional(),
    sender_id: recordId.optional(),
    /** Where a 3-D Secure challenge sends the browser back to (a path of the SPA, or its origin). */
    return_url: z.string().trim().min(1).max(500).optional(),
  })
  .refine((value) => (value.payment_profile_id === undefined) !== (value.card_token === undefined), {
    message: "Give either a saved card or a new card.",
    path: ["card_token"],
  });

/** A US bank account as the customer types it (spec §3 saved bank). */
export const bankAccountInput = z.object({
  bankName: z.string().trim().max(120).optional(),
  routingNumber: z
    .string()
    .trim()
    .regex(/^\d{9}$/, "The routing number has 9 digits."),
  accountNumber: z
    .string()
    .trim()
    .regex(/^\d{4,17}$/, "The account number has 4 to 17 digits."),
  accountType: z.enum(["checking", "savings"]),
  nameOnAccount: z.string().trim().min(1).max(120),
});

/** POST /payments/debit-bank-account: a saved account (bank_account_id) or a new one. */
export const debitBankRequest = z.object({
  quotation_id: recordId,
  bank_account_id: recordId.optional(),
  bank_account: bankAccountInput.optional(),
  save_bank: z.boolean().optional(),
  sender_id: recordId.optional(),
});

/** Spec §3 saved card, as listed: the number only ever masked ("•••• 4242"). */
export const savedCard = z.object({
  id: z.number().int(),
  name_holder: z.string(),
  billing_address: z.record(z.string(), z.unknown()).nullable(),
  number: z.string(),
  cardType: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});
export type SavedCard = z.infer<typeof savedCard>;

/** Spec §3 saved bank, as listed: the account number only ever masked. */
export const savedBank = z.object({
  id: z.number().int(),
  bankName: z.string(),
  routingNumber: z.string(),
  accountNumber: z.string(),
  accountType: z.enum(["checking", "savings"]),
  nameOnAccount: z.string(),
});
export type SavedBank = z.infer<typeof savedBank>;

/** The push transfers a customer sends themselves, quoting a reference (sub-methods of bank-transfer). */
export const PUSH_TRANSFER_SLUGS = [
  "domestic-wire-transfer-usa",
  "international-swift-transfer",
  "sepa-transfer-eur",
  "electronic-funds-transfer",
] as const;

/**
 * The quotation summary PUT quotations/payment-method and PUT add-payment-method answer: the
 * quotation as priced with the chosen method, and which method, sub-method and saved instrument.
 */
export const quotationPaymentSummary = quotation.extend({
  payment_type_id: z.number().int().nullable(),
  payment_method_slug: z.string().nullable(),
  payment_method_name: z.string().nullable(),
  payment_profile_id: z.number().int().nullable(),
});
export type QuotationPaymentSummary = z.infer<typeof quotationPaymentSummary>;

/** PUT /payments/add-payment-method: attaches a saved card or bank to the quotation. */
export const addPaymentMethodRequest = z.object({ quotation_id: recordId, payment_profile_id: recordId });

/** POST /payments/bank-transfer: opens an expected push transfer and answers its instructions. */
export const bankTransferRequest = z.object({ quotation_id: recordId, method: z.enum(PUSH_TRANSFER_SLUGS) });

/** The hosted gateways' requests (praxis get-payment-gateway, d24 process-payment, paypal authorize). */
export const gatewayPaymentRequest = z.object({
  quotation_id: recordId,
  /** Where the gateway's page sends the browser back to (a path of the SPA, or its origin). */
  return_url: z.string().trim().min(1).max(500),
});

/** GET /payments/profiles: the saved cards (3) or banks (1), optionally of one sender. */
export const paymentProfilesQuery = z.object({
  payment_method_id: z.coerce
    .number()
    .int()
    .refine((value) => value === 1 || value === 3, "Must be 1 (banks) or 3 (cards)."),
  sender_id: recordId.optional(),
});

/** POST /settings/create-customer-payment-profile/card: saves a card from the processor's token. */
export const createCardProfileRequest = z.object({
  card_token: z.string().trim().min(1).max(200),
  name_holder: z.string().trim().min(1).max(120),
  billing_address: billingAddress,
  sender_id: recordId.optional(),
});

/** POST /settings/bank-accounts: a bank account saved for ACH debits. */
export const saveBankAccountRequest = bankAccountInput.extend({ sender_id: recordId.optional() });

/** PATCH /settings/bank-accounts/{id}: the names and type; a new number is a new account. */
export const updateBankAccountRequest = z
  .object({
    bankName: z.string().trim().min(1).max(120).optional(),
    nameOnAccount: z.string().trim().min(1).max(120).optional(),
    accountType: z.enum(["checking", "savings"]).optional(),
  })
  .refine((value) => Object.values(value).some((item) => item !== undefined), {
    message: "Give at least one field to change.",
    path: ["nameOnAccount"],
  });

/** GET /settings/bank-accounts/preparation: what the bank form needs before it is drawn. */
export const bankAccountPreparation = z.object({
  payment_method_id: z.literal(1),
  account_types: z.array(z.object({ value: z.enum(["checking", "savings"]), label: z.string() })),
  country_iso: z.string(),
  currency_iso: z.string(),
  routing_number_digits: z.number().int(),
  account_number_digits: z.object({ min: z.number().int(), max: z.number().int() }),
});
