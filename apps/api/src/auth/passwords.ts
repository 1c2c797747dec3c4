import { dictionary } from "@zxcvbn-ts/language-common";
import argon2 from "argon2";

/**
 * Common passwords from zxcvbn-ts's list (tens of thousands of leaked passwords), compared
 * case-insensitively. Only those long enough to pass the length rule matter.
 */
const COMMON_PASSWORDS = new Set(
  (dictionary["passwords-common"] as string[])
    .filter((password) => password.length >= 8)
    .map((password) => password.toLowerCase()),
);

/** OWASP's argon2id baseline: 19 MiB of memory, two passes. */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, HASH_OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when the account does not exist, so a wrong e-mail takes as long as a
 * wrong password and the timing does not reveal which accounts exist.
 */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = () => {
  decoyHash ??= hashPassword("decoy-password-for-unknown-accounts");
  return decoyHash;
};

/** Lower case without accents, so "García" is found in "garcia2026". */
const foldCase = (value: string) => value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** Why a new password is refused, beyond its length (checked by the schema); null when it is fine. */
export function weakPasswordReason(password: string, personal: string[] = []): string | null {
  const lower = foldCase(password);
  if (COMMON_PASSWORDS.has(lower)) return "This password is too common. Choose a less predictable one.";
  if (/^(.)\1+$/.test(password)) return "This password is too easy to guess. Choose a less predictable one.";
  const tokens = personal.map((value) => foldCase(value.trim())).filter((value) => value.length >= 4);
  if (tokens.some((token) => lower.includes(token)))
    return "The password must not contain your name or e-mail address.";
  return null;
}
