import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client";

/**
 * The one place senders read the identity-document list (`/documents`). Its table arrives with the
 * reference lists (migration 0013, `document_types`), so it is read by raw SQL here rather than
 * through a Drizzle schema this module would need at compile time.
 */
export type DocumentTypeRow = {
  id: number;
  code: string;
  country_id: number | null;
  number_pattern: string | null;
};

export async function findDocumentType(db: Db, id: number): Promise<DocumentTypeRow | null> {
  const [row] = await queryRows<DocumentTypeRow>(
    db,
    sql`select id, code, country_id, number_pattern from document_types where id = ${id}`,
  );
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
