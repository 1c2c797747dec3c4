import type { VerificationLevel } from "@vela/shared/verification";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { userVerificationStates } from "../db/schema/index";

/** Why an account's money-moving is stopped (the kyb_ ones: a business's owner, kyb/). */
export type BlockReason =
  | "review_final"
  | "review_revoked"
  | "kyb_owner_rejected"
  | "kyb_sanctions_confirmed";

export type VerificationState = {
  level: VerificationLevel;
  /** When money-moving was stopped, or null. */
  blockedAt: Date | null;
  blockedReason: BlockReason | null;
};

const UNVERIFIED: VerificationState = { level: "unverified", blockedAt: null, blockedReason: null };

/** An account's level and block (unverified and free when it has no row yet). */
export async function verificationStateOf(db: Db, userId: number): Promise<VerificationState> {
  const [row] = await db
    .select()
    .from(userVerificationStates)
    .where(eq(userVerificationStates.userId, userId));
  if (!row) return UNVERIFIED;
  return {
    level: row.level,
    blockedAt: row.moneyMovingBlockedAt,
    blockedReason: (row.blockedReason as BlockReason | null) ?? null,
  };
}

/** Sets an account's level (a GREEN review of a flow), leaving any block as it is. */
export async function setVerificationLevel(tx: Db, userId: number, level: VerificationLevel) {
  await tx
    .insert(userVerificationStates)
    .values({ userId, level })
    .onConflictDoUpdate({
      target: userVerificationStates.userId,
      set: { level, updatedAt: sql`now()` },
    });
}

/**
 * Stops an account's money-moving at once (and drops it to unverified): what a FINAL rejection or a
 * GREEN turned RED does. Every money-moving check reads this row.
 */
export async function blockMoneyMoving(tx: Db, userId: number, reason: BlockReason) {
  await tx
    .insert(userVerificationStates)
    .values({ userId, level: "unverified", moneyMovingBlockedAt: sql`now()`, blockedReason: reason })
    .onConflictDoUpdate({
      target: userVerificationStates.userId,
      set: {
        level: "unverified",
        moneyMovingBlockedAt: sql`now()`,
        blockedReason: reason,
        updatedAt: sql`now()`,
      },
    });
}

/** Lifts a block (a reviewer's decision, or a later GREEN on a RETRY). */
export async function unblockMoneyMoving(tx: Db, userId: number) {
  await tx
    .update(userVerificationStates)
    .set({ moneyMovingBlockedAt: null, blockedReason: null, updatedAt: sql`now()` })
    .where(eq(userVerificationStates.userId, userId));
}
