import * as OTPAuth from "otpauth";
import QRCode from "qrcode";

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

/** Whether a code is right for the secret now, allowing one 30-second step of clock drift. */
export function isTotpCodeValid(secretBase32: string, code: string): boolean {
  return totpFor(secretBase32, "check").validate({ token: code, window: 1 }) !== null;
}

/** The code an authenticator app shows now (tests use it as the user's phone would). */
export function currentTotpCode(secretBase32: string): string {
  return totpFor(secretBase32, "check").generate();
}
