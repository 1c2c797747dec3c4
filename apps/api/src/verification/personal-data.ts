import { dateOfBirthProblem } from "@vela/shared/date-of-birth";
import type { personalData, personalDataRequest } from "@vela/shared/verification";
import type { z } from "zod";
import type { Secrets } from "../auth/secrets";
import type { Db } from "../db/client";
import { type FieldErrors, InvalidDataError } from "../http/errors";
import { type PersonalDataRow, personalDataRepository } from "./personal-data-repository";
import { documentNumberProblem, findDocument } from "./reference";
import { referenceRepository } from "./reference-repository";

/**
 * The personal data a person declares for verification (spec §7 `identity_verification_personal_data`):
 * checked (an adult's date of birth, a real nationality, the number in its document's format), and
 * kept with the document number sealed by the app's AES-256-GCM key. Answers show the number masked;
 * only the verification provider is given it in full (`revealPersonalData`).
 */

export type PersonalDataDeps = { db: Db; secrets: Pick<Secrets, "encrypt" | "decrypt"> };
export type PersonalDataRequest = z.output<typeof personalDataRequest>;
export type PersonalData = z.output<typeof personalData>;

export const NOT_IDENTITY_DOCUMENT =
  "Must be an identity document (passport, ID card, driving licence or residence permit).";

/**
 * The characters kept in clear: the last four, but never more than half of a short number, so
 * the clear part never gives the whole number away.
 */
export function clearTail(number: string): string {
  return number.slice(-Math.min(4, Math.floor(number.length / 2)));
}

/** How a number is shown once saved: "•••• 678Z". */
export const maskedNumber = (tail: string) => `•••• ${tail}`;

function view(row: PersonalDataRow, documentNumber: string): PersonalData {
  return {
    first_name: row.firstName,
    last_name: row.lastName,
    date_of_birth: row.dateOfBirth,
    nationality_country_id: row.nationalityCountryId,
    document_number: documentNumber,
    ...(row.documentId === null ? {} : { document_id: row.documentId }),
    address: row.address,
    city: row.city,
    ...(row.postalCode === null ? {} : { postal_code: row.postalCode }),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function problems(db: Db, data: PersonalDataRequest): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const born = dateOfBirthProblem(data.date_of_birth);
  if (born) errors.date_of_birth = [born];
  if (!(await referenceRepository(db).countryExists(data.nationality_country_id)))
    errors.nationality_country_id = ["Unknown country."];
  if (data.document_id !== undefined) {
    const document = await findDocument(db, data.document_id);
    if (!document) errors.document_id = ["Unknown document type."];
    else if (document.purpose !== "identity") errors.document_id = [NOT_IDENTITY_DOCUMENT];
    else {
      const problem = documentNumberProblem(document, data.document_number);
      if (problem) errors.document_number = [problem];
    }
  }
  return errors;
}

/** Saves (or replaces) the person's personal data; every refusal at once, on its field. */
export async function savePersonalData(
  deps: PersonalDataDeps,
  command: { userId: number; data: PersonalDataRequest },
): Promise<PersonalData> {
  const { data } = command;
  const errors = await problems(deps.db, data);
  if (Object.keys(errors).length > 0) throw new InvalidDataError(errors);
  const tail = clearTail(data.document_number);
  const row = await personalDataRepository(deps.db).save(command.userId, {
    firstName: data.first_name,
    lastName: data.last_name,
    dateOfBirth: data.date_of_birth,
    nationalityCountryId: data.nationality_country_id,
    documentId: data.document_id ?? null,
    documentNumberSealed: deps.secrets.encrypt(data.document_number),
    documentNumberLast4: tail,
    address: data.address,
    city: data.city,
    postalCode: data.postal_code ?? null,
  });
  return view(row, maskedNumber(tail));
}

/** The person's personal data as they may see it again (number masked), or null before the first save. */
export async function getPersonalData(
  deps: Pick<PersonalDataDeps, "db">,
  userId: number,
): Promise<PersonalData | null> {
  const row = await personalDataRepository(deps.db).find(userId);
  return row ? view(row, maskedNumber(row.documentNumberLast4)) : null;
}

/** The personal data with the document number in full: for the verification provider only, never an answer. */
export async function revealPersonalData(
  deps: PersonalDataDeps,
  userId: number,
): Promise<PersonalData | null> {
  const row = await personalDataRepository(deps.db).find(userId);
  return row ? view(row, deps.secrets.decrypt(row.documentNumberSealed)) : null;
}
