import { roundAmount } from "@vela/shared/decimal";
import { formatMoney, type MoneyLocale } from "@vela/shared/money";

/** Decimals a rate shows: enough to tell rates apart, few enough to read ("20.2224"). */
export const RATE_DISPLAY_DECIMALS = 4;

const DECIMAL_SEPARATOR = { en: ".", es: "," } as const satisfies Record<MoneyLocale, string>;

/**
 * A customer rate for people: "1 USD = 20.2224 MXN". The rate is cut (never rounded up) to four
 * decimals, so the figure shown is never better than the one priced; the whole part is grouped by
 * the one money formatter, so large rates read "1 USD = 15,712.3456 IDR".
 */
export const formatRate = (rate: string, fromIso: string, toIso: string, locale: MoneyLocale): string => {
  const [integerDigits = "0", fractionDigits = ""] = roundAmount(
    rate,
    RATE_DISPLAY_DECIMALS,
    "truncate",
  ).split(".");
  const number = `${formatMoney(integerDigits, { decimals: 0, locale })}${DECIMAL_SEPARATOR[locale]}${fractionDigits}`;
  return `1 ${fromIso} = ${number} ${toIso}`;
};
