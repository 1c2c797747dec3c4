/** Amounts ("1,234.50 USD") and rates in the page's language: the one formatter's (spec §5). */
export { moneyText, rateText } from "@vela/shared/money";

/** A day in the page's language ("23 Nov 2026"). */
export const dateText = (iso: string, language: string) => {
  const date = new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(date);
};

/** A date and time in the page's language. */
export const dateTimeText = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
