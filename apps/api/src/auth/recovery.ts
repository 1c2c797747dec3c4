import type { Language } from "@vela/shared/api";
import type { FastifyInstance } from "fastify";
import { TooManyRequestsError } from "../http/errors";
import { codeDestination, findUserByEmail } from "./accounts";
import { issueCode } from "./codes";
import { sendCode } from "./notifications";
import type { UserRow } from "./sessions";

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
