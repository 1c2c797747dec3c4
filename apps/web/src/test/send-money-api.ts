import {
  getCurrenciesFrom,
  getCurrenciesTo,
  getHomeCalculation,
  getLimits,
  getShippingMethods,
} from "@vela/shared/contract/pricing";
import { getHomeCountries } from "@vela/shared/contract/reference";
import {
  addAmounts,
  convertAmount,
  roundFeeUp,
  roundReceivingDown,
  sendAmountForReceiving,
  toCurrencyAmount,
} from "@vela/shared/decimal";
import { breachMessage, type CorridorLimits, LIMIT_FIELD_KEYS, limitBreach } from "@vela/shared/limits";
import type { MoneyLocale } from "@vela/shared/money";
import type { Calculation, ShippingMethod } from "@vela/shared/pricing";
import type { Currency } from "@vela/shared/reference";
import { handle, invalid, type Reply } from "./contract-handlers";
import {
  CURRENCIES,
  FROM_COUNTRIES,
  JAPAN,
  MEXICO,
  MXN,
  PHILIPPINES,
  SPAIN,
  TO_COUNTRIES,
  UNITED_STATES,
  USD,
} from "./fixtures";

/**
 * A small stand-in for the pricing API the AMOUNT step calls, answering from the query the way the
 * real one does: corridor currencies, delivery methods (`vela` first), limits per method, and a
 * calculator that prices from either amount with the shared decimal rules and refuses amounts
 * out of limits with spec §5's messages (422). Japan → Philippines is not offered.
 */

export const VELA_METHOD: ShippingMethod = {
  id: 1,
  slug: "vela",
  name: "Vela wallet",
  transfer_time: "Instant",
  guaranteed_rate: true,
};
export const BANK_METHOD: ShippingMethod = {
  id: 2,
  slug: "bank-deposit",
  name: "Bank deposit",
  transfer_time: "1-2 business days",
  guaranteed_rate: false,
};
export const CASH_METHOD: ShippingMethod = {
  id: 3,
  slug: "cash-pickup",
  name: "Cash pickup",
  transfer_time: "Within minutes",
  guaranteed_rate: true,
};
export const METHODS = [VELA_METHOD, BANK_METHOD, CASH_METHOD];

export const METHOD_LIMITS: Record<number, CorridorLimits> = {
  [VELA_METHOD.id]: { send: { min: "10", max: "10000" }, receiving: { min: "10", max: "223565.00" } },
  [BANK_METHOD.id]: { send: { min: "10", max: "10000" }, receiving: { min: "10", max: "223565.00" } },
  [CASH_METHOD.id]: { send: { min: "10", max: "2500.00" }, receiving: { min: "10", max: "50000.00" } },
};

/** Customer rates by delivery method: cash pickup carries a wider margin. */
export const METHOD_RATES: Record<number, string> = {
  [VELA_METHOD.id]: "20.22243878",
  [BANK_METHOD.id]: "20.11243878",
  [CASH_METHOD.id]: "20.01919819",
};

export const FEE = "2.99";

/** What the AMOUNT step prices first for a visitor in the United States: 100 USD to Mexico by Vela wallet. */
export const FIRST_SELECTION = {
  country_from_id: UNITED_STATES.id,
  country_to_id: MEXICO.id,
  currency_from_id: USD.id,
  currency_to_id: MXN.id,
  shipping_method_id: VELA_METHOD.id,
  send_amount: "100.00",
};

const currencyOfCountry: Record<number, Currency | undefined> = Object.fromEntries(
  [UNITED_STATES, SPAIN, JAPAN, MEXICO, PHILIPPINES].map((country) => [
    country.id,
    CURRENCIES.find((currency) => currency.id === country.currency_id),
  ]),
);

const isOffered = (countryFromId: number, countryToId: number) =>
  !(countryFromId === JAPAN.id && countryToId === PHILIPPINES.id);

const numberParam = (url: URL, name: string) => Number(url.searchParams.get(name));

const currencyById = (id: number) => CURRENCIES.find((currency) => currency.id === id);

const offeredMethods = (url: URL): ShippingMethod[] => {
  const from = numberParam(url, "country_from_id");
  const to = numberParam(url, "country_to_id");
  const currencyFrom = currencyOfCountry[from];
  const currencyTo = currencyOfCountry[to];
  if (!isOffered(from, to) || !currencyFrom || !currencyTo) return [];
  if (numberParam(url, "currency_from_id") !== currencyFrom.id) return [];
  if (numberParam(url, "currency_to_id") !== currencyTo.id) return [];
  return METHODS;
};

/** GET /home/send-money/calculator, priced like the API: fee up, receiving down, limits checked. */
export const priceOf = (url: URL) => {
  const methods = offeredMethods(url);
  if (methods.length === 0) {
    return invalid({ country_to_id: ["We do not send to this country in these currencies from there yet."] });
  }
  const method = methods.find((candidate) => candidate.id === numberParam(url, "shipping_method_id"));
  if (!method)
    return invalid({ shipping_method_id: ["This delivery method is not offered on this corridor."] });
  const from = currencyById(numberParam(url, "currency_from_id"));
  const to = currencyById(numberParam(url, "currency_to_id"));
  if (!from || !to) return invalid({ currency_from_id: ["Unknown currency."] });
  const rate = METHOD_RATES[method.id] ?? "1";
  const limits = METHOD_LIMITS[method.id] ?? METHOD_LIMITS[VELA_METHOD.id]!;
  const locale: MoneyLocale = "en";

  const sendParam = url.searchParams.get("send_amount");
  const receivingParam = url.searchParams.get("receiving_amount");
  const sendAmount = sendParam
    ? roundFeeUp(sendParam, from.decimals)
    : sendAmountForReceiving(roundReceivingDown(receivingParam ?? "0", to.decimals), rate, from.decimals);
  const receivingAmount = sendParam
    ? convertAmount(sendAmount, rate, to.decimals)
    : roundReceivingDown(receivingParam ?? "0", to.decimals);

  const decimals = { send: from.decimals, receiving: to.decimals };
  const breach = limitBreach({ send: sendAmount, receiving: receivingAmount }, limits, decimals);
  if (breach) {
    const { kind, field, limit } = breach;
    return invalid(
      { [LIMIT_FIELD_KEYS[field]]: [breachMessage(breach, decimals[field], locale)] },
      { kind, field, amount: limit, currency: field === "send" ? from.iso : to.iso },
    );
  }

  // Yen has no decimals: its fee is rounded up, as the API rounds every fee.
  const fee = roundFeeUp(FEE, from.decimals);
  const calculation: Calculation = {
    country_from_id: numberParam(url, "country_from_id"),
    country_to_id: numberParam(url, "country_to_id"),
    currency_from_id: from.id,
    currency_to_id: to.id,
    currency_from_iso: from.iso,
    currency_to_iso: to.iso,
    shipping_method_id: method.id,
    shipping_method: { name: method.name, slug: method.slug },
    payment_method: "bank-transfer",
    send_amount: sendAmount,
    receiving_amount: receivingAmount,
    vela_fee_amount: fee,
    external_fee_amount: toCurrencyAmount("0", from.decimals),
    discount: toCurrencyAmount("0", from.decimals),
    amount_paid: toCurrencyAmount(addAmounts(sendAmount, fee), from.decimals),
    rate,
    mid_rate: "20.32405908",
    rate_source: "ECB euro foreign exchange reference rates, 2024-11-25",
    limits,
    guaranteed_rate: method.guaranteed_rate,
    transfer_time: method.transfer_time,
    estimated_fee_currency: from.iso,
    promo_code: null,
  };
  return calculation;
};

/** GET /limits: the corridor's limits for the chosen method. */
const limitsOf = (url: URL) => {
  const method = offeredMethods(url).find(
    (candidate) => candidate.id === numberParam(url, "shipping_method_id"),
  );
  const limits = method && METHOD_LIMITS[method.id];
  return limits ?? invalid({ country_to_id: ["We do not send to this country in these currencies yet."] });
};

const currenciesOf = (countryId: number): Currency[] => {
  const currency = currencyOfCountry[countryId];
  return currency ? [currency] : [];
};

type CountriesReply = () => Reply<typeof getHomeCountries>;

/**
 * Every endpoint the AMOUNT step calls, the country lists answered by `countries` when given; put
 * handlers before them to change another answer.
 */
export const sendMoneyHandlers = (countries: { from?: CountriesReply; to?: CountriesReply } = {}) => [
  handle(getHomeCountries, ({ query }) =>
    query.direction === "to" ? (countries.to?.() ?? TO_COUNTRIES) : (countries.from?.() ?? FROM_COUNTRIES),
  ),
  handle(getCurrenciesFrom, ({ query }) => currenciesOf(query.country_from_id)),
  handle(getCurrenciesTo, ({ query }) => currenciesOf(query.country_to_id)),
  handle(getShippingMethods, ({ url }) => offeredMethods(url)),
  handle(getLimits, ({ url }) => limitsOf(url)),
  handle(getHomeCalculation, ({ url }) => priceOf(url)),
];
