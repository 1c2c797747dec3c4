import { useShallow } from "zustand/react/shallow";
import type { Corridor, PricedCorridor } from "../api/corridor";
import { useCurrencies } from "../api/get-currencies";
import { useHomeCountries } from "../api/get-home-countries";
import { useShippingMethods } from "../api/get-shipping-methods";
import { useSendMoneyStore } from "../stores/send-money-store";
import { selectedCountry, selectedCurrency, selectedMethod } from "../utils/corridor-defaults";

/**
 * The corridor and delivery method the AMOUNT step shows: each list as TanStack Query holds it, and
 * in each the person's choice or, while they made none the list has, its default (spec §4; the
 * person's country and currency, the `vela` method). Worked out on each render, never copied into
 * the store, which keeps only what the person chose.
 */
export const useCorridorSelection = () => {
  const chosen = useSendMoneyStore(
    useShallow(
      ({ country_from_id, country_to_id, currency_from_id, currency_to_id, shipping_method_id }) => ({
        country_from_id,
        country_to_id,
        currency_from_id,
        currency_to_id,
        shipping_method_id,
      }),
    ),
  );
  const fromCountries = useHomeCountries("from");
  const toCountries = useHomeCountries("to");
  const countryFrom =
    fromCountries.data && selectedCountry("from", fromCountries.data, chosen.country_from_id);
  const countryTo = toCountries.data && selectedCountry("to", toCountries.data, chosen.country_to_id);
  const currenciesFrom = useCurrencies("from", countryFrom?.id ?? null);
  const currenciesTo = useCurrencies("to", countryTo?.id ?? null);
  const currencyFrom = selectedCurrency(currenciesFrom.data, fromCountries.data, countryFrom, {
    countryId: chosen.country_from_id,
    currencyId: chosen.currency_from_id,
  });
  const currencyTo = selectedCurrency(currenciesTo.data, toCountries.data, countryTo, {
    countryId: chosen.country_to_id,
    currencyId: chosen.currency_to_id,
  });
  const corridor: Corridor | null =
    countryFrom && countryTo && currencyFrom && currencyTo
      ? {
          country_from_id: countryFrom.id,
          country_to_id: countryTo.id,
          currency_from_id: currencyFrom.id,
          currency_to_id: currencyTo.id,
        }
      : null;
  const methods = useShippingMethods(corridor);
  const method = methods.data && selectedMethod(methods.data, chosen.shipping_method_id);
  const pricedCorridor: PricedCorridor | null =
    corridor && method ? { ...corridor, shipping_method_id: method.id } : null;

  const lists = [fromCountries, toCountries, currenciesFrom, currenciesTo, methods];
  return {
    fromCountries,
    toCountries,
    currenciesFrom,
    currenciesTo,
    methods,
    countryFrom,
    countryTo,
    currencyFrom,
    currencyTo,
    method,
    pricedCorridor,
    isLoading: fromCountries.isPending || toCountries.isPending,
    hasFailedList: lists.some((list) => list.isError),
    /** An empty list: nothing is sent on this route. */
    hasEmptyList: [currenciesFrom, currenciesTo, methods].some((list) => list.data?.length === 0),
    retryFailedLists: () => {
      for (const list of lists) if (list.isError) void list.refetch();
    },
  };
};

export type CorridorSelection = ReturnType<typeof useCorridorSelection>;
