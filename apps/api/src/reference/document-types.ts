import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { documentTypes } from "../db/schema/index";

/**
 * The one place the identity-document list (`/documents`, table `document_types`) is read to check
 * a value: senders' documents and recipients' IDs alike.
 */
export type DocumentTypeRow = {
  id: number;
  code: string;
  country_id: number | null;
  number_pattern: string | null;
  /** A number of the right format, named when a typed one does not match. */
  example: string | null;
};

/** The document type with this id, or null when there is none. */
export async function findDocumentType(db: Db, id: number): Promise<DocumentTypeRow | null> {
  const [row] = await db
    .select({
      id: documentTypes.id,
      code: documentTypes.code,
      country_id: documentTypes.countryId,
      number_pattern: documentTypes.numberPattern,
      example: documentTypes.example,
    })
    .from(documentTypes)
    .where(eq(documentTypes.id, id));
  return row ?? null;
}

/** Whether a document type is valid for a document issued in `countryId` (null country: everywhere). */
export function documentValidIn(document: DocumentTypeRow, countryId: number): boolean {
  return document.country_id === null || document.country_id === countryId;
}

/** Whether a document number matches the type's pattern (the whole number; no pattern: any). */
export function numberMatches(document: DocumentTypeRow, number: string): boolean {
  if (!document.number_pattern) return true;
  try {
    return new RegExp(`^(?:${document.number_pattern})$`).test(number);
  } catch {
    // A pattern JavaScript cannot read is the list's fault, not the customer's.
    return true;
  }
}
