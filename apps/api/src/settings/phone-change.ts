import type { CodeSent, PhoneSettings } from "@vela/shared/auth";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { issueCode } from "../auth/codes";
import { maskPhone } from "../auth/masking";
import { sendCode } from "../auth/notifications";
import { isPhoneVerifiedElsewhere, PHONE_TAKEN } from "../auth/phone-ownership";
import type { UserRow } from "../auth/sessions";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { users } from "../db/schema/index";
import { ConflictError, InvalidDataError } from "../http/errors";
import { consumeUserCode, freshCodeSent } from "./confirmation";
import { sendPhoneReplacedSms, sendSecurityNotice } from "./notices";
import { assertConfirmed } from "./two-factor";

type PhoneNumber = { phone_prefix: string; phone_number: string };

/** "+52 5512345678": how a number reads on screen. */
const displayPhone = (prefix: string, number: string) => `${prefix} ${number}`;
/** "+525512345678": where an SMS goes (the form codeDestination uses too). */
const smsAddress = (prefix: string, number: string) => `${prefix}${number}`;

function pendingPhoneOf(user: UserRow): PhoneNumber | null {
  if (!user.pendingPhonePrefix || !user.pendingPhoneNumber) return null;
  return { phone_prefix: user.pendingPhonePrefix, phone_number: user.pendingPhoneNumber };
}

export function toPhoneSettings(user: UserRow): PhoneSettings {
  const pending = pendingPhoneOf(user);
  return {
    phone_prefix: user.phonePrefix,
    phone_number: user.phoneNumber,
    phone_verified: user.phoneVerifiedAt !== null,
    pending_phone: pending ? displayPhone(pending.phone_prefix, pending.phone_number) : null,
  };
}

/** Checked when a number is chosen and again when it is confirmed. */
async function assertPhoneFree(db: Db, userId: number, phone: PhoneNumber) {
  if (await isPhoneVerifiedElsewhere(db, userId, phone)) {
    throw new ConflictError(PHONE_TAKEN, { phone_number: [PHONE_TAKEN] });
  }
}

/** Issues a code of `purpose` for `phone` and texts it; `alsoWrite` commits with the code or not at all. */
async function sendPhoneCode(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: number,
  purpose: "verify_phone" | "change_phone",
  phone: PhoneNumber,
  alsoWrite?: (tx: Db) => Promise<void>,
): Promise<CodeSent> {
  const to = smsAddress(phone.phone_prefix, phone.phone_number);
  // The code and whatever it confirms are written together once the SMS has gone out, so a refused
  // code (the resend wait) or an unsent one (the gateway down) leaves nothing behind.
  await issueCode(app.db, app.secrets, {
    userId,
    purpose,
    channel: "sms",
    destination: to,
    send: (code) => sendCode(app, "sms", to, purpose, code, request.ctx.language),
    ...(alsoWrite ? { alsoWrite } : {}),
  });
  return freshCodeSent("sms", maskPhone(phone.phone_prefix, phone.phone_number));
}

/**
 * `POST /profile/change-phone`: with the password (or a code), keeps the new number aside and texts
 * it a code; the current number stays in force until `PUT /settings/phone-settings/verify-phone`
 * confirms the new one.
 */
export async function startPhoneChange(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  { password, code, ...phone }: PhoneNumber & { password?: string | undefined; code?: string | undefined },
): Promise<CodeSent> {
  // The phone receives codes and can recover the account: a stolen session alone must not move it.
  await assertConfirmed(app, request, user, { password, code }, true);
  if (user.phonePrefix === phone.phone_prefix && user.phoneNumber === phone.phone_number) {
    throw new InvalidDataError({ phone_number: ["This is already your phone number."] });
  }
  await assertPhoneFree(app.db, user.id, phone);
  return sendPhoneCode(app, request, user.id, "change_phone", phone, async (tx) => {
    await tx
      .update(users)
      .set({
        pendingPhonePrefix: phone.phone_prefix,
        pendingPhoneNumber: phone.phone_number,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id));
  });
}

function currentPhoneOf(user: UserRow): PhoneNumber {
  if (!user.phonePrefix || !user.phoneNumber) {
    throw new InvalidDataError({ phone_number: ["Add a phone number first."] });
  }
  return { phone_prefix: user.phonePrefix, phone_number: user.phoneNumber };
}

const ALREADY_VERIFIED = "Your phone number is already verified.";

/**
 * `POST /settings/phone-settings/send-code`: a new code for the change waiting to be confirmed,
 * otherwise for verifying the current number.
 */
export async function sendPhoneSettingsCode(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
): Promise<CodeSent> {
  const pending = pendingPhoneOf(user);
  if (pending) return sendPhoneCode(app, request, user.id, "change_phone", pending);
  const current = currentPhoneOf(user);
  if (user.phoneVerifiedAt) throw new InvalidDataError({ phone_number: [ALREADY_VERIFIED] });
  return sendPhoneCode(app, request, user.id, "verify_phone", current);
}

const codeError = (message: string) => new InvalidDataError({ code: [message] });

/**
 * `PUT /settings/phone-settings/verify-phone`: with a change waiting, the code replaces the number
 * (and the owner's e-mail is told); otherwise it verifies the current number.
 */
export async function verifyPhone(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  code: string,
): Promise<PhoneSettings> {
  const pending = pendingPhoneOf(user);
  const phone = pending ?? currentPhoneOf(user);
  if (!pending && user.phoneVerifiedAt) throw new InvalidDataError({ phone_number: [ALREADY_VERIFIED] });
  // Checked before the code is spent, so a refused number does not cost the user their code.
  await assertPhoneFree(app.db, user.id, phone);

  const purpose = pending ? "change_phone" : "verify_phone";
  const row = await consumeUserCode(app, request, user, purpose, code);
  if (row.destination !== null && row.destination !== smsAddress(phone.phone_prefix, phone.phone_number)) {
    throw codeError("This code was sent to another number. Ask for a new one.");
  }

  let updated: UserRow | undefined;
  try {
    updated = await app.db.transaction(async (tx) => {
      await assertPhoneFree(tx, user.id, phone);
      // The row must still hold the number the code was for: a change started meanwhile wins.
      const [row] = await tx
        .update(users)
        .set({
          phonePrefix: phone.phone_prefix,
          phoneNumber: phone.phone_number,
          phoneVerifiedAt: sql`now()`,
          pendingPhonePrefix: null,
          pendingPhoneNumber: null,
          // Recovery by SMS waits a while after a change (RECOVERY_SMS_PAUSE_SECONDS).
          ...(pending ? { phoneChangedAt: sql`now()` } : {}),
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(users.id, user.id),
            pending
              ? and(
                  eq(users.pendingPhonePrefix, phone.phone_prefix),
                  eq(users.pendingPhoneNumber, phone.phone_number),
                )
              : and(eq(users.phonePrefix, phone.phone_prefix), eq(users.phoneNumber, phone.phone_number)),
          ),
        )
        .returning();
      return row;
    });
  } catch (error) {
    // Another account verified the number between the check and the write (the unique index).
    if (isUniqueViolation(error)) throw new ConflictError(PHONE_TAKEN, { phone_number: [PHONE_TAKEN] });
    throw error;
  }
  if (!updated) throw codeError("Your phone number changed meanwhile. Ask for a new code.");
  if (pending) {
    await sendSecurityNotice(
      app,
      updated.email,
      { kind: "phone_changed", newPhone: displayPhone(phone.phone_prefix, phone.phone_number) },
      request.ctx.language,
    );
    // The number left behind is told too, when it was the owner's (verified).
    if (user.phoneVerifiedAt && user.phonePrefix && user.phoneNumber) {
      await sendPhoneReplacedSms(
        app,
        smsAddress(user.phonePrefix, user.phoneNumber),
        maskPhone(phone.phone_prefix, phone.phone_number),
        request.ctx.language,
      );
    }
  }
  return toPhoneSettings(updated);
}
