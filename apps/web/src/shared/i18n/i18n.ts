import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "@vela/shared/api";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "./locales/en";

/** localStorage key that remembers the visitor's language between visits. */
export const LANGUAGE_STORAGE_KEY = "language";

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && LANGUAGES.some((language) => language === value);

const readStoredLanguage = (): Language | null => {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    // Storage can be disabled (private modes, strict cookie settings); the default then applies.
    return null;
  }
};

const detectBrowserLanguage = (): Language | null => {
  const preferred = globalThis.navigator?.languages ?? [];
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLanguage(base)) return base;
  }
  return null;
};

/** The language the visitor chose before, else the browser's, else English. */
export const initialLanguage = readStoredLanguage() ?? detectBrowserLanguage() ?? DEFAULT_LANGUAGE;

/**
 * The one i18next instance of the SPA. English ships in the entry bundle and initialises
 * synchronously; Spanish is its own small chunk, fetched by `loadLanguage` before it is shown
 * (main.tsx waits for it when the visitor's language is Spanish, so the first render is right).
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

const syncDocumentLanguage = (language: string) => {
  if (typeof document !== "undefined") document.documentElement.lang = language;
};
syncDocumentLanguage(DEFAULT_LANGUAGE);

i18n.on("languageChanged", syncDocumentLanguage);

const rememberLanguage = (language: Language) => {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembering the choice is acceptable; the page still switches language.
  }
};

/** The language the API should answer in (the `language` request header). */
export const currentLanguage = (): Language => {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
};

const LOADERS: Record<Language, () => Promise<typeof en>> = {
  en: async () => en,
  es: async () => (await import("./locales/es")).es,
};

/** Makes sure a language's copy is loaded, without switching to it. */
export const loadLanguage = async (language: Language): Promise<void> => {
  if (i18n.hasResourceBundle(language, "translation")) return;
  i18n.addResourceBundle(language, "translation", await LOADERS[language]());
};

/**
 * Loads the language if needed, then switches the whole SPA to it and sets `<html lang>`. A choice
 * the visitor made is remembered; the start-up switch to the detected language is not, so that a
 * visitor who never chose keeps following their browser's language.
 */
export const changeLanguage = async (
  language: Language,
  options: { remember?: boolean } = {},
): Promise<void> => {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  if (options.remember ?? true) rememberLanguage(language);
};
