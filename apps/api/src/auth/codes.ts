import { CODE_LENGTH, CODE_MAX_ATTEMPTS, CODE_RESEND_SECONDS, CODE_TTL_SECONDS } from "@vela/shared/auth";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { verificationCodes } from "../db/schema/index";
import { AppError, InvalidDataError, TooManyRequestsError } from "../http/errors";
import { randomCode, type Secrets } from "./secrets";

/** What a code confirms. Each purpose has at most one live code per user. */
export type CodePurpose =
  | "verify_email"
  | "verify_phone"
  | "tfa_login"
  | "password_reset"
  | "security_change"
  | "change_email"
  | "change_phone";
export type CodeChannel = "email" | "sms" | "totp";

export type CodeRow = typeof verificationCodes.$inferSelect;

const secondsBetween = (later: Date, earlier: Date) =>
  Math.ceil((later.getTime() - earlier.getTime()) / 1000);

/** Seconds until another code may be sent for this row (0 when it may be sent now). */
export const resendWaitSeconds = (row: Pick<CodeRow, "createdAt">, now = new Date()) =>
  Math.max(0, CODE_RESEND_SECONDS - secondsBetween(now, row.createdAt));

function refuseIfTooSoon(row: Pick<CodeRow, "createdAt" | "channel"> | undefined) {
  if (!row || row.channel === "totp") return;
  const wait = resendWaitSeconds(row);
  if (wait > 0) throw new TooManyRequestsError(`Wait ${wait} seconds before asking for a new code.`, wait);
}

type IssueInput = {
  userId: number;
  purpose: CodePurpose;
  channel: CodeChannel;
  destination: string | null;
  /** Hash of the token naming this step for a caller without a session (two-factor, reset). */
  challengeHash?: string;
};

/**
 * Makes a new code for a user and purpose, after the resend wait; earlier live codes of the same
 * purpose stop working. Answers the plain code for the caller to send; only its HMAC is stored.
 * An authenticator-app challenge ("totp") has no code of ours.
 */
export async function issueCode(db: Db, secrets: Secrets, input: IssueInput) {
  const [latest] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, input.userId),
        eq(verificationCodes.purpose, input.purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (latest && latest.expiresAt > new Date()) refuseIfTooSoon(latest);

  const code = input.channel === "totp" ? null : randomCode(CODE_LENGTH);
  const expiresAt = new Date(Date.now() + CODE_TTL_SECONDS * 1000);
  const row = await db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ consumedAt: sql`now()`, challengeHash: null })
      .where(
        and(
          eq(verificationCodes.userId, input.userId),
          eq(verificationCodes.purpose, input.purpose),
          isNull(verificationCodes.consumedAt),
        ),
      );
    const [inserted] = await tx
      .insert(verificationCodes)
      .values({
        userId: input.userId,
        purpose: input.purpose,
        channel: input.channel,
        destination: input.destination,
        codeHash: code ? secrets.hashCode(code) : null,
        challengeHash: input.challengeHash ?? null,
        expiresAt,
      })
      .returning();
    return inserted!;
  });
  return { code, row };
}

/**
 * Sends a fresh code for an existing challenge (two-factor resend): same challenge token, new
 * code, tries reset, after the resend wait.
 */
export async function reissueChallengeCode(
  db: Db,
  secrets: Secrets,
  row: CodeRow,
  channel: "email" | "sms",
  destination: string,
) {
  refuseIfTooSoon(row);
  const code = randomCode(CODE_LENGTH);
  const [updated] = await db
    .update(verificationCodes)
    .set({
      channel,
      destination,
      codeHash: secrets.hashCode(code),
      attempts: 0,
      createdAt: sql`now()`,
      expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
    })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
    .returning();
  if (!updated) throw new InvalidDataError({ code: ["This sign-in has ended. Sign in again."] });
  return { code, row: updated };
}

export type CodeTarget =
  | { userId: number; purpose: CodePurpose }
  | { challengeHash: string; purpose: CodePurpose };

/** The live (unconsumed) code of a user and purpose, or of a challenge. */
export async function findPendingCode(db: Db, target: CodeTarget): Promise<CodeRow | undefined> {
  const owner =
    "userId" in target
      ? eq(verificationCodes.userId, target.userId)
      : eq(verificationCodes.challengeHash, target.challengeHash);
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(owner, eq(verificationCodes.purpose, target.purpose), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row;
}

const codeError = (message: string) => new InvalidDataError({ code: [message] });

/**
 * Checks a code and uses it up. A wrong code costs one of the five tries; the fifth wrong one
 * ends the code. `matches` decides for codes that are not ours (an authenticator app's).
 * Single use holds under concurrency: the consuming update only succeeds once.
 */
export async function consumeCode(
  db: Db,
  secrets: Secrets,
  target: CodeTarget,
  code: string,
  matches?: (row: CodeRow) => boolean,
): Promise<CodeRow> {
  const row = await findPendingCode(db, target);
  if (!row) throw codeError("No code is waiting to be checked. Ask for a new one.");
  if (row.expiresAt <= new Date()) throw codeError("The code has expired. Ask for a new one.");
  if (row.attempts >= CODE_MAX_ATTEMPTS) {
    throw new AppError(429, "Too many wrong codes. Ask for a new one.", {
      code: ["Too many wrong codes. Ask for a new one."],
    });
  }
  const isRight = matches ? matches(row) : row.codeHash === secrets.hashCode(code);
  if (!isRight) {
    const [counted] = await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, row.id))
      .returning({ attempts: verificationCodes.attempts });
    const left = CODE_MAX_ATTEMPTS - (counted?.attempts ?? CODE_MAX_ATTEMPTS);
    if (left <= 0) {
      await db
        .update(verificationCodes)
        .set({ consumedAt: sql`now()` })
        .where(eq(verificationCodes.id, row.id));
      throw new AppError(429, "Too many wrong codes. Ask for a new one.", {
        code: ["Too many wrong codes. Ask for a new one."],
      });
    }
    throw codeError(`The code is not correct. ${left} ${left === 1 ? "try" : "tries"} left.`);
  }
  const [consumed] = await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
    .returning();
  if (!consumed) throw codeError("This code was already used. Ask for a new one.");
  return consumed;
}
