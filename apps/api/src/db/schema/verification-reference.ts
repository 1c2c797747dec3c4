import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { identityId, timestamps } from "./columns";
import { users } from "./identity";
import { countries } from "./reference";

/**
 * What identity verification asks a person for (issue 20): the kinds of document, which of them each
 * served country accepts and the fields each asks for, the source-of-funds questionnaire and the
 * person's answers, and the personal data they declare. The reference rows are seeded
 * (db/seed/verification-reference.ts), upserted on natural keys so their ids survive a re-seed.
 */

export const DOCUMENT_PURPOSES = ["identity", "address", "funds"] as const;

/**
 * Check-digit rules a document number may carry beyond its pattern, each run by a well-kept
 * validator (verification/reference.ts): the Spanish DNI and NIE letter, Aadhaar's Verhoeff digit,
 * the Chinese resident ID's and the Thai national ID's check digits, the South African ID's Luhn.
 */
export const NUMBER_CHECKS = ["es-dni", "in-aadhaar", "cn-resident-id", "th-national-id", "luhn"] as const;
export type NumberCheck = (typeof NUMBER_CHECKS)[number];

/** A kind of document: passport, national ID card, utility bill, payslip… */
export const verificationDocumentTypes = pgTable(
  "verification_document_types",
  {
    ...identityId,
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    nameEs: text("name_es").notNull(),
    /** What it proves: who the person is, where they live, or where their money comes from. */
    purpose: text("purpose", { enum: DOCUMENT_PURPOSES }).notNull(),
    /** Whether a back side is asked for (an ID card yes, a passport no). */
    twoSided: boolean("two_sided").notNull(),
    sortOrder: smallint("sort_order").notNull(),
  },
  (table) => [
    check(
      "verification_document_types_purpose_check",
      sql`${table.purpose} in ('identity', 'address', 'funds')`,
    ),
  ],
);

/**
 * A document a country accepts (issued there, for identity; from there, for address or funds),
 * with its local name ("DNI", "Credencial para votar (INE)") and number format where known.
 */
export const verificationDocuments = pgTable(
  "verification_documents",
  {
    ...identityId,
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    typeId: integer("type_id")
      .notNull()
      .references(() => verificationDocumentTypes.id),
    /** Unique in the country: the type's slug, or a local one where a country has two of a type. */
    code: text("code").notNull(),
    /** The local name, when the type's general one is not what people call it. */
    name: text("name"),
    nameEs: text("name_es"),
    /** Anchored regular expression (JavaScript and PostgreSQL) for the document number. */
    numberPattern: text("number_pattern"),
    /** A number of that format, shown as an example and named when a typed one does not match. */
    numberExample: text("number_example"),
    /** A check-digit rule beyond the pattern (reference.ts NUMBER_CHECKS), e.g. the Spanish DNI letter. */
    numberCheck: text("number_check", { enum: NUMBER_CHECKS }),
    /** Overrides the type's two-sidedness (a PAN card is one card face). */
    twoSided: boolean("two_sided"),
    sortOrder: smallint("sort_order").notNull(),
  },
  (table) => [
    uniqueIndex("verification_documents_country_code_key").on(table.countryId, table.code),
    index("verification_documents_type_idx").on(table.typeId),
  ],
);

/** A text in English and Spanish, as the seed stores option labels. */
export type BilingualOption = { value: string; label: string; label_es: string };

/** The fields a document's form asks for, in the dynamic form's shape (packages/shared/dynamic-form.ts). */
export const verificationDocumentFields = pgTable(
  "verification_document_fields",
  {
    ...identityId,
    documentId: integer("document_id")
      .notNull()
      .references(() => verificationDocuments.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    kind: text("kind").notNull(),
    label: text("label").notNull(),
    labelEs: text("label_es").notNull(),
    required: boolean("required").notNull(),
    minLength: smallint("min_length"),
    maxLength: smallint("max_length"),
    pattern: text("pattern"),
    patternMessage: text("pattern_message"),
    patternMessageEs: text("pattern_message_es"),
    options: jsonb("options").$type<BilingualOption[]>(),
    optionsEndpoint: text("options_endpoint"),
    example: text("example"),
    help: text("help"),
    helpEs: text("help_es"),
    sortOrder: smallint("sort_order").notNull(),
  },
  (table) => [uniqueIndex("verification_document_fields_document_key_key").on(table.documentId, table.key)],
);

/** A questionnaire ("Source of funds and purpose"); ids are fixed by the seed, the SPA asks for list 1. */
export const questionLists = pgTable("question_lists", {
  id: integer("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  titleEs: text("title_es").notNull(),
});

export const QUESTION_KINDS = ["select", "text", "number"] as const;

export const questions = pgTable(
  "questions",
  {
    ...identityId,
    listId: integer("list_id")
      .notNull()
      .references(() => questionLists.id),
    key: text("key").notNull(),
    text: text("text").notNull(),
    textEs: text("text_es").notNull(),
    kind: text("kind", { enum: QUESTION_KINDS }).notNull(),
    required: boolean("required").notNull(),
    options: jsonb("options").$type<BilingualOption[]>(),
    sortOrder: smallint("sort_order").notNull(),
  },
  (table) => [
    uniqueIndex("questions_list_key_key").on(table.listId, table.key),
    check("questions_kind_check", sql`${table.kind} in ('select', 'text', 'number')`),
  ],
);

/** A person's answer to a question; saving a list again replaces them. */
export const questionAnswers = pgTable(
  "question_answers",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    value: text("value").notNull(),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.userId, table.questionId] })],
);

/**
 * The personal data a person declares for verification. The document number is kept sealed
 * (AES-256-GCM, auth/secrets.ts) with only its last characters in clear, for display.
 */
export const verificationPersonalData = pgTable("verification_personal_data", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  dateOfBirth: date("date_of_birth", { mode: "string" }).notNull(),
  nationalityCountryId: integer("nationality_country_id")
    .notNull()
    .references(() => countries.id),
  /** The document the number belongs to, when the person named one. */
  documentId: integer("document_id").references(() => verificationDocuments.id),
  documentNumberSealed: text("document_number_sealed").notNull(),
  documentNumberLast4: text("document_number_last4").notNull(),
  address: text("address").notNull(),
  city: text("city").notNull(),
  postalCode: text("postal_code"),
  ...timestamps,
});
