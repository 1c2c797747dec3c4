import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bigIdentityId, createdAt, identityId, timestamps } from "./columns";
import { users } from "./identity";
import { countries } from "./reference";

/**
 * Identity verification (issue 20): each person's applicant per flow at the provider, with its
 * review as the provider's webhooks last reported it, the webhook events seen (replays are
 * answered without a second change), the images a person uploaded (encrypted, deleted after
 * retention) and the SDK token issues counted per hour.
 */
export const verificationApplicants = pgTable(
  "verification_applicants",
  {
    ...identityId,
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** identity | enhanced (the provider's levelName). */
    flow: text("flow", { enum: ["identity", "enhanced"] }).notNull(),
    providerApplicantId: text("provider_applicant_id").notNull(),
    countryId: integer("country_id").references(() => countries.id),
    documentId: integer("document_id"),
    reviewState: text("review_state", { enum: ["init", "pending", "on_hold", "completed"] })
      .notNull()
      .default("init"),
    reviewAnswer: text("review_answer", { enum: ["GREEN", "RED"] }),
    rejectType: text("reject_type", { enum: ["RETRY", "FINAL"] }),
    /** What the reviewer tells the person (Sumsub's moderationComment), in the language it came in. */
    userMessage: text("user_message"),
    userMessageLanguage: text("user_message_language"),
    /** What only staff may read (Sumsub's clientComment): never sent to the SPA. */
    staffMessage: text("staff_message"),
    /** The time of the newest event applied (its createdAtMs): an older event never overwrites it. */
    lastEventAt: timestamp("last_event_at", { withTimezone: true, precision: 3 }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    unique("verification_applicants_user_flow_key").on(table.userId, table.flow),
    uniqueIndex("verification_applicants_provider_id_key").on(table.providerApplicantId),
    check("verification_applicants_flow_check", sql`${table.flow} in ('identity', 'enhanced')`),
  ],
);

/** Every verified webhook once, by the SHA-256 of its raw body: a replay finds its row and changes nothing. */
export const verificationWebhookEvents = pgTable(
  "verification_webhook_events",
  {
    ...bigIdentityId,
    bodyDigest: text("body_digest").notNull(),
    type: text("type").notNull(),
    providerApplicantId: text("provider_applicant_id").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true, precision: 3 }).notNull(),
    /** applied | stale | unknown_applicant | ignored */
    outcome: text("outcome").notNull(),
    ...createdAt,
  },
  (table) => [uniqueIndex("verification_webhook_events_digest_key").on(table.bodyDigest)],
);

/**
 * The images (and PDFs) a person uploaded on the SDK page: re-encoded without metadata, sealed
 * with AES-256-GCM under a key derived from APP_SECRET, never served by any route, and deleted
 * `VERIFICATION_IMAGE_RETENTION_DAYS` after the applicant's final review (`delete_after`).
 */
export const verificationUploads = pgTable(
  "verification_uploads",
  {
    ...bigIdentityId,
    providerApplicantId: text("provider_applicant_id").notNull(),
    /** front | back | selfie */
    side: text("side").notNull(),
    mimeType: text("mime_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    widthPx: integer("width_px"),
    heightPx: integer("height_px"),
    /** The bytes, base64 then sealed (iv.tag.ciphertext, base64url). */
    sealed: text("sealed").notNull(),
    deleteAfter: timestamp("delete_after", { withTimezone: true }),
    ...createdAt,
  },
  (table) => [
    index("verification_uploads_applicant_idx").on(table.providerApplicantId),
    index("verification_uploads_delete_after_idx").on(table.deleteAfter),
  ],
);

/** SDK access tokens issued per person in the current hour (one row each; counted in one statement). */
export const verificationTokenIssues = pgTable("verification_token_issues", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
  issued: smallint("issued").notNull().default(0),
});

/**
 * The sandbox verification provider's own records (providers/verification/sandbox-verification.ts):
 * its applicants with their review, the SDK tokens (hashed) and the webhooks it owes our API.
 */
export const sandboxVerificationApplicants = pgTable(
  "sandbox_verification_applicants",
  {
    id: text("id").primaryKey(),
    externalUserId: text("external_user_id").notNull(),
    levelName: text("level_name").notNull(),
    /** init | pending | onHold | completed (Sumsub's spelling) */
    reviewStatus: text("review_status").notNull().default("init"),
    reviewAnswer: text("review_answer"),
    reviewRejectType: text("review_reject_type"),
    moderationComment: text("moderation_comment"),
    clientComment: text("client_comment"),
    /** The SDK page's progress: document type chosen, then sides and selfie uploaded. */
    documentType: text("document_type"),
    uploaded: text("uploaded").array().notNull().default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (table) => [
    unique("sandbox_verification_applicants_user_level_key").on(table.externalUserId, table.levelName),
  ],
);

export const sandboxVerificationTokens = pgTable("sandbox_verification_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  applicantId: text("applicant_id")
    .notNull()
    .references(() => sandboxVerificationApplicants.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  ...createdAt,
});

export const sandboxVerificationWebhooks = pgTable("sandbox_verification_webhooks", {
  ...bigIdentityId,
  body: text("body").notNull(),
  attempts: smallint("attempts").notNull().default(0),
  lastStatus: smallint("last_status"),
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
  deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  ...createdAt,
});
