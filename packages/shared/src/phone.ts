import { isValidPhoneNumber } from "libphonenumber-js";
import type { z } from "zod";

/**
 * The one phone-number rule, shared so the SPA's forms and the API refuse the same numbers: a
 * prefix and national number are valid together when libphonenumber-js (Google's numbering plan
 * data) knows a country with that calling code whose plan has such a number. So "+999 5551234567"
 * (no such calling code) and "+1 1234" (too short for the North American plan) are refused.
 */
export const PHONE_INVALID_MESSAGE = "Must be a valid phone number for the country of its prefix.";

/** Whether "+52" and "5512345678" make a real, diallable number. */
export function isValidPhone(prefix: string, nationalNumber: string): boolean {
  return isValidE164(`${prefix}${nationalNumber}`);
}

/** Whether "+525512345678" is a real, diallable number (what an SMS gateway checks). */
export function isValidE164(number: string): boolean {
  return /^\+\d{2,16}$/.test(number) && isValidPhoneNumber(number);
}

/**
 * A zod refinement for an object with `phone_prefix` and `phone_number`: an invalid pair is an
 * error on `phone_number`, where the form shows it.
 */
export function refinePhoneNumber(
  value: { phone_prefix: string; phone_number: string },
  context: z.RefinementCtx,
): void {
  // A prefix or number malformed on its own already has its field's message (zod runs this
  // refinement even then); the plan is checked only for a well-shaped pair.
  const { phone_prefix: prefix, phone_number: number } = value;
  if (typeof prefix !== "string" || typeof number !== "string") return;
  if (!/^\+\d{1,4}$/.test(prefix) || !/^\d{4,15}$/.test(number)) return;
  if (!isValidPhone(prefix, number)) {
    context.addIssue({ code: "custom", path: ["phone_number"], message: PHONE_INVALID_MESSAGE });
  }
}
