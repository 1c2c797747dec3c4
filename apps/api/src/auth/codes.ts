import { CODE_LENGTH, CODE_MAX_ATTEMPTS, CODE_RESEND_SECONDS, CODE_TTL_SECONDS } from "@vela/shared/auth";
import { and, desc, eq, gt, gte, isNull, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { authThrottles, users, verificationCodes } from "../db/schema/index";
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
  | "change_phone"
  | "withdrawal";
export type CodeChannel = "email" | "sms" | "totp";

export type CodeRow = typeof verificationCodes.$inferSelect;

const secondsBetween = (later: Date, earlier: Date) =>
  Math.ceil((later.getTime() - earlier.getTime()) / 1000);

/** Seconds until another code may be sent for this row (0 when it may be sent now). */
export const resendWaitSeconds = (row: Pick<CodeRow, "createdAt">, now = new Date()) =>
  Math.max(0, CODE_RESEND_SECONDS - secondsBetween(now, row.createdAt));

/** The resend slot of a user and purpose: a row of `auth_throttles`, one per pair. */
const slotKey = (userId: number, purpose: CodePurpose) =>
  ({ kind: `code_send:${purpose}`, subject: String(userId) }) as const;

/** A slot taken: when it was taken, exactly (the database's text), to give back only this claim. */
type SendSlot = { userId: number; purpose: CodePurpose; claimedAt: string };

/**
 * Takes the resend slot of a user and purpose before a code is sent, in one statement, or answers
 * the 429 of the resend wait. The slot is free when the last claim is 60 s old, or when the code it
 * sent has been stored and is no longer live (used, worn out by wrong tries, expired, or replaced by
 * an authenticator challenge), so a new login after a finished one is not kept waiting. A claim whose
 * code is not stored yet (the message is on its way) holds the slot: requests arriving together,
 * or while the gateway is waited on, get one message and 429s, however many there are.
 *
 * Under READ COMMITTED a request waiting on the slot's row lock re-checks the newest row but reads
 * the codes as of its own start; it is let through only on a code stored since the newest claim,
 * which it then also sees live or not as of that moment, so a stale read can only refuse.
 */
async function claimSendSlot(db: Db, userId: number, purpose: CodePurpose): Promise<SendSlot> {
  const key = slotKey(userId, purpose);
  const until = sql`now() + make_interval(secs => ${CODE_RESEND_SECONDS})`;
  const sentCodes = and(
    eq(verificationCodes.userId, userId),
    eq(verificationCodes.purpose, purpose),
    ne(verificationCodes.channel, "totp"),
  );
  const storedSinceClaim = db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(and(sentCodes, gte(verificationCodes.createdAt, authThrottles.updatedAt)));
  const live = db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(and(sentCodes, isNull(verificationCodes.consumedAt), gt(verificationCodes.expiresAt, sql`now()`)));
  const [claimed] = await db
    .insert(authThrottles)
    .values({ ...key, blockedUntil: sql`${until}` })
    .onConflictDoUpdate({
      target: [authThrottles.kind, authThrottles.subject],
      set: { blockedUntil: sql`${until}`, updatedAt: sql`now()` },
      setWhere: sql`${authThrottles.blockedUntil} is null or ${authThrottles.blockedUntil} <= now()
        or (exists (${storedSinceClaim}) and not exists (${live}))`,
    })
    .returning({ claimedAt: sql<string>`${authThrottles.updatedAt}::text` });
  if (claimed) return { userId, purpose, claimedAt: claimed.claimedAt };

  const [held] = await db
    .select({ blockedUntil: authThrottles.blockedUntil })
    .from(authThrottles)
    .where(and(eq(authThrottles.kind, key.kind), eq(authThrottles.subject, key.subject)));
  const wait = held?.blockedUntil
    ? Math.max(1, secondsBetween(held.blockedUntil, new Date()))
    : CODE_RESEND_SECONDS;
  throw new TooManyRequestsError(`Wait ${wait} seconds before asking for a new code.`, wait);
}

/** The send failed: frees the slot for an immediate retry, unless another claim has taken it since. */
async function releaseSendSlot(db: Db, slot: SendSlot) {
  const key = slotKey(slot.userId, slot.purpose);
  await db
    .update(authThrottles)
    .set({ blockedUntil: null })
    .where(
      and(
        eq(authThrottles.kind, key.kind),
        eq(authThrottles.subject, key.subject),
        sql`${authThrottles.updatedAt} = ${slot.claimedAt}::timestamptz`,
      ),
    );
}

/** Sends a fresh code once the slot is taken; a failed send gives the slot back and is rethrown. */
async function sendInSlot(
  db: Db,
  userId: number,
  purpose: CodePurpose,
  send: (code: string) => Promise<void>,
) {
  const slot = await claimSendSlot(db, userId, purpose);
  const code = randomCode(CODE_LENGTH);
  try {
    await send(code);
  } catch (error) {
    await releaseSendSlot(db, slot);
    throw error;
  }
  return code;
}

/**
 * The text whose HMAC is stored for a code bound to what it confirms (a withdrawal's quotation): the
 * same digits typed for anything else are a wrong code, and count as a wrong try.
 */
export const boundCode = (code: string, bind: string) => `${code}\n${bind}`;

type IssueInput = {
  userId: number;
  purpose: CodePurpose;
  destination: string | null;
  /** What the code confirms, when it confirms one thing only: checked with `boundCode(code, bind)`. */
  bind?: string;
  /** Hash of the token naming this step for a caller without a session (two-factor, reset). */
  challengeHash?: string;
  /**
   * Which earlier codes the new one ends: every live code of the user and purpose (the default), or
   * only the one of the same `challengeHash` (a withdrawal's code per quotation: a user may confirm
   * several withdrawals, each with its own code). The challenge is freed from any earlier row.
   */
  replaces?: "purpose" | "challenge";
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
 * The resend slot is taken first (`claimSendSlot`, one statement), then the code is sent, then it is
 * stored: requests arriving together send one message. A send that fails (a gateway or mail server
 * down, a number refused) gives the slot back and leaves the earlier code in force and nothing
 * pending, so the caller may try again at once. No transaction is held open while the network is
 * waited on.
 */
export async function issueCode(db: Db, secrets: Secrets, input: IssueInput) {
  const code =
    input.channel === "totp" ? null : await sendInSlot(db, input.userId, input.purpose, input.send);
  const expiresAt = new Date(Date.now() + CODE_TTL_SECONDS * 1000);
  const row = await db.transaction(async (tx) => {
    const sameChallenge = input.replaces === "challenge" && input.challengeHash !== undefined;
    await tx
      .update(verificationCodes)
      .set({ consumedAt: sql`coalesce(${verificationCodes.consumedAt}, now())`, challengeHash: null })
      .where(
        and(
          eq(verificationCodes.userId, input.userId),
          eq(verificationCodes.purpose, input.purpose),
          sameChallenge
            ? eq(verificationCodes.challengeHash, input.challengeHash!)
            : isNull(verificationCodes.consumedAt),
        ),
      );
    const [inserted] = await tx
      .insert(verificationCodes)
      .values({
        userId: input.userId,
        purpose: input.purpose,
        channel: input.channel,
        destination: input.destination,
        codeHash: code ? secrets.hashCode(input.bind ? boundCode(code, input.bind) : code) : null,
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
 * code, tries reset, after the resend wait. The slot is taken, the code sent, then stored, as
 * `issueCode` does: a failed send gives the slot back and leaves the challenge's code as it was.
 */
export async function reissueChallengeCode(
  db: Db,
  secrets: Secrets,
  row: CodeRow,
  channel: "email" | "sms",
  destination: string,
  send: (code: string) => Promise<void>,
) {
  if (row.userId === null || row.purpose !== "tfa_login") {
    throw new InvalidDataError({ code: ["This sign-in has ended. Sign in again."] });
  }
  const code = await sendInSlot(db, row.userId, "tfa_login", send);
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
