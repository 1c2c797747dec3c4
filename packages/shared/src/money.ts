import { assertCurrencyDecimals, fromMinor, roundAmount } from "./decimal";

/**
 * The one money formatter (spec §5: "Amounts are displayed with thousands separators and at
 * most 2 decimals"), and the spec's money constants (§9). Formatting happens only at the edge
 * of the UI: what goes over the wire and into the database stays a plain decimal string or
 * integer minor units (see decimal.ts).
 */

/** Spec §9: the send amount a new flow starts with. */
export const DEFAULT_SEND_AMOUNT = "100.00";

/** Spec §9: the send amount after the flow is reset; the spec writes it without decimals, so do we. */
export const RESET_SEND_AMOUNT = "100";

/** Spec §9: the fee text shown before a quotation exists, already formatted. */
export const DEFAULT_FEES_TEXT = "0.00 USD";

export type AmountLimits = { min: string; max: string };

/** Spec §5 and §9: the send and the receiving limits used when the API gives none. */
export const FALLBACK_LIMITS: Readonly<AmountLimits> = Object.freeze({ min: "10", max: "10000" });

/** Spec §5: never more than this many decimals on screen, whatever the currency's own digits. */
export const DISPLAY_DECIMALS_MAX = 2;

/** The languages we format numbers for. */
export const MONEY_LOCALES = ["en", "es"] as const;
export type MoneyLocale = (typeof MONEY_LOCALES)[number];

const SEPARATORS = {
  en: { group: ",", decimal: "." },
  es: { group: ".", decimal: "," },
} as const satisfies Record<MoneyLocale, { group: string; decimal: string }>;

export type FormatMoneyOptions = {
  /** Appended after a space, "1,234.56 USD", the shape of the spec's '0.00 USD'. */
  currencyIso?: string;
  /** The currency's ISO 4217 minor-unit digits; 2 when not given, the common case. */
  decimals?: number;
  /** Which separators to use; 'en' when not given, the language the spec fixes in its headers. */
  locale?: MoneyLocale;
};

/**
 * Formats a decimal string for people: "1234.5" → "1,234.50", with the ISO code after it when
 * given. A currency shows min(its digits, 2) decimals, always all of them: JPY shows none,
 * USD always two. A currency with 3 digits (KWD, BHD) loses its third digit by truncation
 * towards zero, never by rounding, so the figure on screen is never more than what is
 * actually paid or held (1.239 KWD shows as 1.23, not 1.24). The grouping is done on the
 * digits as text, so a 1e21-sized amount prints exactly. A malformed amount throws
 * InvalidAmountError: callers should only ever format amounts they have validated.
 */
export function formatMoney(amount: string, options: FormatMoneyOptions = {}): string {
  const decimals = options.decimals ?? 2;
  // Checked before capping at two, so a wrong digit count (2.5, 19) fails here rather than display.
  assertCurrencyDecimals(decimals);
  const separators = SEPARATORS[options.locale ?? "en"];
  const shown = roundAmount(amount, Math.min(decimals, DISPLAY_DECIMALS_MAX), "truncate");

  const negative = shown.startsWith("-");
  const [integerDigits = "0", fractionDigits] = (negative ? shown.slice(1) : shown).split(".");
  const grouped = groupThousands(integerDigits, separators.group);
  const number = `${negative ? "-" : ""}${grouped}${
    fractionDigits === undefined ? "" : `${separators.decimal}${fractionDigits}`
  }`;
  return options.currencyIso === undefined ? number : `${number} ${options.currencyIso}`;
}

/** formatMoney for integer minor units, as they come from the database: (123456n, 2) → "1,234.56". */
export function formatMinor(
  amountMinor: bigint,
  decimals: number,
  options: Omit<FormatMoneyOptions, "decimals"> = {},
): string {
  return formatMoney(fromMinor(amountMinor, decimals), { ...options, decimals });
}

/** "1234567" → "1,234,567": groups of three from the right. */
function groupThousands(digits: string, separator: string): string {
  const firstGroupLength = digits.length % 3 || 3;
  const groups = [digits.slice(0, firstGroupLength)];
  for (let start = firstGroupLength; start < digits.length; start += 3) {
    groups.push(digits.slice(start, start + 3));
  }
  return groups.join(separator);
}
