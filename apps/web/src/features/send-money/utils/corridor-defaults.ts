import { DEFAULT_SHIPPING_METHOD } from "@vela/shared/limits";
import type { ShippingMethod } from "@vela/shared/pricing";
import type { Country, Currency } from "@vela/shared/reference";
import {
  defaultCountry,
  defaultCurrency,
  SERVED_DESTINATION,
  SERVED_ORIGIN,
} from "@/shared/defaults/default-place";

/** The default of the AMOUNT step's country list on each side (shared/defaults/default-place). */
const defaultCorridorCountryId = (direction: "from" | "to", countries: readonly Country[]) =>
  defaultCountry(countries, direction === "from" ? SERVED_ORIGIN : SERVED_DESTINATION)?.id ?? null;

/** The default currency of a side: the chosen country's own, when it is offered there. */
const defaultCorridorCurrencyId = (
  currencies: readonly Currency[],
  countries: readonly Country[],
  countryId: number,
) =>
  defaultCurrency(
    currencies,
    countries.find((country) => country.id === countryId),
  )?.id ?? null;

/**
 * Spec §4: a loaded list selects an item when none (or one it lacks) is chosen: the default worked
 * out for the person, the first item only without one.
 */
export const pickListItem = <T extends { id: number }>(
  items: readonly T[],
  chosenId: number | null,
  defaultId: number | null,
): T | undefined =>
  items.find((item) => item.id === chosenId) ?? items.find((item) => item.id === defaultId) ?? items[0];

/** The country a side shows: the chosen one when the list has it, otherwise the person's default. */
export const selectedCountry = (
  direction: "from" | "to",
  countries: readonly Country[],
  chosenId: number | null,
) => pickListItem(countries, chosenId, defaultCorridorCountryId(direction, countries));

/**
 * The currency a side shows: the chosen one when offered, otherwise the country's own. A chosen
 * currency counts only with the country it was chosen in: another country starts on its own.
 */
export const selectedCurrency = (
  currencies: readonly Currency[] | undefined,
  countries: readonly Country[] | undefined,
  country: Country | undefined,
  chosen: { countryId: number | null; currencyId: number | null },
) =>
  currencies && countries && country
    ? pickListItem(
        currencies,
        chosen.countryId === country.id ? chosen.currencyId : null,
        defaultCorridorCurrencyId(currencies, countries, country.id),
      )
    : undefined;

/** The delivery method: the chosen one the corridor offers, otherwise the default `vela` one, otherwise the first. */
export const selectedMethod = (methods: readonly ShippingMethod[], chosenId: number | null) =>
  pickListItem(
    methods,
    chosenId,
    methods.find((method) => method.slug === DEFAULT_SHIPPING_METHOD)?.id ?? null,
  );
