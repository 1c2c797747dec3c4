import { formatMoney, type MoneyLocale } from "@vela/shared/money";

/** The digits an amount was given with ("100.00" → 2, "1500" → 0): the API writes its currency's. */
const decimalsOf = (amount: string) => Math.min(amount.split(".")[1]?.length ?? 0, 2);

/** "1,234.50 USD" in the page's language, with the digits the API wrote. */
export const moneyText = (amount: string, currencyIso: string, locale: MoneyLocale) =>
  formatMoney(amount, { currencyIso, decimals: decimalsOf(amount), locale });

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
