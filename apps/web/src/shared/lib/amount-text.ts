import { roundAmount } from "@vela/shared/decimal";
import { DISPLAY_DECIMALS_MAX, formatMoney, type MoneyLocale } from "@vela/shared/money";

/**
 * What a person types into an amount field, turned into a wire-format decimal string, and back.
 * `amount` is the decimal string ("1234.5"); `amountText` is what the field shows.
 */

const DECIMAL_SEPARATOR = { en: ".", es: "," } as const satisfies Record<MoneyLocale, string>;

/** How many decimals a person may type for a currency: its own digits, at most two (spec §5). */
export const inputDecimals = (currencyDecimals: number) => Math.min(currencyDecimals, DISPLAY_DECIMALS_MAX);

/**
 * Reads typed text as an amount. In English "," groups thousands and "." separates decimals; in
 * Spanish the reverse. Anything that is not a digit or the decimal separator is dropped, a second
 * separator is ignored, and decimals beyond what the currency allows are cut off as typed.
 * Returns "" for an empty field.
 */
export const parseAmountText = (text: string, locale: MoneyLocale, decimals: number): string => {
  const separator = DECIMAL_SEPARATOR[locale];
  let integerDigits = "";
  let fractionDigits = "";
  let seenSeparator = false;
  for (const character of text) {
    if (character >= "0" && character <= "9") {
      if (seenSeparator) fractionDigits += character;
      else integerDigits += character;
    } else if (character === separator && !seenSeparator && decimals > 0) {
      seenSeparator = true;
    }
  }
  integerDigits = integerDigits.replace(/^0+(?=\d)/, "");
  fractionDigits = fractionDigits.slice(0, decimals);
  if (!integerDigits && !seenSeparator) return "";
  return seenSeparator ? `${integerDigits || "0"}.${fractionDigits}` : integerDigits;
};

/** The amount as the field shows it while being edited: no grouping, the locale's separator. */
export const editableAmountText = (amount: string, locale: MoneyLocale): string =>
  locale === "es" ? amount.replace(".", ",") : amount;

/** Completes a typed amount to the currency's digits once the field is left: "12.5" → "12.50". */
export const completeAmount = (amount: string, decimals: number): string => {
  if (!amount || amount === ".") return "";
  const withInteger = amount.startsWith(".") ? `0${amount}` : amount;
  const withFraction = withInteger.endsWith(".") ? withInteger.slice(0, -1) : withInteger;
  return roundAmount(withFraction, inputDecimals(decimals), "truncate");
};

/** The amount as shown when the field is not being edited: "1,234.50" (en) or "1.234,50" (es). */
export const displayAmountText = (amount: string, locale: MoneyLocale, decimals: number): string =>
  amount ? formatMoney(amount, { decimals, locale }) : "";
