import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
} from "node:crypto";
import type { Config } from "../config";

/**
 * Stands in for APP_SECRET outside production (config refuses to start production without one),
 * so a new clone runs with no configuration. Codes and authenticator secrets made under it are
 * worthless anywhere else.
 */
const DEVELOPMENT_SECRET = "vela-development-secret-not-for-production-use";

export type Secrets = {
  /** HMAC of a short code, keyed so a leaked table cannot be brute-forced offline. */
  hashCode: (code: string) => string;
  encrypt: (plain: string) => string;
  decrypt: (sealed: string) => string;
};

/** A random opaque token: 32 bytes, URL-safe, with a prefix naming its kind ("vat_", "vrt_"). */
export function randomToken(prefix: string): string {
  return `${prefix}${randomBytes(32).toString("base64url")}`;
}

/** Tokens are 256-bit random values, so a plain SHA-256 is enough to store them safely. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A numeric one-time code with leading zeros kept: "004213". */
export function randomCode(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, "0");
}

export function createSecrets(config: Pick<Config, "APP_SECRET">): Secrets {
  const secret = config.APP_SECRET ?? DEVELOPMENT_SECRET;
  const hmacKey = createHash("sha256").update(`hmac:${secret}`).digest();
  const encryptionKey = createHash("sha256").update(`aes:${secret}`).digest();
  return {
    hashCode: (code) => createHmac("sha256", hmacKey).update(code).digest("hex"),
    encrypt: (plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", encryptionKey, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
    },
    decrypt: (sealed) => {
      const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
      if (!iv || !tag || !body) throw new Error("Malformed sealed value");
      const decipher = createDecipheriv("aes-256-gcm", encryptionKey, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
    },
  };
}
