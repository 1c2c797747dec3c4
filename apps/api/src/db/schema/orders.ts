import type { OrderTerms } from "@vela/shared/order-terms";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bigIdentityId, createdAt, identityId, timestamps } from "./columns";
import { users } from "./identity";
import { recipients, senders } from "./parties";
import { pricedCorridorColumns, quotations } from "./pricing";
import { currencies } from "./reference";
import { wallets } from "./wallets";

/**
 * Saved ways of paying (spec §3 saved card, saved bank; §7 "payments/profiles … payment_method_id 3
 * (cards) or 1 (banks) plus sender_id"). A card is the processor's token with its brand, last four
 * digits and expiry: the full number and CVV never reach this database. A bank account keeps its
 * routing number and last four digits in clear and the full number sealed (AES-256-GCM, APP_SECRET),
 * since an ACH debit needs it. `saved = false` marks a one-time instrument used for one payment and
 * never listed. Deleting one keeps the row (`deleted_at`): payments point at it.
 */
export const paymentProfiles = pgTable(
  "payment_profiles",
  {
    ...identityId,
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    senderId: integer("sender_id").references(() => senders.id),
    /** Spec §7: 3 for cards, 1 for banks. */
    paymentMethodId: smallint("payment_method_id").notNull(),
    kind: text("kind", { enum: ["card", "bank"] }).notNull(),
    /** Which provider holds the instrument ("sandbox-cards", "sandbox-ach"). */
    provider: text("provider").notNull(),
    /** The provider's token for the card or account; never a card number. */
    providerToken: text("provider_token").notNull(),
    holderName: text("holder_name").notNull(),
    billingAddress: jsonb("billing_address").$type<Record<string, unknown>>(),
    cardBrand: text("card_brand"),
    last4: text("last4").notNull(),
    expMonth: smallint("exp_month"),
    expYear: smallint("exp_year"),
    bankName: text("bank_name"),
    routingNumber: text("routing_number"),
    accountType: text("account_type", { enum: ["checking", "savings"] }),
    accountNumberSealed: text("account_number_sealed"),
    saved: boolean("saved").notNull().default(true),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index("payment_profiles_user_idx").on(table.userId, table.kind),
    uniqueIndex("payment_profiles_provider_token_unique").on(table.provider, table.providerToken),
    check(
      "payment_profiles_method_matches_kind",
      sql`(${table.kind} = 'card') = (${table.paymentMethodId} = 3)`,
    ),
  ],
);

/** Where a payment stands with its provider (a card authorization, an ACH debit, a hosted gateway). */
export const PAYMENT_STATUSES = [
  "requires_action",
  "pending",
  "authorized",
  "succeeded",
  "failed",
  "canceled",
  "refunded",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * One attempt to collect a quotation's `amount_paid` through one payment method. An order takes at
 * most one payment (`orders.payment_id` is unique) and only one whose amount and currency equal the
 * quotation's at the time. Provider answers (webhooks, polls) move `status`; `provider_reference`
 * is the provider's id of the charge, unique per provider, so a repeated webhook finds the same row.
 */
export const payments = pgTable(
  "payments",
  {
    ...identityId,
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    quotationId: integer("quotation_id")
      .notNull()
      .references(() => quotations.id),
    /** The spec §3 payment method slug the customer chose ("credit-and-debit-card-methods"). */
    method: text("method").notNull(),
    /** The ledger clearing channel the money arrives through ("card", "ach", "praxis", "wallet"). */
    channel: text("channel").notNull(),
    provider: text("provider").notNull(),
    providerReference: text("provider_reference"),
    paymentProfileId: integer("payment_profile_id").references(() => paymentProfiles.id),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    currencyId: integer("currency_id")
      .notNull()
      .references(() => currencies.id),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    /** Where the browser goes to finish (3-D Secure challenge, a hosted gateway's page). */
    redirectUrl: text("redirect_url"),
    /** The caller's Idempotency-Key: a repeat answers this payment instead of paying twice. */
    idempotencyKey: text("idempotency_key"),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (table) => [
    index("payments_quotation_idx").on(table.quotationId),
    index("payments_user_idx").on(table.userId, table.createdAt),
    uniqueIndex("payments_provider_reference_unique").on(table.provider, table.providerReference),
    uniqueIndex("payments_idempotency_unique").on(table.userId, table.idempotencyKey),
    check("payments_amount_positive", sql`${table.amountMinor} > 0`),
  ],
);

/**
 * What a customer bought (a transfer, later a deposit, conversion, gift card …), with a copy of the
 * terms it was priced at: amounts, rate, fees, corridor, method, sender and recipient as they were.
 * Nothing reads today's corridor or today's recipient to describe an old order. `status` moves only
 * through `orders/transition.ts` (see orders/status.ts for the machine).
 */
export const orders = pgTable(
  "orders",
  {
    ...identityId,
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** The service that made it: "consignments" for send money (then "wallets", "gift-cards" …). */
    service: text("service").notNull(),
    status: text("status").notNull(),
    /** Our reference shown to the customer (spec §3 `ref`), e.g. "VL-7K3M9Q2X". */
    ref: text("ref").notNull().unique(),
    /** The public tracking number (spec §7 `tracking/{id}`): random, unguessable, no personal data. */
    trackingNumber: text("tracking_number").notNull().unique(),
    quotationId: integer("quotation_id")
      .notNull()
      .references(() => quotations.id),
    paymentId: integer("payment_id").references(() => payments.id),
    senderId: integer("sender_id").references(() => senders.id),
    recipientId: integer("recipient_id").references(() => recipients.id),
    ...pricedCorridorColumns,
    externalFeeMinor: bigint("external_fee_minor", { mode: "bigint" }).notNull().default(sql`0`),
    discountMinor: bigint("discount_minor", { mode: "bigint" }).notNull(),
    amountPaidMinor: bigint("amount_paid_minor", { mode: "bigint" }).notNull(),
    receivingAmountMinor: bigint("receiving_amount_minor", { mode: "bigint" }).notNull(),
    rate: numeric("rate", { precision: 24, scale: 10 }).notNull(),
    /**
     * The wallet the order is paid from (convert, send, withdraw: the `paid` step debits its ledger
     * account instead of a payment clearing account) and the wallet it delivers into (deposit,
     * convert, send: the `sent` step credits it instead of a payout partner). See orders/transition.ts.
     */
    sourceWalletId: integer("source_wallet_id").references(() => wallets.id),
    targetWalletId: integer("target_wallet_id").references(() => wallets.id),
    /**
     * The copy of the terms: the quotation's calculation as answered (amounts as strings, rate,
     * source, transfer time, guaranteed rate, method names) and the sender and recipient as they
     * were when the order was placed (names, country, delivery details with account numbers masked),
     * one shape per service (packages/shared/src/order-terms.ts), built by orders/terms.ts.
     */
    terms: jsonb("terms").$type<OrderTerms>().notNull(),
    /** The payout partner and its reference once the payout is submitted; a pickup code for cash. */
    payoutPartner: text("payout_partner"),
    payoutReference: text("payout_reference"),
    pickupReference: text("pickup_reference"),
    /**
     * A purchase's cost (issue 11): what the aggregator charges us for it, in the receiving
     * currency's minor units (face value less our commission), recorded when it is delivered.
     */
    providerCostMinor: bigint("provider_cost_minor", { mode: "bigint" }),
    /**
     * What the order moved in US dollar cents at today's mid rate when it was placed (issue 20): the
     * verification limits sum it per rolling window, so a window does not move with later rates.
     * Null on orders that count against no limit (deposits, conversions) and on older orders.
     */
    usdEquivalentMinor: bigint("usd_equivalent_minor", { mode: "bigint" }),
    /** When the money is expected to arrive, worked out from the transfer time when placed. */
    expectedArrivalAt: timestamp("expected_arrival_at", { withTimezone: true }),
    /** Why it failed, was held or refunded, in words the customer can read. */
    statusReason: text("status_reason"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("orders_quotation_unique").on(table.quotationId),
    uniqueIndex("orders_payment_unique").on(table.paymentId),
    index("orders_user_created_idx").on(table.userId, table.createdAt),
    // A walk-in customer's day across agents (compliance/walk-in.ts) sums by sender.
    index("orders_sender_created_idx").on(table.senderId, table.createdAt),
    index("orders_status_idx").on(table.status),
    index("orders_source_wallet_idx").on(table.sourceWalletId, table.createdAt),
    index("orders_target_wallet_idx").on(table.targetWalletId, table.createdAt),
    check(
      "orders_amounts_consistent",
      sql`${table.sendAmountMinor} > 0 and ${table.receivingAmountMinor} > 0 and ${table.feeMinor} >= 0 and ${table.discountMinor} >= 0 and ${table.amountPaidMinor} = ${table.sendAmountMinor} + ${table.feeMinor} + ${table.externalFeeMinor} - ${table.discountMinor}`,
    ),
  ],
);

/** Every status an order passed through, in order; the public tracking page reads only this. */
export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    ...bigIdentityId,
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    /** The ledger entry this step posted, when it moved money. */
    journalEntryId: bigint("journal_entry_id", { mode: "bigint" }),
    reason: text("reason"),
    ...createdAt,
  },
  (table) => [index("order_status_history_order_idx").on(table.orderId, table.id)],
);
