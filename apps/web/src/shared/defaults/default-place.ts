import type { Country } from "@vela/shared/reference";
import { getAuthSnapshot } from "@/shared/api/auth-source";
import { useCountries } from "@/shared/api/reference/get-countries";

/**
 * "The default country/currency" of every screen that starts on one (the home calculator, the
 * send-money AMOUNT step, the wallet deposit's "You pay in", the bills' country): the signed-in
 * user's own country (and its currency), else the browser's region (navigator.languages: en-US →
 * US, es-MX → MX), else a served country the screen names. Never the first row of a list, which is
 * only the alphabetical accident of a list (Canada, Brazil, CAD).
 */

/** Where Vela sends from and delivers to by default when nothing says where the person is. */
export const SERVED_ORIGIN = "US";
export const SERVED_DESTINATION = "MX";

/** The regions of the browser's languages, in its order of preference ("es-MX" → "MX"). */
export const browserRegions = (
  languages: readonly string[] = typeof navigator === "undefined"
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language],
): string[] => {
  const regions: string[] = [];
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).region;
      // Only two-letter regions name a country ("es-419", Latin America, does not).
      if (region && /^[A-Z]{2}$/.test(region) && !regions.includes(region)) regions.push(region);
    } catch {
      // A malformed tag says nothing.
    }
  }
  return regions;
};

type Place = { id: number; iso2: string };

/**
 * The default of a list of countries: the user's own, else the first of the browser's regions the
 * list has, else `served` (a country the screen serves). The list's first row only when it has none
 * of those, so a screen always starts somewhere.
 */
export const defaultCountry = <T extends Place>(
  countries: readonly T[],
  served: string,
  userCountryId: number | null = getAuthSnapshot().countryId ?? null,
): T | undefined => {
  const own = userCountryId === null ? undefined : countries.find((country) => country.id === userCountryId);
  if (own) return own;
  for (const iso2 of [...browserRegions(), served]) {
    const found = countries.find((country) => country.iso2 === iso2);
    if (found) return found;
  }
  return countries[0];
};

/**
 * The default of a list of currencies: the currency of `country` (the user's, or the one the
 * screen starts on) when the list has it, else the first of `served` ISO codes it has.
 */
export const defaultCurrency = <T extends { id: number; iso: string }>(
  currencies: readonly T[],
  country: { currency_id: number | null } | undefined,
  served: readonly string[] = ["USD"],
): T | undefined =>
  currencies.find((currency) => currency.id === country?.currency_id) ??
  served.map((iso) => currencies.find((currency) => currency.iso === iso)).find(Boolean) ??
  currencies[0];

/**
 * The country a screen without a country list of its own starts from (the wallet's "You pay in"):
 * the user's, the browser's region, or the served origin, from the reference countries. Undefined
 * while the list loads; null when it cannot be loaded (the screen then goes on without one).
 */
export const useDefaultCountry = (): Country | null | undefined => {
  const countries = useCountries();
  if (countries.isError) return null;
  return countries.data ? (defaultCountry(countries.data, SERVED_ORIGIN) ?? null) : undefined;
};
