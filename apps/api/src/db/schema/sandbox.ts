import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bigIdentityId, createdAt, identityId, timestamps } from "./columns";

/**
 * The sandbox providers' own records (providers/<kind>/sandbox-*.ts): what a real card processor,
 * bank, hosted gateway or payout partner would keep on its side. Nothing of ours reads them; our
 * code only sees them through the provider interfaces. No card number or CVC is ever stored: a token
 * keeps the brand, last four digits, expiry and the behaviour its test number asks for.
 */
export const sandboxCardTokens = pgTable("sandbox_card_tokens", {
  token: text("token").primaryKey(),
  brand: text("brand").notNull(),
  last4: text("last4").notNull(),
  expMonth: smallint("exp_month").notNull(),
  expYear: smallint("exp_year").notNull(),
  /** approve | card_declined | insufficient_funds | expired_card | 3ds */
  scenario: text("scenario").notNull(),
  holderName: text("holder_name"),
  usedAt: timestamp("used_at", { withTimezone: true }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  ...createdAt,
});

export const sandboxCardProfiles = pgTable("sandbox_card_profiles", {
  profileToken: text("profile_token").primaryKey(),
  brand: text("brand").notNull(),
  last4: text("last4").notNull(),
  expMonth: smallint("exp_month").notNull(),
  expYear: smallint("exp_year").notNull(),
  scenario: text("scenario").notNull(),
  holderName: text("holder_name").notNull(),
  ...createdAt,
});

export const sandboxCardAuthorizations = pgTable("sandbox_card_authorizations", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  profileToken: text("profile_token").notNull(),
  amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
  currency: text("currency").notNull(),
  /** requires_action | authorized | declined | captured | voided | refunded */
  status: text("status").notNull(),
  capturedMinor: bigint("captured_minor", { mode: "bigint" }).notNull().default(sql`0`),
  refundedMinor: bigint("refunded_minor", { mode: "bigint" }).notNull().default(sql`0`),
  declineCode: text("decline_code"),
  declineMessage: text("decline_message"),
  returnUrl: text("return_url").notNull(),
  ...timestamps,
});

export const sandboxBankAccounts = pgTable("sandbox_bank_accounts", {
  accountToken: text("account_token").primaryKey(),
  routingNumber: text("routing_number").notNull(),
  last4: text("last4").notNull(),
  bankName: text("bank_name").notNull(),
  /** ok | R01 | R03: what a debit from this account ends in. */
  scenario: text("scenario").notNull(),
  ...createdAt,
});

export const sandboxAchDebits = pgTable(
  "sandbox_ach_debits",
  {
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    accountToken: text("account_token").notNull(),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    currency: text("currency").notNull(),
    /** pending | settled | returned */
    status: text("status").notNull(),
    returnCode: text("return_code"),
    returnReason: text("return_reason"),
    /** When the pending debit settles or comes back. */
    settleAt: timestamp("settle_at", { withTimezone: true }).notNull(),
    ...createdAt,
  },
  (table) => [index("sandbox_ach_debits_pending_idx").on(table.settleAt)],
);

export const sandboxAchCredits = pgTable("sandbox_ach_credits", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  accountToken: text("account_token").notNull(),
  amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
  currency: text("currency").notNull(),
  ...createdAt,
});

export const sandboxIncomingTransfers = pgTable("sandbox_incoming_transfers", {
  reference: text("reference").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  method: text("method").notNull(),
  expectedMinor: bigint("expected_minor", { mode: "bigint" }).notNull(),
  currency: text("currency").notNull(),
  /** awaiting | received | review */
  status: text("status").notNull(),
  receivedMinor: bigint("received_minor", { mode: "bigint" }),
  instructions: jsonb("instructions").$type<Record<string, unknown>>().notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }),
  ...createdAt,
});

/**
 * Money that arrived quoting a reference the bank cannot match (none was issued, or its transfer has
 * already arrived): held for review by a person, never credited and never dropped (issue 10).
 */
export const sandboxUnmatchedArrivals = pgTable(
  "sandbox_unmatched_arrivals",
  {
    ...identityId,
    /** The reference as the transfer quoted it (trimmed, upper case). */
    reference: text("reference").notNull(),
    /** The amount as reported, in major units (the currency is not known without a match). */
    amount: text("amount").notNull(),
    /** unknown_reference | reference_used */
    reason: text("reason").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("sandbox_unmatched_arrivals_received_idx").on(table.receivedAt)],
);

export const sandboxGatewaySessions = pgTable("sandbox_gateway_sessions", {
  id: text("id").primaryKey(),
  gateway: text("gateway").notNull(),
  /** "<gateway>:<our reference>": the same reference answers the same session. */
  referenceKey: text("reference_key").notNull().unique(),
  reference: text("reference").notNull(),
  amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
  currency: text("currency").notNull(),
  returnUrl: text("return_url").notNull(),
  /** pending | approved | declined | cancelled | refunded */
  status: text("status").notNull(),
  refundedMinor: bigint("refunded_minor", { mode: "bigint" }).notNull().default(sql`0`),
  customerName: text("customer_name").notNull(),
  ...timestamps,
});

export const sandboxPayouts = pgTable("sandbox_payouts", {
  id: text("id").primaryKey(),
  reference: text("reference").notNull().unique(),
  method: text("method").notNull(),
  countryIso: text("country_iso").notNull(),
  currency: text("currency").notNull(),
  amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
  /** paid | pickup | rejected | returned: how it ends. */
  scenario: text("scenario").notNull(),
  pickupReference: text("pickup_reference"),
  /** When processing ends (paid, available for pickup, or failed for "Returned"). */
  readyAt: timestamp("ready_at", { withTimezone: true }).notNull(),
  /** Cash pickup: when the recipient collects it. */
  pickedUpAt: timestamp("picked_up_at", { withTimezone: true }),
  ...createdAt,
});

/**
 * Signed webhooks the sandbox owes our API (`/api/payments/webhooks/{provider}`): written with the
 * change that causes them, delivered at once and by the sweeper until a 2xx answers (with backoff).
 */
export const sandboxWebhooks = pgTable(
  "sandbox_webhooks",
  {
    ...bigIdentityId,
    /** cards | banks | praxis | d24 | paypal */
    provider: text("provider").notNull(),
    body: text("body").notNull(),
    attempts: smallint("attempts").notNull().default(0),
    lastStatus: smallint("last_status"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    ...createdAt,
  },
  (table) => [index("sandbox_webhooks_due_idx").on(table.nextAttemptAt)],
);

/**
 * The purchase aggregators' sandbox records (providers/{topups,giftcards,bills}/sandbox-*.ts): one
 * row per purchase we submitted, keyed by our order's reference, so a repeated submit answers the
 * same purchase. A gift card's code is not kept here: the sandbox derives it from the transaction id.
 * Paid bills are the delivered `bill` rows of a reference (what the sandbox biller subtracts).
 */
export const sandboxFulfilments = pgTable(
  "sandbox_fulfilments",
  {
    transactionId: text("transaction_id").primaryKey(),
    /** topup | giftcard | bill */
    kind: text("kind").notNull(),
    reference: text("reference").notNull(),
    /** The phone (E.164), the gift card recipient's e-mail or the bill's reference number. */
    account: text("account").notNull(),
    productId: integer("product_id"),
    providerId: integer("provider_id"),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    currency: text("currency").notNull(),
    /** pending | delivered | failed */
    status: text("status").notNull(),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    costMinor: bigint("cost_minor", { mode: "bigint" }).notNull(),
    confirmation: text("confirmation"),
    /** When a pending purchase settles (the sweeper or a `get` after it delivers it). */
    settleAt: timestamp("settle_at", { withTimezone: true }),
    ...createdAt,
  },
  (table) => [
    uniqueIndex("sandbox_fulfilments_reference_unique").on(table.kind, table.reference),
    index("sandbox_fulfilments_account_idx").on(table.kind, table.providerId, table.account),
  ],
);
