import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { kybBusinesses, kybDocuments, kybOwners, screeningHits } from "../db/schema/index";

export type BusinessRow = typeof kybBusinesses.$inferSelect;
export type OwnerRow = typeof kybOwners.$inferSelect;
export type DocumentRow = Omit<typeof kybDocuments.$inferSelect, "sealed">;
export type OwnerValues = Omit<
  typeof kybOwners.$inferInsert,
  "id" | "businessUserId" | "createdAt" | "updatedAt"
>;

/** The business's row, made on first use; with `lock`, held until the transaction ends. */
export async function businessRow(db: Db, userId: number, options: { lock?: boolean } = {}) {
  await db.insert(kybBusinesses).values({ userId }).onConflictDoNothing();
  const query = db.select().from(kybBusinesses).where(eq(kybBusinesses.userId, userId));
  const [row] = await (options.lock ? query.for("update") : query);
  if (!row) throw new Error("kyb business row not made");
  return row;
}

export async function updateBusiness(
  db: Db,
  userId: number,
  values: Partial<Omit<BusinessRow, "userId" | "createdAt" | "updatedAt">>,
) {
  await db
    .update(kybBusinesses)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(kybBusinesses.userId, userId));
}

export async function documentsOf(db: Db, userId: number): Promise<DocumentRow[]> {
  return db
    .select({
      id: kybDocuments.id,
      businessUserId: kybDocuments.businessUserId,
      kind: kybDocuments.kind,
      mimeType: kybDocuments.mimeType,
      byteSize: kybDocuments.byteSize,
      widthPx: kybDocuments.widthPx,
      heightPx: kybDocuments.heightPx,
      createdAt: kybDocuments.createdAt,
    })
    .from(kybDocuments)
    .where(eq(kybDocuments.businessUserId, userId));
}

/** Keeps one document of a kind: a new upload replaces the one before. */
export async function replaceDocument(db: Db, values: typeof kybDocuments.$inferInsert) {
  const [row] = await db
    .insert(kybDocuments)
    .values(values)
    .onConflictDoUpdate({
      target: [kybDocuments.businessUserId, kybDocuments.kind],
      set: {
        mimeType: values.mimeType,
        byteSize: values.byteSize,
        widthPx: values.widthPx ?? null,
        heightPx: values.heightPx ?? null,
        sealed: values.sealed,
        createdAt: sql`now()`,
      },
    })
    .returning({ createdAt: kybDocuments.createdAt });
  if (!row) throw new Error("kyb document not saved");
  return row;
}

export async function ownersOf(db: Db, userId: number): Promise<OwnerRow[]> {
  return db.select().from(kybOwners).where(eq(kybOwners.businessUserId, userId)).orderBy(asc(kybOwners.id));
}

/** One of the business's owners; another business's answers like an unknown id (null). */
export async function ownerOf(db: Db, userId: number, ownerId: number, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(kybOwners)
    .where(and(eq(kybOwners.id, ownerId), eq(kybOwners.businessUserId, userId)));
  const [row] = await (options.lock ? query.for("update") : query);
  return row ?? null;
}

export async function ownerByApplicant(db: Db, providerApplicantId: string) {
  const [row] = await db
    .select()
    .from(kybOwners)
    .where(eq(kybOwners.providerApplicantId, providerApplicantId));
  return row ?? null;
}

export async function ownerById(db: Db, ownerId: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(kybOwners).where(eq(kybOwners.id, ownerId));
  const [row] = await (options.lock ? query.for("update") : query);
  return row ?? null;
}

export async function insertOwner(db: Db, userId: number, values: OwnerValues) {
  const [row] = await db
    .insert(kybOwners)
    .values({ ...values, businessUserId: userId })
    .returning();
  if (!row) throw new Error("kyb owner not saved");
  return row;
}

export async function updateOwner(db: Db, ownerId: number, values: Partial<OwnerValues>) {
  const [row] = await db
    .update(kybOwners)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(kybOwners.id, ownerId))
    .returning();
  if (!row) throw new Error("kyb owner not updated");
  return row;
}

export async function deleteOwner(db: Db, ownerId: number) {
  await db.delete(kybOwners).where(eq(kybOwners.id, ownerId));
}

/** The statuses of the screening hits raised on these owners (open, cleared, confirmed). */
export async function ownerHitStatuses(db: Db, ownerIds: number[]): Promise<string[]> {
  if (ownerIds.length === 0) return [];
  const rows = await db
    .select({ status: screeningHits.status })
    .from(screeningHits)
    .where(and(eq(screeningHits.subjectKind, "business_owner"), inArray(screeningHits.subjectId, ownerIds)));
  return rows.map((row) => row.status);
}
