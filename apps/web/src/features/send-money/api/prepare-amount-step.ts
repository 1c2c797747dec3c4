import type { QueryClient } from "@tanstack/react-query";
import { completeAmount } from "@vela/shared/amount-text";
import type { Language } from "@vela/shared/api";
import { useSendMoneyStore } from "../stores/send-money-store";
import { limitCorrection } from "../utils/amount-limits";
import { defaultCorridorCountryId, defaultCorridorCurrencyId } from "../utils/corridor-defaults";
import type { Corridor } from "./corridor";
import { currenciesFromQueryOptions } from "./get-currencies-from";
import { currenciesToQueryOptions } from "./get-currencies-to";
import { type HomeCalculationRequest, homeCalculationQueryOptions } from "./get-home-calculation";
import { homeCountriesQueryOptions } from "./get-home-countries";
import { limitsQueryOptions } from "./get-limits";
import { shippingMethodsQueryOptions } from "./get-shipping-methods";

const idsOf = (items: readonly { id: number }[]) => items.map((item) => item.id);

/** One answer, from the cache when fresh; undefined when it fails (the AMOUNT step shows that itself). */
const answerOf = <T>(ask: Promise<T>): Promise<T | undefined> => ask.catch(() => undefined);

/**
 * Asks, before the AMOUNT step mounts, what the step would otherwise ask one answer at a time: the
 * countries, the currencies of the selected ones, the corridor's delivery methods, the method's
 * limits and the first price; and applies each answer to the send-money store as the step's own
 * effects do (the same store actions, in the same order). The step then renders once with all of
 * it in the query cache, instead of once or twice per answer (about a dozen renders of the whole
 * card while the home page is still loading, each one a long task on a phone).
 *
 * It decides nothing the step does not: the step still runs its queries and effects, which find
 * the answers cached and the store already set (the store actions change nothing when given the
 * same answer again). It stops at the first answer that fails, is empty or is refused (no retry:
 * the step asks again and shows the failure itself), and never rejects.
 */
export async function prepareAmountStep(queryClient: QueryClient, language: Language): Promise<void> {
  const store = useSendMoneyStore.getState;
  const ask = { retry: false } as const;
  const [from, to] = await Promise.all([
    answerOf(queryClient.fetchQuery({ ...homeCountriesQueryOptions("from", language), ...ask })),
    answerOf(queryClient.fetchQuery({ ...homeCountriesQueryOptions("to", language), ...ask })),
  ]);
  if (!from || !to) return;
  store().countriesLoaded("from", idsOf(from), defaultCorridorCountryId("from", from));
  store().countriesLoaded("to", idsOf(to), defaultCorridorCountryId("to", to));

  const { country_from_id: countryFromId, country_to_id: countryToId } = store();
  if (countryFromId === null || countryToId === null) return;
  const [currenciesFrom, currenciesTo] = await Promise.all([
    answerOf(queryClient.fetchQuery({ ...currenciesFromQueryOptions(countryFromId, language), ...ask })),
    answerOf(queryClient.fetchQuery({ ...currenciesToQueryOptions(countryToId, language), ...ask })),
  ]);
  if (!currenciesFrom || !currenciesTo) return;
  store().currenciesLoaded(
    "from",
    idsOf(currenciesFrom),
    defaultCorridorCurrencyId(currenciesFrom, from, countryFromId),
  );
  store().currenciesLoaded(
    "to",
    idsOf(currenciesTo),
    defaultCorridorCurrencyId(currenciesTo, to, countryToId),
  );
  const currencyFrom = currenciesFrom.find((currency) => currency.id === store().currency_from_id);
  const currencyTo = currenciesTo.find((currency) => currency.id === store().currency_to_id);
  if (!currencyFrom || !currencyTo) return;
  store().completeAmounts(currencyFrom.decimals, currencyTo.decimals);

  const corridor: Corridor = {
    country_from_id: countryFromId,
    country_to_id: countryToId,
    currency_from_id: currencyFrom.id,
    currency_to_id: currencyTo.id,
  };
  const methods = await answerOf(
    queryClient.fetchQuery({ ...shippingMethodsQueryOptions(corridor, language), ...ask }),
  );
  if (!methods || methods.length === 0) return;
  store().shippingMethodsLoaded(methods);
  const methodId = store().shipping_method_id;
  if (methodId === null) return;
  const pricedCorridor = { ...corridor, shipping_method_id: methodId };

  const limits = await answerOf(queryClient.fetchQuery({ ...limitsQueryOptions(pricedCorridor), ...ask }));
  if (!limits) return;
  store().limitsLoaded(limits);

  // The first price, asked exactly as the step asks it: the committed amount of the side typed,
  // completed to the currency's digits, and only when it is within the limits.
  const state = store();
  const committedSend = completeAmount(state.send_amount, currencyFrom.decimals);
  const committedReceiving = completeAmount(state.receiving_amount, currencyTo.decimals);
  const pricedAmount = state.amountSide === "send" ? committedSend : committedReceiving;
  if (!pricedAmount) return;
  const correction = limitCorrection({
    side: state.amountSide,
    sendAmount: committedSend,
    receivingAmount: committedReceiving,
    rate: state.calculationData?.rate ?? null,
    limits,
    fromDecimals: currencyFrom.decimals,
    toDecimals: currencyTo.decimals,
    locale: language,
  });
  if (correction) return;
  const request: HomeCalculationRequest =
    state.amountSide === "send"
      ? { ...pricedCorridor, send_amount: pricedAmount }
      : { ...pricedCorridor, receiving_amount: pricedAmount };
  const calculation = await answerOf(
    queryClient.fetchQuery({ ...homeCalculationQueryOptions(request, language), ...ask }),
  );
  if (calculation) store().calculationLoaded(calculation);
}
