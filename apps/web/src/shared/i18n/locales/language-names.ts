/** Each language's name in itself: the same in every locale, whatever the page's language. */
export const LANGUAGE_NAMES = {
  en: "English",
  es: "Español",
  enShort: "EN",
  esShort: "ES",
} as const;
