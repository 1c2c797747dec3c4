import { queryOptions, skipToken, useQuery } from "@tanstack/react-query";
import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/pricing";
import * as reference from "@vela/shared/contract/reference";
import { api } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";

/*
 * Where a recipient can receive: the destinations, currencies and delivery methods the send-money
 * calculator offers (the same endpoints and cache keys as the AMOUNT step, so a page that has
 * shown the calculator asks nothing again).
 */

const HOUR = 60 * 60 * 1000;

const countriesOptions = (direction: "from" | "to", language: Language) =>
  queryOptions({
    queryKey: ["home", "countries", direction, language],
    queryFn: ({ signal }) => api.call(reference.getHomeCountries, { query: { direction } }, { signal }),
    staleTime: HOUR,
  });

/** GET /api/home/countries?direction=to: the countries money is sent to. */
export const useDestinationCountries = () => useQuery(countriesOptions("to", useLanguage()));

/** GET /api/consignments/currencies?country_to_id=: what a destination receives in. */
export const useDestinationCurrencies = (countryToId: number | null) => {
  const language = useLanguage();
  return useQuery({
    queryKey: ["send-money", "currencies-to", countryToId, language],
    queryFn: ({ signal }) =>
      api.call(contract.getCurrenciesTo, { query: { country_to_id: countryToId } }, { signal }),
    enabled: countryToId !== null,
    staleTime: HOUR,
  });
};

/**
 * The currency the money leaves in, which the delivery methods endpoint needs: the first currency
 * of the first origin the calculator offers (a recipient receives the same way whoever sends).
 */
const useOriginCurrency = () => {
  const language = useLanguage();
  const origins = useQuery(countriesOptions("from", language));
  const originId = origins.data?.[0]?.id ?? null;
  const currencies = useQuery({
    queryKey: ["send-money", "currencies-from", originId, language],
    queryFn: ({ signal }) =>
      api.call(contract.getCurrenciesFrom, { query: { country_from_id: originId } }, { signal }),
    enabled: originId !== null,
    staleTime: HOUR,
  });
  const currency = currencies.data?.[0];
  return originId !== null && currency ? { country_from_id: originId, currency_from_id: currency.id } : null;
};

/** GET /api/shipping-methods: how money reaches a destination in a currency. */
export const useDeliveryMethods = (countryToId: number | null, currencyToId: number | null) => {
  const language = useLanguage();
  const origin = useOriginCurrency();
  const corridor =
    origin && countryToId !== null && currencyToId !== null
      ? { ...origin, country_to_id: countryToId, currency_to_id: currencyToId }
      : null;
  return useQuery({
    queryKey: ["send-money", "shipping-methods", corridor, language],
    queryFn: corridor
      ? ({ signal }) => api.call(contract.getShippingMethods, { query: corridor }, { signal })
      : skipToken,
    enabled: corridor !== null,
    staleTime: HOUR,
  });
};
