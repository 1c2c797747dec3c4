import type { Language } from "@vela/shared/api";
import { useTranslation } from "react-i18next";
import { currentLanguage, isLanguage } from "./i18n";

/** The page's language; the component re-renders when the visitor switches it. */
export const useLanguage = (): Language => {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : currentLanguage();
};
