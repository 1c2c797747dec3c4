import { and, eq, isNull, lt, or } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import type { Db } from "../db/client";
import { users } from "../db/schema/index";

const ISSUER = "Vela";

function totpFor(secretBase32: string, label: string) {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** A new authenticator secret with its otpauth:// URL and that URL as a QR code (PNG data URL). */
export async function newTotpSetup(label: string) {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const otpauthUrl = totpFor(secret, label).toString();
  const qrCode = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 });
  return { secret, otpauth_url: otpauthUrl, qr_code: qrCode };
}

const PERIOD_SECONDS = 30;

/**
 * The time step (unix seconds / 30) a code is right for, allowing one step of clock drift either
 * way, or null when it is wrong. The step is what makes a code single-use: see `acceptTotpCode`.
 */
export function totpStepOf(secretBase32: string, code: string, nowMs = Date.now()): number | null {
  const delta = totpFor(secretBase32, "check").validate({ token: code, window: 1, timestamp: nowMs });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}

/**
 * Accepts an authenticator code for a user once: the step it belongs to must be later than the last
 * one accepted, and becomes the last one in the same statement, so a code (or an older one) seen
 * again is refused even when two requests bring it at once. Answers whether it was accepted, and
 * why not.
 */
export async function acceptTotpCode(
  db: Db,
  userId: number,
  secretBase32: string,
  code: string,
): Promise<"accepted" | "wrong" | "used"> {
  const step = totpStepOf(secretBase32, code);
  if (step === null) return "wrong";
  const [claimed] = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return claimed ? "accepted" : "used";
}

/** The code an authenticator app shows now (tests use it as the user's phone would). */
export function currentTotpCode(secretBase32: string, nowMs = Date.now()): string {
  return totpFor(secretBase32, "check").generate({ timestamp: nowMs });
}
