import { createRequire } from "node:module";
import type { Language } from "@vela/shared/api";
import isoCountries, { type LocaleData } from "i18n-iso-countries";

// Loaded through require: a JSON import needs an import attribute that bundlers and Node disagree on.
const require = createRequire(import.meta.url);
const spanish: LocaleData = require("i18n-iso-countries/langs/es.json");
isoCountries.registerLocale(spanish);

/** A country's name in the caller's language; English names come from the seeded data itself. */
export function localizedCountryName(iso2: string, seededName: string, language: Language): string {
  if (language === "en") return seededName;
  return isoCountries.getName(iso2, language, { select: "official" }) ?? seededName;
}
