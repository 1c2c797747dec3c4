/** The Luhn check every card number passes (a typo in one digit fails it). */
export const isLuhnValid = (digits: string): boolean => {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

/**
 * "MM/YY" or "MM/YYYY" (spaces allowed) as a month and a four-digit year; null when it is not a
 * date, or the month has already ended.
 */
export const parseExpiry = (value: string, now = new Date()): { month: number; year: number } | null => {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  const endsAfterNow =
    year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
  return endsAfterNow ? { month, year } : null;
};
