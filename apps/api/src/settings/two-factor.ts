import type { CodeSent, SecuritySettings, securitySettingsRequest, TotpSetup } from "@vela/shared/auth";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { codeDestination } from "../auth/accounts";
import { claimIpTry, settleTry } from "../auth/attempts";
import { findPendingCode, issueCode } from "../auth/codes";
import { sendCode } from "../auth/notifications";
import type { UserRow } from "../auth/sessions";
import { claimTry, lockedByThisTry, releaseTry } from "../auth/throttles";
import { acceptTotpCode, newTotpSetup, totpStepOf } from "../auth/totp";
import { users } from "../db/schema/index";
import { InvalidDataError } from "../http/errors";
import { assertPassword, consumeUserCode, freshCodeSent } from "./confirmation";
import { sendSecurityNotice } from "./notices";

type SecurityChange = z.infer<typeof securitySettingsRequest>;
type Confirmation = { password?: string | undefined; code?: string | undefined };

export function toSecuritySettings(user: UserRow): SecuritySettings {
  return {
    tfa_enabled: user.tfaEnabled,
    tfa_method: user.tfaEnabled ? user.tfaMethod : null,
    totp_configured: user.totpSecretEnc !== null,
    phone_verified: user.phoneVerifiedAt !== null,
    email: user.email,
    phone: user.phonePrefix && user.phoneNumber ? `${user.phonePrefix} ${user.phoneNumber}` : null,
  };
}

const WRONG_CODE = "The code is not correct.";

/**
 * An authenticator-app code has no row of ours to count tries on, so each one is counted against
 * the caller's IP (`claimIpTry`), which is refused once it has failed too often.
 */
function refuseAppCode(): never {
  throw new InvalidDataError({ code: [WRONG_CODE] });
}

/**
 * Whether a code from the app in use is right, and not one already accepted (a code is good once,
 * whether for a sign-in or for a change here).
 */
async function isAppCodeRight(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  sealedSecret: string,
  code: string,
) {
  const ipTry = await claimIpTry(app.db, "code", request.ip, user.email);
  const isRight =
    (await acceptTotpCode(app.db, user.id, app.secrets.decrypt(sealedSecret), code)) === "accepted";
  if (isRight) await settleTry(app.db, ipTry);
  return { isRight, ipTry };
}

/**
 * A security change (the second factor, the phone) is confirmed with the password or a
 * `security_change` code; with `acceptAppCode`, a code from the authenticator app in use also does.
 */
export async function assertConfirmed(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  { password, code }: Confirmation,
  acceptAppCode: boolean,
) {
  if (password !== undefined) return assertPassword(app, request, user, password);
  if (code === undefined) {
    throw new InvalidDataError({ password: ["Confirm with your password or with a code we send you."] });
  }
  // A code here stands in for the password, so wrong ones count toward the account's two-step
  // lock too: a stolen session cannot ask for code after code and guess.
  const claim = await claimTry(app.db, "tfa", `user:${user.id}`);
  try {
    await assertCodeConfirms(app, request, user, code, acceptAppCode);
  } catch (error) {
    if (claim.isLast) throw lockedByThisTry(claim);
    throw error;
  }
  await releaseTry(app.db, claim);
}

async function assertCodeConfirms(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  code: string,
  acceptAppCode: boolean,
) {
  const appSecret = acceptAppCode && user.tfaMethod === "totp" ? user.totpSecretEnc : null;
  if (appSecret) {
    // Either kind of code may come in: an app code first, then a code we sent, if one is waiting.
    const byApp = await isAppCodeRight(app, request, user, appSecret, code);
    if (byApp.isRight) return;
    const sent = await findPendingCode(app.db, { userId: user.id, purpose: "security_change" });
    if (!sent) return refuseAppCode();
    // The sent code's check counts this try itself.
    await settleTry(app.db, byApp.ipTry);
  }
  await consumeUserCode(app, request, user, "security_change", code);
}

async function sendConfirmationCode(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  channel: "email" | "sms",
): Promise<CodeSent> {
  const destination = codeDestination(user, channel);
  await issueCode(app.db, app.secrets, {
    userId: user.id,
    purpose: "security_change",
    channel,
    destination: destination.to,
    send: (code) => sendCode(app, channel, destination.to, "security_change", code, request.ctx.language),
  });
  return freshCodeSent(channel, destination.masked);
}

/** Starts authenticator set-up: the secret waits, sealed, until a code from the app confirms it. */
async function startTotpSetup(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  password: string,
): Promise<TotpSetup> {
  await assertPassword(app, request, user, password);
  const setup = await newTotpSetup(user.email);
  await app.db
    .update(users)
    .set({ totpPendingSecretEnc: app.secrets.encrypt(setup.secret), updatedAt: sql`now()` })
    .where(eq(users.id, user.id));
  return setup;
}

async function enable(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  change: Extract<SecurityChange, { action: "enable" }>,
): Promise<UserRow> {
  if (change.method === "totp") {
    const pendingSecret = user.totpPendingSecretEnc;
    if (!pendingSecret) throw new InvalidDataError({ method: ["Set up the authenticator app first."] });
    if (change.code === undefined) {
      throw new InvalidDataError({ code: ["Enter the code your authenticator app shows."] });
    }
    const ipTry = await claimIpTry(app.db, "code", request.ip, user.email);
    const step = totpStepOf(app.secrets.decrypt(pendingSecret), change.code);
    if (step === null) return refuseAppCode();
    await settleTry(app.db, ipTry);
    const [updated] = await app.db
      .update(users)
      .set({
        tfaEnabled: true,
        tfaMethod: "totp",
        totpSecretEnc: pendingSecret,
        totpPendingSecretEnc: null,
        // The code that confirmed the set-up cannot sign in as well.
        totpLastStep: step,
        updatedAt: sql`now()`,
      })
      // The secret the code was checked against must still be the one waiting (no newer set-up).
      .where(and(eq(users.id, user.id), eq(users.totpPendingSecretEnc, pendingSecret)))
      .returning();
    if (!updated) {
      throw new InvalidDataError({ code: ["The set-up was started again. Scan the new QR code."] });
    }
    return updated;
  }
  if (change.method === "sms" && !(user.phoneVerifiedAt && user.phonePrefix && user.phoneNumber)) {
    throw new InvalidDataError({ method: ["Verify your phone number before choosing SMS codes."] });
  }
  await assertConfirmed(app, request, user, change, false);
  return saveTwoFactor(app, user.id, change.method);
}

async function disable(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  change: Extract<SecurityChange, { action: "disable" }>,
): Promise<UserRow> {
  await assertConfirmed(app, request, user, change, true);
  return saveTwoFactor(app, user.id, null);
}

/**
 * Turns two-factor on with a code method (e-mail or SMS) or off (null); either way an authenticator
 * secret, no longer in use, is not kept.
 */
async function saveTwoFactor(
  app: FastifyInstance,
  userId: number,
  method: "email" | "sms" | null,
): Promise<UserRow> {
  const [updated] = await app.db
    .update(users)
    .set({
      tfaEnabled: method !== null,
      tfaMethod: method,
      totpSecretEnc: null,
      totpPendingSecretEnc: null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning();
  return updated!;
}

/** `PATCH /settings/security`: one of the four actions of `securitySettingsRequest`. */
export async function changeSecurity(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  change: SecurityChange,
): Promise<CodeSent | TotpSetup | SecuritySettings> {
  switch (change.action) {
    case "send_code":
      return sendConfirmationCode(app, request, user, change.channel);
    case "totp_setup":
      return startTotpSetup(app, request, user, change.password);
    case "enable": {
      const updated = await enable(app, request, user, change);
      await sendSecurityNotice(
        app,
        updated.email,
        { kind: "tfa_enabled", method: change.method },
        request.ctx.language,
      );
      return toSecuritySettings(updated);
    }
    case "disable": {
      // Already off: nothing to confirm, change or announce.
      if (!user.tfaEnabled) return toSecuritySettings(user);
      const updated = await disable(app, request, user, change);
      await sendSecurityNotice(app, updated.email, { kind: "tfa_disabled" }, request.ctx.language);
      return toSecuritySettings(updated);
    }
  }
}
