import { formatMoney, type MoneyLocale } from "@vela/shared/money";

/** "1,234.50 USD" in the page's language. */
export const moneyText = (amount: string, currencyIso: string, locale: MoneyLocale) =>
  formatMoney(amount, { currencyIso, locale });

/** A date and time in the page's language ("23 Nov 2026, 10:59"). */
export const dateTimeText = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

export const dateText = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(iso));

/** "1 USD = 17.25 MXN", the rate as priced. */
export const rateText = (rate: string, fromIso: string, toIso: string, locale: MoneyLocale) => {
  const [whole = "0", fraction] = rate.split(".");
  const grouped = formatMoney(whole, { decimals: 0, locale });
  return `1 ${fromIso} = ${fraction ? `${grouped}${locale === "es" ? "," : "."}${fraction}` : grouped} ${toIso}`;
};
