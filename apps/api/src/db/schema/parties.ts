import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { identityId, timestamps } from "./columns";
import { users } from "./identity";
import { shippingMethods } from "./pricing";
import { countries, currencies } from "./reference";

/** The services a sender or recipient is kept for (spec §7: per-service lists). */
export const PARTY_SERVICES = [
  "consignments",
  "reload-phones",
  "gift-cards",
  "prepaid-pay-bills",
  "wallets",
] as const;

/**
 * Who pays: a client's own profile (`is_self`, one per client) or, for an agent, each walk-in
 * customer it sends for, with the identity document the agent checked. Deleting one keeps the row
 * (`deleted_at`): orders name their sender long after the list stops showing it.
 */
export const senders = pgTable(
  "senders",
  {
    ...identityId,
    ownerUserId: integer("owner_user_id")
      .notNull()
      .references(() => users.id),
    isSelf: boolean("is_self").notNull().default(false),
    /** Which service's form created it; the per-service lists show senders with that service's fields. */
    services: text("services").array().notNull().default(sql`'{}'::text[]`),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email"),
    phonePrefix: text("phone_prefix"),
    phoneNumber: text("phone_number"),
    countryId: integer("country_id").references(() => countries.id),
    stateId: integer("state_id"),
    city: text("city"),
    address: text("address"),
    postalCode: text("postal_code"),
    dateOfBirth: date("date_of_birth"),
    occupation: text("occupation"),
    /** An id from the documents list (no foreign key: that list's table comes from a later migration). */
    documentTypeId: integer("document_type_id"),
    documentNumber: text("document_number"),
    documentCountryId: integer("document_country_id").references(() => countries.id),
    documentExpiresOn: date("document_expires_on"),
    /**
     * Who this walk-in customer is across agents (compliance/walk-in-keys.ts): hashed keys of the
     * identity document, the name with the date of birth, and the name with the phone, whichever it
     * has; written with every create and edit. Another agent's sender sharing a key is the same customer.
     */
    customerKeys: text("customer_keys").array().notNull().default(sql`'{}'::text[]`),
    isActive: boolean("is_active").notNull().default(true),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index("senders_owner_idx").on(table.ownerUserId, table.createdAt).where(sql`${table.deletedAt} is null`),
    index("senders_customer_keys_idx").using("gin", table.customerKeys),
    uniqueIndex("senders_one_self_per_owner")
      .on(table.ownerUserId)
      .where(sql`${table.isSelf} and ${table.deletedAt} is null`),
  ],
);

/**
 * Who receives: a person (`customer`) or a business, in a country and currency, by a delivery
 * method, with the details its dynamic form asked for (`form_key` names the form, `details` holds
 * the values it validated). An agent's recipients may belong to one of its senders.
 */
export const recipients = pgTable(
  "recipients",
  {
    ...identityId,
    ownerUserId: integer("owner_user_id")
      .notNull()
      .references(() => users.id),
    senderId: integer("sender_id").references(() => senders.id),
    type: text("type", { enum: ["customer", "business"] }).notNull(),
    service: text("service").notNull().default("consignments"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    businessName: text("business_name"),
    email: text("email"),
    phonePrefix: text("phone_prefix"),
    phoneNumber: text("phone_number"),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    currencyId: integer("currency_id")
      .notNull()
      .references(() => currencies.id),
    shippingMethodId: integer("shipping_method_id").references(() => shippingMethods.id),
    /** For wallet withdrawals: the withdrawal method's slug. */
    withdrawalMethod: text("withdrawal_method"),
    formKey: text("form_key").notNull(),
    details: jsonb("details").$type<Record<string, string | boolean>>().notNull().default({}),
    /** `owner`: typed by the owner; `link`: filled in by the recipient through a send-link. */
    source: text("source", { enum: ["owner", "link"] })
      .notNull()
      .default("owner"),
    isActive: boolean("is_active").notNull().default(true),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index("recipients_owner_idx")
      .on(table.ownerUserId, table.createdAt)
      .where(sql`${table.deletedAt} is null`),
    index("recipients_owner_email_idx").on(table.ownerUserId, sql`lower(${table.email})`),
    check("recipients_type_check", sql`${table.type} in ('customer', 'business')`),
    check(
      "recipients_named",
      sql`(${table.type} = 'customer' and ${table.firstName} is not null) or (${table.type} = 'business' and ${table.businessName} is not null)`,
    ),
  ],
);

/**
 * A link sent to a recipient so they fill in their own details (spec §7 external recipients). The
 * token is stored as its SHA-256 hash; the link works once and until `expires_at`. The owner then
 * confirms the recipient it produced.
 */
export const recipientInvitations = pgTable(
  "recipient_invitations",
  {
    ...identityId,
    ownerUserId: integer("owner_user_id")
      .notNull()
      .references(() => users.id),
    tokenHash: text("token_hash").notNull().unique(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    countryId: integer("country_id").references(() => countries.id),
    currencyId: integer("currency_id").references(() => currencies.id),
    shippingMethodId: integer("shipping_method_id").references(() => shippingMethods.id),
    status: text("status", { enum: ["sent", "submitted", "confirmed", "cancelled"] })
      .notNull()
      .default("sent"),
    recipientId: integer("recipient_id").references(() => recipients.id),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index("recipient_invitations_owner_idx").on(table.ownerUserId, table.createdAt)],
);
