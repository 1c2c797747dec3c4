import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, identityId, timestamps } from "./columns";
import { cities, countries, states } from "./reference";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });
/** Kinds of business an account can register as (the business-types list). */
export const businessTypes = pgTable("business_types", {
  ...identityId,
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
});

/**
 * Every account: a client (a person), an agent (an agency's contact person) or a business (its
 * representative). The e-mail is unique case-insensitively; passwords are argon2id hashes.
 */
export const users = pgTable(
  "users",
  {
    ...identityId,
    role: text("role", { enum: ["client", "agent", "business"] }).notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    countryId: integer("country_id").references(() => countries.id),
    phonePrefix: text("phone_prefix"),
    phoneNumber: text("phone_number"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    /** An e-mail change waiting for its code; the current address stays until then. */
    pendingEmail: text("pending_email"),
    pendingPhonePrefix: text("pending_phone_prefix"),
    pendingPhoneNumber: text("pending_phone_number"),
    tfaEnabled: boolean("tfa_enabled").notNull().default(false),
    tfaMethod: text("tfa_method", { enum: ["email", "sms", "totp"] }),
    /** Authenticator secrets, AES-256-GCM encrypted with APP_SECRET (they must be read back). */
    totpSecretEnc: text("totp_secret_enc"),
    totpPendingSecretEnc: text("totp_pending_secret_enc"),
    /** The last authenticator time step accepted (unix seconds / 30): a code is good for one use. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** When the phone number last changed; recovery by SMS is refused for a while after it. */
    phoneChangedAt: timestamp("phone_changed_at", { withTimezone: true }),
    /** Overrides of the default-true service permissions, e.g. {"sendmoney": false}. */
    permissions: jsonb("permissions").$type<Partial<Record<string, boolean>>>().notNull().default({}),
    avatarId: uuid("avatar_id"),
    dateOfBirth: date("date_of_birth"),
    address: text("address"),
    city: text("city"),
    postalCode: text("postal_code"),
    occupation: text("occupation"),
    profileCompletedAt: timestamp("profile_completed_at", { withTimezone: true }),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`),
    // A phone number is verified on one account at most; unverified, several may claim it.
    uniqueIndex("users_verified_phone_unique")
      .on(table.phonePrefix, table.phoneNumber)
      .where(sql`${table.phoneVerifiedAt} is not null`),
    check("users_role_check", sql`${table.role} in ('client', 'agent', 'business')`),
  ],
);

/** The agency of an agent, or the company of a business account. */
export const organizations = pgTable("organizations", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  businessTypeId: integer("business_type_id").references(() => businessTypes.id),
  taxId: text("tax_id"),
  stateId: integer("state_id").references(() => states.id),
  cityId: integer("city_id").references(() => cities.id),
  address: text("address"),
  ...timestamps,
});

/**
 * One row per signed-in device: the current access and refresh tokens (SHA-256 hashes only).
 * A refresh rotates both; the retired refresh hashes are kept so that a replay of one revokes the
 * whole session (the "family").
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessTokenHash: text("access_token_hash").notNull().unique(),
    accessExpiresAt: timestamp("access_expires_at", { withTimezone: true }).notNull(),
    refreshTokenHash: text("refresh_token_hash").notNull().unique(),
    refreshExpiresAt: timestamp("refresh_expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    ...createdAt,
  },
  (table) => [index("auth_sessions_user_idx").on(table.userId)],
);

export const retiredRefreshTokens = pgTable("retired_refresh_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  sessionId: uuid("session_id")
    .notNull()
    .references(() => authSessions.id, { onDelete: "cascade" }),
  retiredAt: timestamp("retired_at", { withTimezone: true }).notNull().defaultNow(),
  /**
   * The pair that replaced this token, AES-256-GCM-encrypted with APP_SECRET, so that a second tab
   * refreshing with the same token within the grace window gets the same pair instead of ending the
   * session. Cleared once the pair is itself replaced.
   */
  successorEnc: text("successor_enc"),
});

/**
 * Limits that must hold however requests are timed: a failure is counted (and a lock set) in the
 * same statement that checks it. `subject` is an HMAC of the e-mail address for logins (so an
 * address without an account locks exactly like one with) and the user id for two-step codes; for
 * recovery requests (`recovery_send`, per address) and code sends (`code_send:<purpose>`, per user)
 * `blocked_until` is when another code may be asked for.
 */
export const authThrottles = pgTable(
  "auth_throttles",
  {
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    failures: smallint("failures").notNull().default(0),
    blockedUntil: timestamp("blocked_until", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.subject] })],
);

/**
 * One-time codes (e-mail and phone verification, two-factor login, password recovery, settings
 * changes). The code is stored as an HMAC; `challenge_hash` names a pending step for callers that
 * hold no session yet (the two-factor token, the password-reset token).
 */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    ...identityId,
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    channel: text("channel", { enum: ["email", "sms", "totp"] }).notNull(),
    destination: text("destination"),
    codeHash: text("code_hash"),
    challengeHash: text("challenge_hash").unique(),
    attempts: smallint("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    ...createdAt,
  },
  (table) => [index("verification_codes_user_purpose_idx").on(table.userId, table.purpose, table.createdAt)],
);

/**
 * Authentication attempts, for the per-IP and per-account limits (kept in the database so every
 * instance counts the same attempts).
 */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    ...identityId,
    kind: text("kind").notNull(),
    ip: text("ip").notNull(),
    subject: text("subject"),
    succeeded: boolean("succeeded").notNull(),
    ...createdAt,
  },
  (table) => [
    index("auth_attempts_ip_idx").on(table.kind, table.ip, table.createdAt),
    index("auth_attempts_subject_idx").on(table.kind, table.subject, table.createdAt),
    // Pruning finds the tries no window counts any more (plugins/auth-pruning.ts).
    index("auth_attempts_created_at_idx").on(table.createdAt),
  ],
);

/** Messages that were not handed to a real SMTP server or SMS gateway: the development mailbox. */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    ...identityId,
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    text: text("text").notNull(),
    ...createdAt,
  },
  (table) => [index("outbox_messages_created_idx").on(table.createdAt)],
);

/** Profile pictures, checked by content and kept in the database so every instance serves them. */
export const avatars = pgTable("avatars", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  mimeType: text("mime_type").notNull(),
  bytes: bytea("bytes").notNull(),
  ...createdAt,
});

/** Monthly reminders a user sets for a recurring payment (rent home, a phone top-up, a bill). */
export const userReminders = pgTable(
  "user_reminders",
  {
    ...identityId,
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    note: text("note"),
    dayOfMonth: smallint("day_of_month").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    ...createdAt,
  },
  (table) => [index("user_reminders_user_idx").on(table.userId)],
);
