import { type CountryCode, isValidPhoneNumber, parsePhoneNumberFromString } from "libphonenumber-js";
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

/**
 * A phone number as typed ("+52 55 1234 5678", "(202) 555-0142", "0044 20 7946 0958") split into
 * its calling-code prefix and national number, the way accounts store it ("+52", "5512345678"), or
 * null when it is not a real number. A number without "+" or "00" is read as one of
 * `defaultCountry` (ISO 3166 alpha-2) when given, and refused otherwise. A number typed with its
 * country code is read by that code whatever `defaultCountry` says.
 */
export function splitPhone(
  text: string,
  defaultCountry?: string | null,
): { prefix: string; nationalNumber: string; e164: string; country: string | null } | null {
  const compact = text.trim().replace(/^00/, "+");
  if (!/^\+?[\d\s().-]{4,24}$/.test(compact)) return null;
  const country = !compact.startsWith("+") && defaultCountry ? (defaultCountry as CountryCode) : undefined;
  if (!compact.startsWith("+") && !country) return null;
  const parsed = parsePhoneNumberFromString(compact, country);
  if (!parsed?.isValid()) return null;
  return {
    prefix: `+${parsed.countryCallingCode}`,
    nationalNumber: parsed.nationalNumber,
    e164: parsed.number,
    // The country the number belongs to (ISO alpha-2), when its calling code and digits say it.
    country: parsed.country ?? null,
  };
}
