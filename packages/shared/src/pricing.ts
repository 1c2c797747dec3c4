import { z } from "zod";
import { recordId } from "./api";
import { nonNegativeAmountSchema } from "./decimal";

// What needs no zod lives in ./limits, so the SPA's first page can use it without loading zod.
export {
  type CorridorLimits,
  DEFAULT_SHIPPING_METHOD,
  fallbackLimits,
  limitMessage,
  SHIPPING_METHOD_SLUGS,
  type ShippingMethodSlug,
} from "./limits";

/**
 * The pricing contract (spec §3 send money fields, §5 limits, §7 Send money and Quotations):
 * what a calculator or quotation is asked, what it answers, and the limit messages both sides show.
 */

/** How the customer pays, as far as price is concerned (spec §3 payment method slugs). */
export const PRICED_PAYMENT_METHODS = [
  "wallet",
  "bank-transfer",
  "ach-transfer",
  "sepa-transfer-eur",
  "credit-and-debit-card-methods",
  "cash",
] as const;
export type PricedPaymentMethod = (typeof PRICED_PAYMENT_METHODS)[number];

const id = recordId;
/** Where, in what, how: the corridor and delivery method a price is for. */
const corridorFields = {
  country_from_id: id,
  country_to_id: id,
  currency_from_id: id,
  currency_to_id: id,
  /** Absent: the corridor's default method (vela where offered). */
  shipping_method_id: id.optional(),
};

/** The amount a price is asked for: the amount sent or the amount received. */
export const askedAmountFields = {
  send_amount: nonNegativeAmountSchema.optional(),
  receiving_amount: nonNegativeAmountSchema.optional(),
};

/** A price is asked for by one amount: either the amount sent or the amount received, never both. */
export function refineOneAskedAmount(
  value: { send_amount?: string | undefined; receiving_amount?: string | undefined },
  context: z.RefinementCtx,
) {
  const given = [value.send_amount, value.receiving_amount].filter((amount) => amount !== undefined);
  if (given.length !== 1) {
    context.addIssue({
      code: "custom",
      path: [value.send_amount === undefined ? "send_amount" : "receiving_amount"],
      message: "Give either the send amount or the receiving amount, not both.",
    });
  }
}

/**
 * A calculator or quotation request: either the amount sent or the amount received, never both.
 */
export const calculatorRequest = z
  .object({
    ...corridorFields,
    ...askedAmountFields,
    payment_method: z.enum(PRICED_PAYMENT_METHODS).optional(),
    promo_code: z.string().trim().min(1).max(40).optional(),
  })
  .superRefine(refineOneAskedAmount);
export type CalculatorRequest = z.infer<typeof calculatorRequest>;

/** The public home-page calculator takes no promo code: it prices for anyone. */
export const homeCalculatorQuery = calculatorRequest;

/** Convert and deposit quotations (spec §7): currency_from_id, currency_to_id, send_amount. */
export const walletQuotationRequest = z.object({
  currency_from_id: id,
  currency_to_id: id,
  send_amount: nonNegativeAmountSchema,
  payment_method: z.enum(PRICED_PAYMENT_METHODS).optional(),
});

export const recalculateRequest = z.object({
  ...askedAmountFields,
  payment_method: z.enum(PRICED_PAYMENT_METHODS).optional(),
});

export const promoCodeRequest = z.object({ code: z.string().trim().min(1).max(40) });

export const limitsQuery = z.object({
  country_to_id: id,
  currency_from_id: id,
  currency_to_id: id,
  bank_id: id.optional(),
  country_from_id: id.optional(),
  shipping_method_id: id.optional(),
});

const limits = z.object({ min: z.string(), max: z.string() });

/** The corridor a price, a quotation or an order is for, as answered. */
export const pricedCorridorFields = {
  /** Null for wallet conversions and deposits, which cross no border. */
  country_from_id: z.number().int().nullable(),
  country_to_id: z.number().int().nullable(),
  currency_from_id: z.number().int(),
  currency_to_id: z.number().int(),
  currency_from_iso: z.string(),
  currency_to_iso: z.string(),
};

/** The corridor, how it is delivered and paid, and the two amounts: what a send-money step carries on. */
export const pricedTermsFields = {
  ...pricedCorridorFields,
  shipping_method_id: z.number().int(),
  shipping_method: z.object({ name: z.string(), slug: z.string() }),
  payment_method: z.string(),
  send_amount: z.string(),
  receiving_amount: z.string(),
};

export const calculation = z.object({
  ...pricedTermsFields,
  /** Our fee ({product}_fee_amount), and what third parties charge (none so far). */
  vela_fee_amount: z.string(),
  external_fee_amount: z.string(),
  discount: z.string(),
  /** What the customer pays: send amount + fees − discount (amount_paid). */
  amount_paid: z.string(),
  /** Units of the receiving currency per unit sent, after our margin. */
  rate: z.string(),
  mid_rate: z.string(),
  /** The rate table's source and day, e.g. "ECB euro foreign exchange reference rates, 2024-11-25". */
  rate_source: z.string(),
  /**
   * When that table was published or observed, and each leg of the cross rate through the euro
   * (units per euro, source, as-of). Optional only so older clients' fixtures still type-check;
   * the API always sends them (null / [] for quotations stored before legs were kept).
   */
  rate_as_of: z.string().nullable().optional(),
  rate_legs: z
    .array(z.object({ iso: z.string(), per_base: z.string(), source: z.string(), as_of: z.string() }))
    .optional(),
  limits: z.object({ send: limits, receiving: limits }),
  guaranteed_rate: z.boolean(),
  transfer_time: z.string(),
  estimated_fee_currency: z.string(),
  promo_code: z.string().nullable(),
});
export type Calculation = z.infer<typeof calculation>;

export const quotation = calculation.extend({
  id: z.number().int(),
  service: z.string(),
  status: z.enum(["open", "used", "expired"]),
  expires_at: z.string(),
  /** Seconds until the rate lock ends; after it a transaction on this quotation is refused. */
  expires_in: z.number().int(),
  created_at: z.string(),
});
export type Quotation = z.infer<typeof quotation>;

export const shippingMethod = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  transfer_time: z.string(),
  guaranteed_rate: z.boolean(),
});
export type ShippingMethod = z.infer<typeof shippingMethod>;

export const limitsAnswer = z.object({ send: limits, receiving: limits });

export const promoCodeTerms = z.object({
  code: z.string(),
  kind: z.enum(["percent", "fixed"]),
  /** "10" (per cent) or "5.00" in `currency_iso`. */
  value: z.string(),
  currency_iso: z.string().nullable(),
  min_amount: z.string().nullable(),
  valid_until: z.string().nullable(),
  description: z.string(),
});
export type PromoCodeTerms = z.infer<typeof promoCodeTerms>;
