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

/** Once the list's table has been seen it stays; until then each lookup asks whether it is there. */
let listPresent = false;

async function documentListPresent(db: Db): Promise<boolean> {
  if (listPresent) return true;
  const [row] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('document_types') is not null as present`,
  );
  listPresent = row?.present === true;
  return listPresent;
}

/**
 * The document type with this id, or null when there is none. Without the list's table (a database
 * migrated before 0013) no document type is known, so a sender that needs one is refused with 422 on
 * `document_type_id` rather than failing the request.
 */
export async function findDocumentType(db: Db, id: number): Promise<DocumentTypeRow | null> {
  if (!(await documentListPresent(db))) return null;
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
