import type { PurchaseTerms } from "@vela/shared/order-terms";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, identityId, timestamps } from "./columns";
import { users } from "./identity";
import { paymentProfiles } from "./orders";
import { recipients, senders } from "./parties";
import { countries, currencies } from "./reference";
import { wallets } from "./wallets";

/** Ways the money reaches the recipient: bank deposit, cash pickup, mobile wallet, home delivery, wallet. */
export const shippingMethods = pgTable("shipping_methods", {
  ...identityId,
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
});

/** Where the service sends from and to: a country and currency on each side. */
export const corridors = pgTable(
  "corridors",
  {
    ...identityId,
    countryFromId: integer("country_from_id")
      .notNull()
      .references(() => countries.id),
    currencyFromId: integer("currency_from_id")
      .notNull()
      .references(() => currencies.id),
    countryToId: integer("country_to_id")
      .notNull()
      .references(() => countries.id),
    currencyToId: integer("currency_to_id")
      .notNull()
      .references(() => currencies.id),
    isActive: boolean("is_active").notNull().default(true),
  },
  (table) => [
    uniqueIndex("corridors_unique").on(
      table.countryFromId,
      table.currencyFromId,
      table.countryToId,
      table.currencyToId,
    ),
  ],
);

/**
 * A delivery method on a corridor, with everything its price needs. Limits are in minor units of
 * the sending (send_*) and receiving (receive_*) currencies; null falls back to 10 and 10 000.
 */
export const corridorMethods = pgTable(
  "corridor_methods",
  {
    ...identityId,
    corridorId: integer("corridor_id")
      .notNull()
      .references(() => corridors.id),
    shippingMethodId: integer("shipping_method_id")
      .notNull()
      .references(() => shippingMethods.id),
    sendMinMinor: bigint("send_min_minor", { mode: "bigint" }),
    sendMaxMinor: bigint("send_max_minor", { mode: "bigint" }),
    receiveMinMinor: bigint("receive_min_minor", { mode: "bigint" }),
    receiveMaxMinor: bigint("receive_max_minor", { mode: "bigint" }),
    /** Our margin over the mid-market rate, in basis points. */
    fxMarginBps: integer("fx_margin_bps").notNull(),
    transferTime: text("transfer_time").notNull(),
    guaranteedRate: boolean("guaranteed_rate").notNull(),
    estimatedFeeCurrency: text("estimated_fee_currency").notNull(),
    /** How long a quotation holds its rate. */
    quoteTtlSeconds: integer("quote_ttl_seconds").notNull().default(1800),
  },
  (table) => [
    uniqueIndex("corridor_methods_unique").on(table.corridorId, table.shippingMethodId),
    check("corridor_methods_margin_range", sql`${table.fxMarginBps} between 0 and 2000`),
  ],
);

/**
 * Fee schedule of a corridor method: for send amounts up to `up_to_minor` (null: no ceiling) and a
 * payment method ("*" for any not listed), a fixed part plus a percentage.
 */
export const feeTiers = pgTable(
  "fee_tiers",
  {
    ...identityId,
    corridorMethodId: integer("corridor_method_id")
      .notNull()
      .references(() => corridorMethods.id),
    paymentMethod: text("payment_method").notNull().default("*"),
    upToMinor: bigint("up_to_minor", { mode: "bigint" }),
    fixedMinor: bigint("fixed_minor", { mode: "bigint" }).notNull(),
    percentBps: integer("percent_bps").notNull(),
  },
  (table) => [index("fee_tiers_method_idx").on(table.corridorMethodId)],
);

/**
 * Reference rates: units of `quote` per one `base`, as published by `source` for a day, valid
 * from `valid_from` until the next publication. Cross rates are computed from the same base.
 */
export const fxRates = pgTable(
  "fx_rates",
  {
    ...identityId,
    base: text("base").notNull(),
    quote: text("quote").notNull(),
    rate: numeric("rate", { precision: 24, scale: 10 }).notNull(),
    source: text("source").notNull(),
    publishedOn: date("published_on").notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("fx_rates_unique").on(table.base, table.quote, table.publishedOn)],
);

export const promoCodes = pgTable("promo_codes", {
  ...identityId,
  /** Stored upper-case; matched case-insensitively. */
  code: text("code").notNull().unique(),
  kind: text("kind", { enum: ["percent", "fixed"] }).notNull(),
  /** For percent codes: the share of our fee waived, in basis points. */
  percentBps: integer("percent_bps"),
  /** For fixed codes: the amount off, in minor units of `currency_id`. */
  amountMinor: bigint("amount_minor", { mode: "bigint" }),
  currencyId: integer("currency_id").references(() => currencies.id),
  /** The smallest send amount the code applies to, in minor units of `currency_id`. */
  minAmountMinor: bigint("min_amount_minor", { mode: "bigint" }),
  validFrom: timestamp("valid_from", { withTimezone: true }),
  validUntil: timestamp("valid_until", { withTimezone: true }),
  maxUsesTotal: integer("max_uses_total"),
  maxUsesPerUser: integer("max_uses_per_user"),
  isActive: boolean("is_active").notNull().default(true),
  description: text("description").notNull(),
});

/** The corridor and amounts a quotation is priced with; its order keeps a copy of them. */
export const pricedCorridorColumns = {
  countryFromId: integer("country_from_id").references(() => countries.id),
  countryToId: integer("country_to_id").references(() => countries.id),
  currencyFromId: integer("currency_from_id")
    .notNull()
    .references(() => currencies.id),
  currencyToId: integer("currency_to_id")
    .notNull()
    .references(() => currencies.id),
  shippingMethodId: integer("shipping_method_id").references(() => shippingMethods.id),
  paymentMethod: text("payment_method").notNull(),
  sendAmountMinor: bigint("send_amount_minor", { mode: "bigint" }).notNull(),
  feeMinor: bigint("fee_minor", { mode: "bigint" }).notNull(),
};

/**
 * A priced offer for one user: the amounts, the rate it locked (mid-market, margin, customer rate)
 * and until when. A transaction on it after `expires_at` is refused and must requote.
 */
export const quotations = pgTable(
  "quotations",
  {
    ...identityId,
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    service: text("service").notNull(),
    corridorMethodId: integer("corridor_method_id").references(() => corridorMethods.id),
    ...pricedCorridorColumns,
    discountMinor: bigint("discount_minor", { mode: "bigint" }).notNull(),
    totalMinor: bigint("total_minor", { mode: "bigint" }).notNull(),
    receivingAmountMinor: bigint("receiving_amount_minor", { mode: "bigint" }).notNull(),
    midRate: numeric("mid_rate", { precision: 24, scale: 10 }).notNull(),
    marginBps: integer("margin_bps").notNull(),
    customerRate: numeric("customer_rate", { precision: 24, scale: 10 }).notNull(),
    rateSource: text("rate_source").notNull(),
    /** When the rate table the quote used was published or observed (both legs come from it). */
    rateAsOf: timestamp("rate_as_of", { withTimezone: true }),
    /** Each leg of the cross rate through the euro: currency, units per euro, source and as-of. */
    rateLegs: jsonb("rate_legs")
      .$type<{ iso: string; per_base: string; source: string; as_of: string }[]>()
      .notNull()
      .default([]),
    /** Which amount the customer typed: the other follows from it on a recalculation. */
    fixedSide: text("fixed_side", { enum: ["send", "receiving"] }).notNull(),
    promoCodeId: integer("promo_code_id").references(() => promoCodes.id),
    /** Who sends and who receives, once chosen in the flow (spec §4: add-sender, add-recipient). */
    senderId: integer("sender_id").references((): AnyPgColumn => senders.id),
    recipientId: integer("recipient_id").references((): AnyPgColumn => recipients.id),
    /**
     * The payment method chosen for it (PUT quotations/payment-method): the catalogue's id and spec
     * slug (payments/methods.ts; a sub-method's when the method has an intermediate step), and the
     * saved card or bank attached by add-payment-method. `payment_method` is what it was priced as.
     */
    paymentTypeId: integer("payment_type_id"),
    paymentMethodSlug: text("payment_method_slug"),
    paymentProfileId: integer("payment_profile_id").references((): AnyPgColumn => paymentProfiles.id),
    /**
     * What a purchase quotation (top-up, gift card, bill) buys (issue 11): the product and its
     * bounds, the account (phone, e-mail, bill reference) and the provider's commission, as
     * PurchaseTerms (packages/shared/src/order-terms.ts); null for every other service.
     */
    purchase: jsonb("purchase").$type<PurchaseTerms>(),
    /** The wallet a wallet-to-wallet send goes to (issue 10), chosen when the quotation is made. */
    targetWalletId: integer("target_wallet_id").references((): AnyPgColumn => wallets.id),
    status: text("status", { enum: ["open", "used", "expired"] })
      .notNull()
      .default("open"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [
    index("quotations_user_idx").on(table.userId, table.createdAt),
    check(
      "quotations_amounts_not_negative",
      sql`${table.sendAmountMinor} > 0 and ${table.feeMinor} >= 0 and ${table.discountMinor} >= 0 and ${table.discountMinor} <= ${table.feeMinor} and ${table.receivingAmountMinor} > 0`,
    ),
  ],
);

/**
 * A promo code held by a quotation, then redeemed when it is paid. The use limits count redeemed
 * uses and holds whose quotation is still open and unexpired (read from the quotation itself, so
 * the lock has one expiry); an expired unpaid quotation's hold counts for nothing. Holds are taken
 * under a row lock on the code (see pricing/promo-codes.ts), so limits hold however requests are timed.
 */
export const promoCodeRedemptions = pgTable(
  "promo_code_redemptions",
  {
    ...identityId,
    promoCodeId: integer("promo_code_id")
      .notNull()
      .references(() => promoCodes.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    quotationId: integer("quotation_id")
      .notNull()
      .references(() => quotations.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["held", "redeemed"] })
      .notNull()
      .default("held"),
    ...createdAt,
  },
  (table) => [
    check("promo_code_redemptions_status", sql`${table.status} in ('held', 'redeemed')`),
    uniqueIndex("promo_code_redemptions_quotation_unique").on(table.quotationId),
    index("promo_code_redemptions_code_user_idx").on(table.promoCodeId, table.userId),
  ],
);
