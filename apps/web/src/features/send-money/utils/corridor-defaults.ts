import type { Country, Currency } from "@vela/shared/reference";
import {
  defaultCountry,
  defaultCurrency,
  SERVED_DESTINATION,
  SERVED_ORIGIN,
} from "@/shared/defaults/default-place";

/** The default of the AMOUNT step's country list on each side (shared/defaults/default-place). */
export const defaultCorridorCountryId = (direction: "from" | "to", countries: readonly Country[]) =>
  defaultCountry(countries, direction === "from" ? SERVED_ORIGIN : SERVED_DESTINATION)?.id ?? null;

/** The default currency of a side: the chosen country's own, when it is offered there. */
export const defaultCorridorCurrencyId = (
  currencies: readonly Currency[],
  countries: readonly Country[] | undefined,
  countryId: number | null,
) =>
  defaultCurrency(
    currencies,
    countries?.find((country) => country.id === countryId),
  )?.id ?? null;
