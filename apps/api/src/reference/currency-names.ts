import type { Language } from "@vela/shared/api";

// CLDR's names through ICU (Node ships full ICU): "dólar estadounidense", "peso mexicano".
const SPANISH = new Intl.DisplayNames(["es"], { type: "currency", fallback: "none" });
const cache = new Map<string, string | undefined>();

/**
 * A currency's name in the caller's language; English names come from the seeded data itself
 * (`currency-codes`). Spanish is CLDR's, capitalised as the first word of a list item.
 */
export function localizedCurrencyName(iso: string, seededName: string, language: Language): string {
  if (language === "en") return seededName;
  if (!cache.has(iso)) {
    const name = SPANISH.of(iso);
    cache.set(iso, name ? name.charAt(0).toLocaleUpperCase("es") + name.slice(1) : undefined);
  }
  return cache.get(iso) ?? seededName;
}
