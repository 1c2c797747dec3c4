import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { verificationPersonalData } from "../db/schema/index";

export type PersonalDataRow = typeof verificationPersonalData.$inferSelect;
export type PersonalDataValues = Omit<PersonalDataRow, "userId" | "createdAt" | "updatedAt">;

/** The personal data each person declares for verification: one row a person, written over on save. */
export function personalDataRepository(db: Db) {
  return {
    async find(userId: number): Promise<PersonalDataRow | null> {
      const [row] = await db
        .select()
        .from(verificationPersonalData)
        .where(eq(verificationPersonalData.userId, userId));
      return row ?? null;
    },

    async save(userId: number, values: PersonalDataValues): Promise<PersonalDataRow> {
      const [row] = await db
        .insert(verificationPersonalData)
        .values({ userId, ...values })
        .onConflictDoUpdate({
          target: verificationPersonalData.userId,
          set: { ...values, updatedAt: sql`now()` },
        })
        .returning();
      if (!row) throw new Error("Personal data was not written");
      return row;
    },
  };
}
