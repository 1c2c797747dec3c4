import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, identityId } from "./columns";
import { orders } from "./orders";

/**
 * A sanctions list as imported (OFAC's SDN files: sdn.csv, alt.csv, add.csv). An import writes a
 * new version and makes it `active` in the same transaction that retires the previous one, so
 * screening always reads one whole list. Only the active version's rows are kept.
 */
export const sanctionsListVersions = pgTable(
  "sanctions_list_versions",
  {
    ...identityId,
    /** Where it was read from (a URL or a folder). */
    source: text("source").notNull(),
    status: text("status", { enum: ["active", "replaced"] }).notNull(),
    entries: integer("entries").notNull(),
    names: integer("names").notNull(),
    ...createdAt,
  },
  (table) => [
    uniqueIndex("sanctions_list_versions_one_active").on(table.status).where(sql`status = 'active'`),
  ],
);

/** One listed party (an sdn.csv row): `uid` is OFAC's ent_num, stable from one list to the next. */
export const sanctionsEntries = pgTable(
  "sanctions_entries",
  {
    ...identityId,
    versionId: integer("version_id")
      .notNull()
      .references(() => sanctionsListVersions.id, { onDelete: "cascade" }),
    uid: integer("uid").notNull(),
    name: text("name").notNull(),
    /** individual, entity, vessel or aircraft (OFAC leaves entities' type empty). */
    type: text("type").notNull(),
    programs: text("programs"),
    remarks: text("remarks"),
    /** add.csv's addresses, one line each ("city, country"). */
    addresses: text("addresses").array().notNull().default(sql`'{}'::text[]`),
  },
  (table) => [uniqueIndex("sanctions_entries_version_uid").on(table.versionId, table.uid)],
);

/** Every name of an entry, its primary name and its aliases (alt.csv: aka, fka, nka), normalised. */
export const sanctionsNames = pgTable(
  "sanctions_names",
  {
    ...identityId,
    versionId: integer("version_id")
      .notNull()
      .references(() => sanctionsListVersions.id, { onDelete: "cascade" }),
    entryId: integer("entry_id")
      .notNull()
      .references(() => sanctionsEntries.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    /** The normalised tokens, space-separated (compliance/sanctions/normalize.ts). */
    normalized: text("normalized").notNull(),
    /** A person's normalised surnames (before OFAC's comma), space-separated; empty otherwise. */
    surnames: text("surnames").notNull().default(""),
  },
  (table) => [index("sanctions_names_entry_idx").on(table.entryId)],
);

/**
 * The phonetic and spelling keys of each token of each name (compliance/sanctions/keys.ts): a
 * screened name fetches only the names sharing keys with it, never the whole list.
 */
export const sanctionsNameKeys = pgTable(
  "sanctions_name_keys",
  {
    versionId: integer("version_id")
      .notNull()
      .references(() => sanctionsListVersions.id, { onDelete: "cascade" }),
    nameId: integer("name_id")
      .notNull()
      .references(() => sanctionsNames.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** Which token of the name gave the key. */
    token: smallint("token").notNull(),
  },
  (table) => [
    index("sanctions_name_keys_lookup").on(table.versionId, table.key),
    index("sanctions_name_keys_name_idx").on(table.nameId),
  ],
);

export const SCREENING_SUBJECTS = ["sender", "recipient", "business_owner", "user"] as const;
export type ScreeningSubjectKind = (typeof SCREENING_SUBJECTS)[number];
export const SCREENING_HIT_STATUSES = ["open", "cleared", "confirmed"] as const;

/**
 * The review queue: a screened name that scored at or above the threshold against a listed name.
 * Raised at a party's creation (no order) or by a transfer reaching `paid` (its order, then held).
 * The entry is kept by OFAC's uid and the names as they were, so a hit outlives its list version.
 */
export const screeningHits = pgTable(
  "screening_hits",
  {
    ...identityId,
    subjectKind: text("subject_kind", { enum: SCREENING_SUBJECTS }).notNull(),
    subjectId: integer("subject_id").notNull(),
    screenedName: text("screened_name").notNull(),
    /** The screened name normalised: a cleared hit is remembered for this name only. */
    screenedNormalized: text("screened_normalized").notNull(),
    listVersionId: integer("list_version_id").notNull(),
    entryUid: integer("entry_uid").notNull(),
    entryName: text("entry_name").notNull(),
    matchedName: text("matched_name").notNull(),
    score: numeric("score", { precision: 5, scale: 4 }).notNull(),
    status: text("status", { enum: SCREENING_HIT_STATUSES }).notNull().default("open"),
    orderId: integer("order_id").references(() => orders.id),
    reviewer: text("reviewer"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    note: text("note"),
    ...createdAt,
  },
  (table) => [
    index("screening_hits_status_idx").on(table.status, table.createdAt),
    index("screening_hits_order_idx").on(table.orderId),
    index("screening_hits_subject_idx").on(table.subjectKind, table.subjectId),
    // One open hit per subject, entry and name, and per order: screening twice raises nothing new.
    uniqueIndex("screening_hits_open_unique")
      .on(table.subjectKind, table.subjectId, table.entryUid, table.screenedNormalized)
      .where(sql`status = 'open' and order_id is null`),
    uniqueIndex("screening_hits_open_order_unique")
      .on(table.subjectKind, table.subjectId, table.entryUid, table.screenedNormalized, table.orderId)
      .where(sql`status = 'open' and order_id is not null`),
    check(
      "screening_hits_decided",
      sql`(${table.status} = 'open') = (${table.decidedAt} is null and ${table.reviewer} is null)`,
    ),
  ],
);

/**
 * The memory of cleared hits: this subject is not that listed entry, for as long as it keeps the
 * name it was cleared under. A renamed subject is screened (and may be held) again.
 */
export const screeningClearances = pgTable(
  "screening_clearances",
  {
    ...identityId,
    subjectKind: text("subject_kind", { enum: SCREENING_SUBJECTS }).notNull(),
    subjectId: integer("subject_id").notNull(),
    entryUid: integer("entry_uid").notNull(),
    screenedNormalized: text("screened_normalized").notNull(),
    hitId: integer("hit_id")
      .notNull()
      .references(() => screeningHits.id),
    ...createdAt,
  },
  (table) => [
    uniqueIndex("screening_clearances_unique").on(
      table.subjectKind,
      table.subjectId,
      table.entryUid,
      table.screenedNormalized,
    ),
  ],
);
