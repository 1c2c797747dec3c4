import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Secrets } from "../../auth/secrets";
import type { Db } from "../../db/client";
import { verificationUploads } from "../../db/schema/index";
import type { CleanDocument } from "./document-images";

/**
 * The uploaded identity documents, kept only sealed (AES-256-GCM, the app's key from APP_SECRET)
 * and only as long as the retention rule allows. Nothing here answers a route: no document is
 * ever served back, not even to its owner.
 */
export type DocumentSide = "front" | "back" | "selfie";

export async function storeDocument(
  db: Db,
  secrets: Pick<Secrets, "encrypt">,
  input: { applicantId: string; side: DocumentSide; document: CleanDocument },
) {
  const { document } = input;
  await db.insert(verificationUploads).values({
    providerApplicantId: input.applicantId,
    side: input.side,
    mimeType: document.mimeType,
    byteSize: document.bytes.length,
    widthPx: document.widthPx,
    heightPx: document.heightPx,
    sealed: secrets.encrypt(document.bytes.toString("base64")),
  });
}

/** The plain bytes of a sealed document (for a reviewer's tool and the tests; no route calls it). */
export const openDocument = (secrets: Pick<Secrets, "decrypt">, sealed: string) =>
  Buffer.from(secrets.decrypt(sealed), "base64");

/**
 * Starts the retention clock of an applicant's documents at its final review: they are deleted
 * `days` later. A later review (a GREEN found RED) restarts it.
 */
export async function scheduleDocumentDeletion(db: Db, applicantId: string, days: number) {
  await db
    .update(verificationUploads)
    .set({ deleteAfter: sql`now() + make_interval(days => ${days})` })
    .where(eq(verificationUploads.providerApplicantId, applicantId));
}

/** Uploads no review ever decided (an abandoned SDK session) are deleted this long after upload. */
export const UNREVIEWED_DOCUMENT_DAYS = 90;

/** Deletes every document past its retention, and abandoned uploads; answers how many. */
export async function deleteExpiredDocuments(db: Db, now: Date = new Date()): Promise<number> {
  const abandonedBefore = new Date(now.getTime() - UNREVIEWED_DOCUMENT_DAYS * 86_400_000);
  const deleted = await db
    .delete(verificationUploads)
    .where(
      or(
        lte(verificationUploads.deleteAfter, now),
        and(isNull(verificationUploads.deleteAfter), lte(verificationUploads.createdAt, abandonedBefore)),
      ),
    )
    .returning({ id: verificationUploads.id });
  return deleted.length;
}
