import { z } from "zod";
import { recordId } from "../api";
import {
  COUNTRY_DIRECTIONS,
  COUNTRY_SERVICES,
  city,
  country,
  currency,
  phonePrefix,
  state,
} from "../reference";
import { documentType } from "../senders";
import { endpoint } from "./endpoint";

/* Reference data: countries, currencies, states, cities, prefixes and identity documents. */

const searchText = z.string().trim().min(1).max(100);

export const getCountries = endpoint({
  method: "GET",
  path: "/countries",
  query: z.object({
    search: searchText.optional(),
    service: z.enum(COUNTRY_SERVICES).optional(),
    direction: z.enum(COUNTRY_DIRECTIONS).optional(),
  }),
  response: z.array(country),
});
export const getHomeCountries = endpoint({
  method: "GET",
  path: "/home/countries",
  query: z.object({ direction: z.enum(COUNTRY_DIRECTIONS).optional(), search: searchText.optional() }),
  response: z.array(country),
});
export const getCurrencies = endpoint({
  method: "GET",
  path: "/currencies",
  query: z.object({ search: searchText.optional() }),
  response: z.array(currency),
});
export const getStates = endpoint({
  method: "GET",
  path: "/states",
  query: z.object({ country_id: recordId }),
  response: z.array(state),
});
export const getCities = endpoint({
  method: "GET",
  path: "/cities",
  query: z.object({ state_id: recordId }),
  response: z.array(city),
});
export const getPrefixes = endpoint({ method: "GET", path: "/prefixes", response: z.array(phonePrefix) });
export const getDocuments = endpoint({
  method: "GET",
  path: "/documents",
  query: z.object({ country_id: recordId.optional() }),
  response: z.array(documentType),
});
