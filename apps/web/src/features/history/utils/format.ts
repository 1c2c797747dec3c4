/** Amounts and rates: the one formatter's (spec §5), so every screen shows them alike. */
export { moneyText, rateText } from "@vela/shared/money";

/** A date and time in the page's language ("23 Nov 2026, 10:59"). */
export const dateTimeText = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

export const dateText = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(iso));
