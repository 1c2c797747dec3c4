import type { Language } from "@vela/shared/api";
import type { resetPasswordRequest } from "@vela/shared/auth";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { z } from "zod";
import type { Db } from "../db/client";
import { users, verificationCodes } from "../db/schema/index";
import { InvalidDataError, TooManyRequestsError } from "../http/errors";
import {
  assertConfirmation,
  assertStrongPassword,
  codeDestination,
  findUserByEmail,
  findUserById,
  loginLockSubject,
} from "./accounts";
import { issueCode } from "./codes";
import { sendCode, sendNotice } from "./notifications";
import { hashPassword } from "./passwords";
import { hashToken, randomToken } from "./secrets";
import { revokeUserSessions, type UserRow } from "./sessions";
import { clearLock } from "./throttles";

/**
 * After a phone change, recovery codes go by e-mail only for this long: whoever holds a stolen
 * session and moved the phone to their own number must not get the account by SMS recovery.
 */
export const RECOVERY_SMS_PAUSE_SECONDS = 72 * 3600;

/** Whether a recovery code may go by SMS to this account's phone. */
export function canRecoverBySms(user: UserRow, now = new Date()): boolean {
  if (!user.phoneVerifiedAt || !user.phoneNumber) return false;
  if (!user.phoneChangedAt) return true;
  return now.getTime() - user.phoneChangedAt.getTime() >= RECOVERY_SMS_PAUSE_SECONDS * 1000;
}

/**
 * Sends a recovery code to the account behind an address, if there is one. Runs after the request
 * has been answered (the answer must not take longer for a real account), so it reports nothing:
 * an address without an account, or an SMS asked for that may not go by SMS (no verified phone, or
 * a phone changed lately), quietly becomes nothing, or an e-mail.
 */
export async function sendRecoveryCode(
  app: FastifyInstance,
  email: string,
  channelAsked: "email" | "sms",
  language: Language,
) {
  const found = await findUserByEmail(app.db, email);
  if (!found) return;
  const { user } = found;
  const channel = channelAsked === "sms" && canRecoverBySms(user) ? "sms" : "email";
  const destination = codeDestination(user, channel);
  try {
    await issueCode(app.db, app.secrets, {
      userId: user.id,
      purpose: "password_reset",
      channel,
      destination: destination.to,
      send: (code) => sendCode(app, channel, destination.to, "password_reset", code, language),
    });
  } catch (error) {
    // The per-address wait already spaced the requests; a code younger than it is still good.
    if (error instanceof TooManyRequestsError) return;
    throw error;
  }
}

/** How long a validated password-reset code stays good for choosing the new password. */
const RESET_TOKEN_SECONDS = 900;

/** The recovery code is spent: a reset token (a new challenge, not a code) carries the step forward. */
export async function issueResetToken(db: Db, userId: number): Promise<string> {
  const resetToken = randomToken("vpr_");
  await db.insert(verificationCodes).values({
    userId,
    purpose: "password_reset_token",
    channel: "email",
    destination: null,
    challengeHash: hashToken(resetToken),
    expiresAt: new Date(Date.now() + RESET_TOKEN_SECONDS * 1000),
  });
  return resetToken;
}

/** Sets a new password with a reset token and ends every session of the account. */
export async function resetPassword(
  app: FastifyInstance,
  body: z.infer<typeof resetPasswordRequest>,
  log: FastifyBaseLogger,
): Promise<void> {
  const { reset_token, password, password_confirmation } = body;
  assertConfirmation(password, password_confirmation);
  const [pending] = await app.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.challengeHash, hashToken(reset_token)),
        eq(verificationCodes.purpose, "password_reset_token"),
        isNull(verificationCodes.consumedAt),
      ),
    );
  if (!pending?.userId || pending.expiresAt <= new Date()) {
    throw new InvalidDataError({ reset_token: ["This reset link has expired. Ask for a new code."] });
  }
  const { user } = await findUserById(app.db, pending.userId);
  assertStrongPassword(password, [user.email.split("@")[0] ?? "", user.firstName, user.lastName]);
  const passwordHash = await hashPassword(password);
  await app.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(verificationCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(verificationCodes.id, pending.id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    if (!spent) throw new InvalidDataError({ reset_token: ["This reset link was already used."] });
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, "password_reset");
    // The owner is back: a lock set by someone guessing the old password ends.
    await clearLock(tx, "login", loginLockSubject(app.secrets, user.email));
  });
  // The reset is committed: a mail server failure must not answer as if it had not happened.
  await sendNotice(
    app,
    user.email,
    "Your Vela password was changed",
    "Your password was reset and every device was signed out. If this was not you, contact us at once.",
  ).catch((error: unknown) => log.error({ err: error }, "security notice not sent"));
}
