import { CODE_RESEND_SECONDS, CODE_TTL_SECONDS, type CodeSent } from "@vela/shared/auth";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { loginLockSubject } from "../auth/accounts";
import { claimIpTry, settleTry } from "../auth/attempts";
import { type CodePurpose, type CodeRow, consumeCode } from "../auth/codes";
import { verifyPassword } from "../auth/passwords";
import type { UserRow } from "../auth/sessions";
import { claimTry, lockedByThisTry, releaseTry } from "../auth/throttles";
import { InvalidDataError } from "../http/errors";

const WRONG_PASSWORD = "The password is not correct.";

/**
 * Checks the password a signed-in user typed to confirm a change. A stolen access token must not
 * become a way to guess the password (and then take the account), so each check counts as a
 * login attempt from the caller's IP and is refused once that IP has failed too often, and counts
 * toward the account's login lock (five wrong passwords in a row, here or at sign-in).
 */
export async function assertPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  password: string,
  field = "password",
) {
  const ipTry = await claimIpTry(app.db, "login", request.ip, user.email);
  const claim = await claimTry(app.db, "login", loginLockSubject(app.secrets, user.email));
  const isRight = await verifyPassword(user.passwordHash, password);
  if (!isRight) {
    if (claim.isLast) throw lockedByThisTry(claim);
    throw new InvalidDataError({ [field]: [WRONG_PASSWORD] });
  }
  await settleTry(app.db, ipTry);
  await releaseTry(app.db, claim);
}

/** The answer of a route that has just sent a fresh code. */
export const freshCodeSent = (channel: "email" | "sms", maskedDestination: string): CodeSent => ({
  channel,
  destination: maskedDestination,
  seconds: CODE_RESEND_SECONDS,
  expires_in: CODE_TTL_SECONDS,
});

/**
 * Checks and uses up one of the user's codes. Each code allows five tries; wrong ones also count
 * against the caller's IP, so many codes cannot be tried from one place.
 */
export async function consumeUserCode(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  purpose: CodePurpose,
  code: string,
): Promise<CodeRow> {
  const ipTry = await claimIpTry(app.db, "code", request.ip, user.email);
  const row = await consumeCode(app.db, app.secrets, { userId: user.id, purpose }, code);
  await settleTry(app.db, ipTry);
  return row;
}
