import { AMOUNT_DIGITS_MAX, compareAmounts, isDecimalString, roundAmount } from "./decimal";
import { DISPLAY_DECIMALS_MAX, formatMoney, type MoneyLocale } from "./money";

/**
 * What a person types into an amount field, turned into a wire-format decimal string, and back:
 * the one place every amount input reads typed text. `amount` is the decimal string ("1234.5");
 * `amountText` is what the field shows ("1,234.50").
 *
 * The rule that matters: the decimal separator is never dropped and no typed digit moves. A
 * currency with fewer digits than were typed ("500000.7" in won, which has none) keeps the
 * typed fraction until the amount is completed, which then cuts it off towards zero (500000)
 * where the person can see it; reading the separator as nothing would make it 5000007, ten
 * times what was meant.
 */

const DECIMAL_SEPARATOR = { en: ".", es: "," } as const satisfies Record<MoneyLocale, string>;

/** How many decimals an amount field takes for a currency: its own digits, at most two (spec §5). */
export const inputDecimals = (currencyDecimals: number) => Math.min(currencyDecimals, DISPLAY_DECIMALS_MAX);

/**
 * Reads typed text as an amount. In English "," groups thousands and "." separates decimals; in
 * Spanish the reverse. Anything that is not a digit or the decimal separator is dropped and a
 * second separator is ignored. Every digit after the separator is kept, whatever the currency:
 * `completeAmount` decides what the currency can hold. Digits beyond AMOUNT_DIGITS_MAX are
 * refused (the field then shows what was kept). Returns "" for an empty field, and "12." or
 * ".5" half-typed.
 */
export const parseAmountText = (text: string, locale: MoneyLocale): string => {
  const separator = DECIMAL_SEPARATOR[locale];
  let integerDigits = "";
  let fractionDigits = "";
  let seenSeparator = false;
  let digitCount = 0;
  for (const character of text) {
    if (character >= "0" && character <= "9") {
      if (digitCount >= AMOUNT_DIGITS_MAX) continue;
      digitCount += 1;
      if (seenSeparator) fractionDigits += character;
      else integerDigits += character;
    } else if (character === separator && !seenSeparator) {
      seenSeparator = true;
    }
  }
  integerDigits = integerDigits.replace(/^0+(?=\d)/, "");
  if (!integerDigits && !seenSeparator) return "";
  return seenSeparator ? `${integerDigits || "0"}.${fractionDigits}` : integerDigits;
};

/** A half-typed amount ("12.", ".5", ".") as a plain decimal string, or "" when it holds no digit. */
const plainAmount = (amount: string): string => {
  if (!amount || amount === ".") return "";
  const withInteger = amount.startsWith(".") ? `0${amount}` : amount;
  return withInteger.endsWith(".") ? withInteger.slice(0, -1) : withInteger;
};

/**
 * Completes a typed amount to what the field takes for its currency: "12.5" → "12.50" in dollars,
 * "500000.7" → "500000" in won, "1.239" → "1.23" in dinars (two decimals at most, spec §5). Extra
 * digits are cut towards zero, the way the display rounds, so the amount used is never more than
 * what was typed. "" stays "".
 */
export const completeAmount = (amount: string, decimals: number): string => {
  const plain = plainAmount(amount);
  if (!isDecimalString(plain)) return "";
  return roundAmount(plain, inputDecimals(decimals), "truncate");
};

/**
 * Whether completing the typed amount changes its value (it carries more decimals than the
 * currency's field takes): "500000.7" in won, "12.345" in dollars. Trailing zeros change nothing.
 * The field then says which amount is used, so the cut is never silent.
 */
export const isCutOnCompletion = (amount: string, decimals: number): boolean => {
  const plain = plainAmount(amount);
  if (!isDecimalString(plain)) return false;
  return compareAmounts(plain, completeAmount(plain, decimals)) !== 0;
};

/** The amount as the field shows it while being edited: no grouping, the locale's separator. */
export const editableAmountText = (amount: string, locale: MoneyLocale): string =>
  locale === "es" ? amount.replace(".", ",") : amount;

/** The amount as shown when the field is not being edited: "1,234.50" (en) or "1.234,50" (es). */
export const displayAmountText = (amount: string, locale: MoneyLocale, decimals: number): string => {
  const completed = completeAmount(amount, decimals);
  return completed ? formatMoney(completed, { decimals: inputDecimals(decimals), locale }) : "";
};
