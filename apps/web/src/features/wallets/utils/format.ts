/** Amounts ("1,234.50 USD") and rates in the page's language: the one formatter's (spec §5). */
export { moneyText, rateText } from "@vela/shared/money";

/** A day in the page's language ("23 Nov 2026"). */
export const dateText = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(iso));

/** A date and time in the page's language ("23 Nov 2026, 10:59"). */
export const dateTimeText = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
