// A person's date of birth, checked the same way for the account's profile (apps/api account/profile.ts,
// which is the user's own sender) and for every sender (senders/service.ts).

/** Clients must be adults to hold an account that moves money. */
export const ADULT_AGE_YEARS = 18;
/** Older than this is a typing mistake, not a customer. */
const OLDEST_AGE_YEARS = 120;

function yearsAfter(date: Date, years: number): Date {
  const later = new Date(date);
  later.setUTCFullYear(date.getUTCFullYear() + years);
  return later;
}

/**
 * Why a date of birth (YYYY-MM-DD) is refused, or null when it is fine. Days are compared in UTC:
 * around midnight someone may turn 18 a few hours early or late, which no rule here depends on.
 */
export function dateOfBirthProblem(value: string, now = new Date()): string | null {
  const born = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(born.getTime()) || born.toISOString().slice(0, 10) !== value)
    return "Must be a real date.";
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (born >= today) return "Must be a date in the past.";
  if (yearsAfter(born, OLDEST_AGE_YEARS) <= today) return "Must be a real date of birth.";
  if (yearsAfter(born, ADULT_AGE_YEARS) > today) return `You must be at least ${ADULT_AGE_YEARS} years old.`;
  return null;
}
