import { createHash } from "node:crypto";
import { and, asc, eq, gt, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { senders } from "../db/schema/index";
import { normalizedName } from "./sanctions/normalize";

/**
 * How a walk-in customer is recognised across agents (issue 20 point 6): by the identity document
 * (type, issuing country, number without spaces or punctuation) when captured, by the normalised
 * name (the sanctions normaliser: accents, order and particles do not count) with the date of birth,
 * and by the name with the phone. A sender keeps every key it has (`senders.customer_keys`), so an
 * agent that captured the document and one that only typed name and birth date still meet. Keys are
 * SHA-256 digests: the column indexes who is who without repeating the document in the clear.
 */
export type CustomerFacts = {
  firstName: string;
  lastName: string;
  dateOfBirth?: string | null | undefined;
  phonePrefix?: string | null | undefined;
  phoneNumber?: string | null | undefined;
  documentTypeId?: number | null | undefined;
  documentNumber?: string | null | undefined;
  documentCountryId?: number | null | undefined;
};

const digest = (text: string) => createHash("sha256").update(text).digest("hex");

/** "AB 123.456-7" and "ab1234567" are the same number. */
export const normalizedDocumentNumber = (number: string) => number.toUpperCase().replace(/[^A-Z0-9]/g, "");

export function customerKeys(facts: CustomerFacts): string[] {
  const keys: string[] = [];
  const { documentTypeId, documentNumber, documentCountryId } = facts;
  if (documentTypeId && documentNumber && documentCountryId) {
    const number = normalizedDocumentNumber(documentNumber);
    if (number) keys.push(digest(`document:${documentTypeId}:${documentCountryId}:${number}`));
  }
  const name = normalizedName(`${facts.firstName} ${facts.lastName}`);
  if (name) {
    if (facts.dateOfBirth) keys.push(digest(`birth:${name}:${facts.dateOfBirth}`));
    const phone = `${facts.phonePrefix ?? ""}${facts.phoneNumber ?? ""}`.replace(/\D/g, "");
    if (facts.phoneNumber && phone) keys.push(digest(`phone:${name}:${phone}`));
  }
  return keys;
}

/**
 * Gives the senders saved before customer keys existed their keys, a batch at a time (app start, in
 * the background): only walk-in senders that have something to key on and no keys yet, so once done
 * it finds nothing. Answers how many were written.
 */
export async function backfillCustomerKeys(db: Db, batch = 500): Promise<number> {
  let written = 0;
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(senders)
      .where(
        and(
          gt(senders.id, afterId),
          eq(senders.isSelf, false),
          sql`cardinality(${senders.customerKeys}) = 0`,
          or(
            isNotNull(senders.dateOfBirth),
            isNotNull(senders.phoneNumber),
            isNotNull(senders.documentNumber),
          ),
        ),
      )
      .orderBy(asc(senders.id))
      .limit(batch);
    for (const row of rows) {
      const keys = customerKeys(row);
      if (keys.length === 0) continue;
      await db
        .update(senders)
        .set({ customerKeys: keys })
        .where(and(eq(senders.id, row.id), sql`cardinality(${senders.customerKeys}) = 0`));
      written += 1;
    }
    if (rows.length < batch) return written;
    afterId = rows[rows.length - 1]!.id;
  }
}
