import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, identityId, timestamps } from "./columns";
import { users } from "./identity";
import { countries } from "./reference";

/**
 * Businesses' verification (KYB, issue 20): a business account's registration details (one row a
 * business, made on first use; its row lock orders changes to the owners), its documents (sealed,
 * never served back) and its beneficial owners, each with their own applicant at the verification
 * provider (external id "owner-<id>") and its review as the webhooks last reported it.
 */
export const kybBusinesses = pgTable("kyb_businesses", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  legalName: text("legal_name"),
  registrationNumber: text("registration_number"),
  countryId: integer("country_id").references(() => countries.id),
  incorporationDate: date("incorporation_date"),
  legalForm: text("legal_form"),
  registeredAddress: text("registered_address"),
  website: text("website"),
  natureOfBusiness: text("nature_of_business"),
  submittedAt: timestamp("submitted_at", { withTimezone: true }),
  verifiedAt: timestamp("verified_at", { withTimezone: true }),
  ...timestamps,
});

/** One document of each kind a business (a new upload replaces it): re-encoded without metadata, sealed. */
export const kybDocuments = pgTable(
  "kyb_documents",
  {
    ...identityId,
    businessUserId: integer("business_user_id")
      .notNull()
      .references(() => kybBusinesses.userId, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    mimeType: text("mime_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    widthPx: integer("width_px"),
    heightPx: integer("height_px"),
    /** The bytes, base64 then sealed with the app's AES-256-GCM key (auth/secrets.ts). */
    sealed: text("sealed").notNull(),
    ...createdAt,
  },
  (table) => [unique("kyb_documents_business_kind_key").on(table.businessUserId, table.kind)],
);

export const kybOwners = pgTable(
  "kyb_owners",
  {
    ...identityId,
    businessUserId: integer("business_user_id")
      .notNull()
      .references(() => kybBusinesses.userId, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    dateOfBirth: date("date_of_birth").notNull(),
    nationalityCountryId: integer("nationality_country_id")
      .notNull()
      .references(() => countries.id),
    email: text("email").notNull(),
    role: text("role").notNull(),
    roleDetail: text("role_detail"),
    /** The share held, in hundredths of a percent (2500 = 25 %); null only for the controlling person. */
    ownershipBp: integer("ownership_bp"),
    isControlling: boolean("is_controlling").notNull().default(false),
    providerApplicantId: text("provider_applicant_id"),
    reviewState: text("review_state", { enum: ["init", "pending", "on_hold", "completed"] }),
    reviewAnswer: text("review_answer", { enum: ["GREEN", "RED"] }),
    rejectType: text("reject_type", { enum: ["RETRY", "FINAL"] }),
    userMessage: text("user_message"),
    staffMessage: text("staff_message"),
    /** The newest applied event's time: an older event never overwrites it. */
    lastEventAt: timestamp("last_event_at", { withTimezone: true, precision: 3 }),
    ...timestamps,
  },
  (table) => [
    index("kyb_owners_business_idx").on(table.businessUserId),
    uniqueIndex("kyb_owners_provider_applicant_key").on(table.providerApplicantId),
    // At most one controlling person a business, whatever two requests do at once.
    uniqueIndex("kyb_owners_one_controlling").on(table.businessUserId).where(sql`is_controlling`),
    check(
      "kyb_owners_ownership_range",
      sql`${table.ownershipBp} is null or ${table.ownershipBp} between 0 and 10000`,
    ),
    check("kyb_owners_share_or_controlling", sql`${table.ownershipBp} is not null or ${table.isControlling}`),
  ],
);
