import { City as CscCity, Country as CscCountry, State as CscState } from "country-state-city";
import currencyCodes from "currency-codes";
import isoCountries from "i18n-iso-countries";
import { getCountryCallingCode, isSupportedCountry } from "libphonenumber-js";

/**
 * Reference data read from well-kept packages (never typed by hand): ISO 4217 currencies from
 * currency-codes, ISO 3166 countries with their states and cities from country-state-city, alpha-3
 * codes from i18n-iso-countries and dialling codes from libphonenumber-js metadata.
 */

// Funds, precious metals and test codes are ISO 4217 entries nobody holds a wallet in.
const NON_MONEY_CURRENCIES = new Set(["BOV", "CHE", "CHW", "CLF", "COU", "MXV", "USN", "UYI", "UYW"]);
const SPENDABLE_X_CURRENCIES = new Set(["XAF", "XCD", "XOF", "XPF", "XCG"]);

// country-state-city still lists a few withdrawn currencies; these are their ISO 4217 successors.
const CURRENCY_SUCCESSORS: Record<string, string> = {
  HRK: "EUR",
  MRO: "MRU",
  STD: "STN",
  SLL: "SLE",
  VEF: "VES",
  ZWL: "ZWG",
};

export type CurrencyRow = { iso: string; name: string; decimals: number; symbol: string };
export type CountryRow = {
  iso2: string;
  iso3: string;
  name: string;
  flag: string;
  phonePrefix: string;
  currencyIso: string | null;
};
export type StateRow = { countryIso2: string; code: string; name: string };
export type CityRow = { countryIso2: string; stateCode: string; name: string };

function currencySymbol(iso: string): string {
  try {
    const parts = new Intl.NumberFormat("en", {
      style: "currency",
      currency: iso,
      currencyDisplay: "narrowSymbol",
    }).formatToParts(0);
    return parts.find((part) => part.type === "currency")?.value ?? iso;
  } catch {
    return iso;
  }
}

export function readCurrencies(): CurrencyRow[] {
  return currencyCodes.data
    .filter((entry) => !NON_MONEY_CURRENCIES.has(entry.code))
    .filter((entry) => !entry.code.startsWith("X") || SPENDABLE_X_CURRENCIES.has(entry.code))
    .map((entry) => ({
      iso: entry.code,
      name: entry.currency,
      decimals: entry.digits,
      symbol: currencySymbol(entry.code),
    }))
    .sort((a, b) => a.iso.localeCompare(b.iso));
}

function phonePrefix(iso2: string, fallback: string): string {
  if (isSupportedCountry(iso2)) return `+${getCountryCallingCode(iso2)}`;
  // A few territories (Antarctica, Bouvet Island…) have no numbering plan in libphonenumber.
  const digits = fallback.replace(/^\+/, "").split(/[-\s]/)[0] ?? "";
  return digits ? `+${digits}` : "";
}

export function readCountries(knownCurrencies: ReadonlySet<string>): CountryRow[] {
  return CscCountry.getAllCountries()
    .map((country) => {
      const currencyIso = CURRENCY_SUCCESSORS[country.currency] ?? country.currency;
      return {
        iso2: country.isoCode,
        iso3: isoCountries.alpha2ToAlpha3(country.isoCode) ?? country.isoCode.padEnd(3, "X"),
        name: country.name,
        flag: country.flag,
        phonePrefix: phonePrefix(country.isoCode, country.phonecode),
        currencyIso: knownCurrencies.has(currencyIso) ? currencyIso : null,
      };
    })
    .sort((a, b) => a.iso2.localeCompare(b.iso2));
}

export function readStates(): StateRow[] {
  return CscState.getAllStates().map((state) => ({
    countryIso2: state.countryCode,
    code: state.isoCode,
    name: state.name,
  }));
}

export function readCities(): CityRow[] {
  return CscCity.getAllCities().map((city) => ({
    countryIso2: city.countryCode,
    stateCode: city.stateCode,
    name: city.name,
  }));
}
