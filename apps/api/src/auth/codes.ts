import { CODE_LENGTH, CODE_MAX_ATTEMPTS, CODE_RESEND_SECONDS, CODE_TTL_SECONDS } from "@vela/shared/auth";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users, verificationCodes } from "../db/schema/index";
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
  destination: string | null;
  /** Hash of the token naming this step for a caller without a session (two-factor, reset). */
  challengeHash?: string;
  /** Written in the code's transaction: what the code confirms (a pending phone or e-mail). */
  alsoWrite?: (tx: Db) => Promise<void>;
} & (
  | { channel: "totp" }
  | {
      channel: "email" | "sms";
      /** Sends the plain code; a throw leaves nothing stored. */
      send: (code: string) => Promise<void>;
    }
);

/**
 * Makes a new code for a user and purpose, after the resend wait, and sends it; earlier live codes
 * of the same purpose stop working. Only the code's HMAC is stored. An authenticator-app challenge
 * ("totp") has no code of ours.
 *
 * The code is sent before anything is written: a send that fails (a gateway or mail server down, a
 * number refused) leaves the earlier code in force, nothing pending, and no resend wait spent, so
 * the caller may try again at once. No transaction is held open while the network is waited on.
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

  let code: string | null = null;
  if (input.channel !== "totp") {
    code = randomCode(CODE_LENGTH);
    await input.send(code);
  }
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
    if (input.alsoWrite) await input.alsoWrite(tx);
    return inserted!;
  });
  return { row };
}

/**
 * Sends a fresh code for an existing challenge (two-factor resend): same challenge token, new
 * code, tries reset, after the resend wait. Sent before it is stored, as `issueCode` does: a failed
 * send leaves the challenge's code as it was.
 */
export async function reissueChallengeCode(
  db: Db,
  secrets: Secrets,
  row: CodeRow,
  channel: "email" | "sms",
  destination: string,
  send: (code: string) => Promise<void>,
) {
  refuseIfTooSoon(row);
  const code = randomCode(CODE_LENGTH);
  await send(code);
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
  return { row: updated };
}

/**
 * Whose code: a user's, a challenge's, or the account behind an address (password recovery, where
 * the same statements run whether the address has an account or not).
 */
export type CodeTarget =
  | { userId: number; purpose: CodePurpose }
  | { challengeHash: string; purpose: CodePurpose }
  | { email: string; purpose: CodePurpose };

function ownerOf(db: Db, target: CodeTarget) {
  if ("userId" in target) return eq(verificationCodes.userId, target.userId);
  if ("challengeHash" in target) return eq(verificationCodes.challengeHash, target.challengeHash);
  const account = db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${target.email.toLowerCase()}`);
  return sql`${verificationCodes.userId} = (${account})`;
}

/** The live (unconsumed) code of a user and purpose, of a challenge, or of an address's account. */
export async function findPendingCode(db: Db, target: CodeTarget): Promise<CodeRow | undefined> {
  const owner = ownerOf(db, target);
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(owner, eq(verificationCodes.purpose, target.purpose), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row;
}

const codeError = (message: string) => new InvalidDataError({ code: [message] });
const tooManyWrong = () =>
  new AppError(429, "Too many wrong codes. Ask for a new one.", {
    code: ["Too many wrong codes. Ask for a new one."],
  });

/** What one try at a code came to. */
export type CodeTry =
  | { outcome: "accepted"; row: CodeRow }
  | { outcome: "wrong"; attemptsLeft: number }
  | { outcome: "exhausted" }
  | { outcome: "expired" }
  | { outcome: "none" };

/**
 * One try at the live code of a target, judged and counted in a single statement: a right code is
 * used up, a wrong one costs one of the five tries and the fifth wrong one ends the code. The row
 * lock the update takes makes tries that arrive together queue on the code, each seeing the count
 * the one before left, so no more than five are ever judged. `externallyRight` decides for codes
 * that are not ours (an authenticator app's); otherwise the code's HMAC is compared in SQL.
 */
export async function tryCode(
  db: Db,
  secrets: Secrets,
  target: CodeTarget,
  code: string,
  externallyRight?: boolean,
): Promise<CodeTry> {
  const owner = ownerOf(db, target);
  const live = db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(and(owner, eq(verificationCodes.purpose, target.purpose), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const isRight =
    externallyRight === undefined
      ? sql`${verificationCodes.codeHash} is not distinct from ${secrets.hashCode(code)}`
      : sql`${externallyRight}::boolean`;
  const [judged] = await db
    .update(verificationCodes)
    .set({
      attempts: sql`case when ${isRight} then ${verificationCodes.attempts} else ${verificationCodes.attempts} + 1 end`,
      consumedAt: sql`case when ${isRight} or ${verificationCodes.attempts} + 1 >= ${CODE_MAX_ATTEMPTS} then now() end`,
    })
    .where(
      and(
        sql`${verificationCodes.id} = (${live})`,
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, sql`now()`),
        lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS),
      ),
    )
    .returning();
  if (judged) {
    // Only a right code is used up with tries to spare: a wrong one either leaves the code live or
    // was the last try.
    if (judged.consumedAt !== null && judged.attempts < CODE_MAX_ATTEMPTS)
      return { outcome: "accepted", row: judged };
    const left = CODE_MAX_ATTEMPTS - judged.attempts;
    return left <= 0 ? { outcome: "exhausted" } : { outcome: "wrong", attemptsLeft: left };
  }
  // Nothing was judged: say why (this read only words the answer; the decision was made above).
  const row = await findPendingCode(db, target);
  if (!row) return { outcome: "none" };
  if (row.expiresAt <= new Date()) return { outcome: "expired" };
  return { outcome: "exhausted" };
}

/**
 * Checks a code and uses it up, answering why not as the API's errors: a wrong code says how many
 * tries are left, the fifth wrong one ends the code (429).
 */
export async function consumeCode(
  db: Db,
  secrets: Secrets,
  target: CodeTarget,
  code: string,
  externallyRight?: boolean,
): Promise<CodeRow> {
  const result = await tryCode(db, secrets, target, code, externallyRight);
  switch (result.outcome) {
    case "accepted":
      return result.row;
    case "wrong":
      throw codeError(
        `The code is not correct. ${result.attemptsLeft} ${result.attemptsLeft === 1 ? "try" : "tries"} left.`,
      );
    case "exhausted":
      throw tooManyWrong();
    case "expired":
      throw codeError("The code has expired. Ask for a new one.");
    case "none":
      throw codeError("No code is waiting to be checked. Ask for a new one.");
  }
}
