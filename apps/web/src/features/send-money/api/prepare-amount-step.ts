import type { QueryClient } from "@tanstack/react-query";
import type { Language } from "@vela/shared/api";
import { useSendMoneyStore } from "../stores/send-money-store";
import { selectedCountry, selectedCurrency, selectedMethod } from "../utils/corridor-defaults";
import { priceRequestOf } from "../utils/price-request";
import { currenciesQueryOptions } from "./get-currencies";
import { homeCalculationQueryOptions, lastCalculationFor } from "./get-home-calculation";
import { homeCountriesQueryOptions } from "./get-home-countries";
import { limitsQueryOptions } from "./get-limits";
import { shippingMethodsQueryOptions } from "./get-shipping-methods";

/** One answer, from the cache when fresh; undefined when it fails (the AMOUNT step shows that itself). */
const answerOf = <T>(ask: Promise<T>): Promise<T | undefined> => ask.catch(() => undefined);

/**
 * Asks, before the AMOUNT step mounts, what the step would otherwise ask one answer at a time: the
 * countries, the currencies of the selected ones, the corridor's delivery methods, the method's
 * limits and the first price, each for the selection the step will show (the person's choice, or
 * the list's default, worked out by the same functions). The step then renders once with all of
 * it in the query cache, instead of once or twice per answer (about a dozen renders of the whole
 * card while the home page is still loading, each one a long task on a phone).
 *
 * It decides nothing and changes no store: the step still runs its queries, which find the answers
 * cached. It stops at the first answer that fails, is empty or is refused (no retry: the step asks
 * again and shows the failure itself), and never rejects.
 */
export async function prepareAmountStep(queryClient: QueryClient, language: Language): Promise<void> {
  const chosen = useSendMoneyStore.getState();
  const ask = { retry: false } as const;
  const [from, to] = await Promise.all([
    answerOf(queryClient.fetchQuery({ ...homeCountriesQueryOptions("from", language), ...ask })),
    answerOf(queryClient.fetchQuery({ ...homeCountriesQueryOptions("to", language), ...ask })),
  ]);
  if (!from || !to) return;
  const countryFrom = selectedCountry("from", from, chosen.country_from_id);
  const countryTo = selectedCountry("to", to, chosen.country_to_id);
  if (!countryFrom || !countryTo) return;

  const [currenciesFrom, currenciesTo] = await Promise.all([
    answerOf(queryClient.fetchQuery({ ...currenciesQueryOptions("from", countryFrom.id, language), ...ask })),
    answerOf(queryClient.fetchQuery({ ...currenciesQueryOptions("to", countryTo.id, language), ...ask })),
  ]);
  if (!currenciesFrom || !currenciesTo) return;
  const currencyFrom = selectedCurrency(currenciesFrom, from, countryFrom, {
    countryId: chosen.country_from_id,
    currencyId: chosen.currency_from_id,
  });
  const currencyTo = selectedCurrency(currenciesTo, to, countryTo, {
    countryId: chosen.country_to_id,
    currencyId: chosen.currency_to_id,
  });
  if (!currencyFrom || !currencyTo) return;

  const corridor = {
    country_from_id: countryFrom.id,
    country_to_id: countryTo.id,
    currency_from_id: currencyFrom.id,
    currency_to_id: currencyTo.id,
  };
  const methods = await answerOf(
    queryClient.fetchQuery({ ...shippingMethodsQueryOptions(corridor, language), ...ask }),
  );
  const method = methods && selectedMethod(methods, chosen.shipping_method_id);
  if (!method) return;
  const pricedCorridor = { ...corridor, shipping_method_id: method.id };

  const limits = await answerOf(queryClient.fetchQuery({ ...limitsQueryOptions(pricedCorridor), ...ask }));
  if (!limits) return;

  // The first price, asked exactly as the step asks it.
  const { request } = priceRequestOf({
    corridor: pricedCorridor,
    typed: { side: chosen.amountSide, amount: chosen.amount },
    limits,
    areLimitsSettled: true,
    rate: lastCalculationFor(queryClient, pricedCorridor)?.rate ?? null,
    fromDecimals: currencyFrom.decimals,
    toDecimals: currencyTo.decimals,
    locale: language,
  });
  if (request)
    await answerOf(queryClient.fetchQuery({ ...homeCalculationQueryOptions(request, language), ...ask }));
}
