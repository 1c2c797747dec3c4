import type { Language } from "@vela/shared/api";
import {
  type DynamicForm,
  defineField,
  FORM_FIELD_KINDS,
  type FormFieldKind,
} from "@vela/shared/dynamic-form";
import type { IdentityDocument } from "@vela/shared/verification";
import validator from "validator";
import type { Db } from "../db/client";
import type { NumberCheck } from "../db/schema/index";
import { NotFoundError } from "../http/errors";
import { type DocumentRow, type FieldRow, referenceRepository } from "./reference-repository";

/**
 * The documents a country accepts for verification and the form each asks for (spec §7
 * `identity_verifications/country/{id}/documents` and `/document/{id}/form`), in the caller's
 * language, and the one check of a document number (its format and, where the document has one,
 * its check digit) that personal data and the verification flow share.
 */

export type ReferenceDeps = { db: Db };

export const COUNTRY_NOT_FOUND = "Country not found.";
export const DOCUMENT_NOT_FOUND = "Document not found.";
export const CHECK_DIGIT_WRONG = "This number is not valid for this document: check it against the document.";

export function documentName(document: DocumentRow, language: Language): string {
  return language === "es" ? document.nameEs : document.name;
}

/** The accepted documents of a country (404 for a country that does not exist; none for one not served). */
export async function countryDocuments(
  deps: ReferenceDeps,
  command: { countryId: number; language: Language },
): Promise<IdentityDocument[]> {
  const repository = referenceRepository(deps.db);
  if (!(await repository.countryExists(command.countryId))) throw new NotFoundError(COUNTRY_NOT_FOUND);
  const rows = await repository.countryDocuments(command.countryId);
  return rows.map((row) => ({
    id: row.id,
    slug: row.code,
    name: documentName(row, command.language),
    purpose: row.purpose,
    two_sided: row.twoSided,
  }));
}

/** The document with this id, or null: for the flow that starts a verification with it. */
export function findDocument(db: Db, documentId: number): Promise<DocumentRow | null> {
  return referenceRepository(db).findDocument(documentId);
}

/** Whether `documentId` is one of the documents `countryId` accepts (and so may be used to verify there). */
export async function acceptedDocument(
  db: Db,
  countryId: number,
  documentId: number,
): Promise<DocumentRow | null> {
  const document = await findDocument(db, documentId);
  return document && document.countryId === countryId ? document : null;
}

const isFieldKind = (kind: string): kind is FormFieldKind => FORM_FIELD_KINDS.some((known) => known === kind);

function formField(row: FieldRow, language: Language) {
  if (!isFieldKind(row.kind)) throw new Error(`Verification form field ${row.key} has an unknown kind`);
  const es = language === "es";
  return defineField({
    key: row.key,
    label: es ? row.labelEs : row.label,
    kind: row.kind,
    required: row.required,
    min_length: row.minLength,
    max_length: row.maxLength,
    pattern: row.pattern,
    pattern_message: es ? row.patternMessageEs : row.patternMessage,
    options:
      row.options?.map((option) => ({ value: option.value, label: es ? option.label_es : option.label })) ??
      null,
    options_endpoint: row.optionsEndpoint,
    example: row.example,
    help: es ? row.helpEs : row.help,
  });
}

/** The fields a document asks for, as a dynamic form keyed by country and document ("ES.national-id"). */
export async function documentForm(
  deps: ReferenceDeps,
  command: { documentId: number; language: Language },
): Promise<DynamicForm> {
  const repository = referenceRepository(deps.db);
  const document = await repository.findDocument(command.documentId);
  if (!document) throw new NotFoundError(DOCUMENT_NOT_FOUND);
  const fields = await repository.documentFields(document.id);
  return {
    key: `${document.countryIso2}.${document.code}`,
    title: documentName(document, command.language),
    fields: fields.map((row) => formField(row, command.language)),
  };
}

/** Check-digit rules, each by validator (a well-kept package), run after the pattern matched. */
const NUMBER_CHECK_RULES: Record<NumberCheck, (number: string) => boolean> = {
  // The DNI's and NIE's control letter (validator's ES rule takes both).
  "es-dni": (number) => validator.isIdentityCard(number, "ES"),
  "in-aadhaar": (number) => validator.isIdentityCard(number, "IN"),
  "cn-resident-id": (number) => validator.isIdentityCard(number, "zh-CN"),
  "th-national-id": (number) => validator.isIdentityCard(number.replace(/-/g, ""), "TH"),
  luhn: (number) => validator.isLuhnNumber(number),
};

/** The format refusal, naming an example of the right format when the document has one. */
export function formatProblem(example: string | null): string {
  return example
    ? `Does not match the format of this document (e.g. ${example}).`
    : "Does not match the format of this document.";
}

/** Why a number is refused for a document, or null when it is fine: its format, then its check digit. */
export function documentNumberProblem(document: DocumentRow, number: string): string | null {
  if (document.numberPattern && !new RegExp(document.numberPattern).test(number))
    return formatProblem(document.numberExample);
  if (document.numberCheck && !NUMBER_CHECK_RULES[document.numberCheck](number)) return CHECK_DIGIT_WRONG;
  return null;
}
