/**
 * The one date formatter, beside money.ts's money formatter: every screen, the receipt PDF and the
 * e-mails show dates through these. Dates travel as ISO 8601 text ("2026-11-23T10:59:00.000Z", or a
 * calendar day "2026-11-23"); like money, they are formatted only at the edge.
 */

/** A calendar day without a time ("2026-11-23"): it names a day, not an instant. */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The instant an ISO text names, or null when it names none. A calendar day is read at noon UTC,
 * so it shows as that same day in every time zone from UTC−12 to UTC+11.
 */
const instantOf = (iso: string): Date | null => {
  const date = new Date(CALENDAR_DAY.test(iso) ? `${iso}T12:00:00Z` : iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A day in the page's language: "23 Nov 2026", "23 nov 2026". Text that is no date shows as it came. */
export const dateText = (iso: string, language: string): string => {
  const date = instantOf(iso);
  return date ? new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(date) : iso;
};

/** A date and time in the page's language: "23 Nov 2026, 10:59". Text that is no date shows as it came. */
export const dateTimeText = (iso: string, language: string): string => {
  const date = instantOf(iso);
  return date
    ? new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(date)
    : iso;
};

/** A calendar day as a chart's axis shows it: "23 Nov", "23 nov". */
export const dayMonthText = (day: string, language: string): string =>
  new Intl.DateTimeFormat(language, { day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * A date and time in UTC, the same in every language: "2026-11-23 10:59 UTC". For documents read
 * away from the page (the receipt PDF), where the reader's time zone is unknown.
 */
export const utcDateTimeText = (iso: string): string =>
  `${new Date(iso).toISOString().replace("T", " ").slice(0, 16)} UTC`;
