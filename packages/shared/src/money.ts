import { assertCurrencyDecimals, countDecimals, fromMinor, roundAmount } from "./decimal";

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

/**
 * An amount as the API writes it, in its currency's own digits ("1260.10" USD, "1500" JPY), for
 * people: "1,260.10 USD", "1.500 JPY" in Spanish. The screens' one way to show an amount. The
 * digits are read from the amount: none means a currency without decimals; any (even "1260.1")
 * means the two a currency with decimals always shows.
 */
export function moneyText(amount: string, currencyIso: string, locale: MoneyLocale = "en"): string {
  const decimals = countDecimals(amount) === 0 ? 0 : DISPLAY_DECIMALS_MAX;
  return formatMoney(amount, { currencyIso, decimals, locale });
}

/** Decimals a rate of 1 or more shows ("1 USD = 17.2512 MXN"). */
export const RATE_DECIMALS_SHOWN = 4;
/** Never more decimals than this, however small the rate. */
export const RATE_DECIMALS_SHOWN_MAX = 6;
/** Decimals a rate keeps after its trailing zeros are trimmed ("1.10", never "1.1"). */
const RATE_DECIMALS_SHOWN_MIN = 2;

/**
 * The one rule for showing an exchange rate: "1 USD = 17.2512 MXN".
 * - A rate of 1 or more shows 4 decimals (at least 5 significant digits); a rate under 1 shows
 *   4 significant digits ("1 JPY = 0.006543 USD"), but never more than 6 decimals.
 * - Cut towards zero, never rounded up, so the rate shown is never better than the one priced.
 * - Trailing zeros are trimmed down to 2 decimals: the API's "0.50000000" reads "0.50".
 * - The whole part is grouped like money ("1 USD = 15,712.3456 IDR", "15.712,3456" in Spanish).
 * - Nothing was converted between one currency and itself: null, so no rate line is shown.
 */
export function rateText(
  fromIso: string,
  toIso: string,
  rate: string,
  locale: MoneyLocale = "en",
): string | null {
  if (fromIso === toIso) return null;
  const [wholeDigits = "0", fractionDigits = ""] = roundAmount(
    rate,
    RATE_DECIMALS_SHOWN_MAX,
    "truncate",
  ).split(".");
  const leadingZeros = wholeDigits === "0" ? (fractionDigits.match(/^0*/)?.[0].length ?? 0) : 0;
  const decimals =
    wholeDigits === "0"
      ? Math.min(leadingZeros + RATE_DECIMALS_SHOWN, RATE_DECIMALS_SHOWN_MAX)
      : RATE_DECIMALS_SHOWN;
  let shown = fractionDigits.slice(0, decimals);
  while (shown.length > RATE_DECIMALS_SHOWN_MIN && shown.endsWith("0")) shown = shown.slice(0, -1);
  const whole = formatMoney(wholeDigits, { decimals: 0, locale });
  return `1 ${fromIso} = ${whole}${SEPARATORS[locale].decimal}${shown} ${toIso}`;
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
