import { z } from "zod";
import { paginated, paginationQuery, recordId } from "../api";
import {
  bank,
  branchOffice,
  COUNTRY_DIRECTIONS,
  COUNTRY_SERVICES,
  city,
  codeName,
  country,
  currency,
  documentType,
  locality,
  payoutPlace,
  phonePrefix,
  province,
  serviceProvider,
  serviceType,
  state,
  town,
} from "../reference";
import { get } from "./endpoint";
import { serviceParams } from "./params";

/* Reference data: countries, currencies, states, cities, prefixes, and what recipient and sender
   forms offer (documents, relationships, reasons, banks and branches, provinces, towns, payout places). */

const searchText = z.string().trim().min(1).max(100);
/** An optional filter id: absent, or empty as a filter form sends an unset select, means no filter. */
const optionalId = z.preprocess(
  (value: unknown) =>
    value === null || (typeof value === "string" && value.trim() === "") ? undefined : value,
  recordId.optional(),
);
/** Filter forms send every field, so an empty search means no search (as an empty id means none). */
const optionalSearch = z.preprocess(
  (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  searchText.optional(),
);
const directionQuery = z.object({
  direction: z
    .enum(COUNTRY_DIRECTIONS)
    .optional()
    .describe("from: sending countries; to: receiving countries"),
  search: searchText.optional(),
});

export const getCountries = get("/countries", z.array(country), {
  query: z.object({
    search: searchText.optional(),
    service: z.enum(COUNTRY_SERVICES).optional(),
    direction: z.enum(COUNTRY_DIRECTIONS).optional(),
  }),
});
export const getHomeCountries = get("/home/countries", z.array(country), { query: directionQuery });
export const getServiceCountries = get("/{service}/countries", z.array(country), {
  params: serviceParams(COUNTRY_SERVICES),
  query: directionQuery,
});
export const getCurrencies = get("/currencies", z.array(currency), {
  query: z.object({ search: searchText.optional() }),
});
export const getStates = get("/states", z.array(state), { query: z.object({ country_id: recordId }) });
export const getCities = get("/cities", z.array(city), { query: z.object({ state_id: recordId }) });
export const getLocalities = get("/localities", z.array(locality), {
  query: z.object({ country_id: recordId, search: searchText.optional() }),
});
export const getPrefixes = get("/prefixes", z.array(phonePrefix));

export const getDocuments = get("/documents", z.array(documentType), {
  query: z.object({ country_id: optionalId }),
});
export const getRelationships = get("/relationships", z.array(codeName));
export const getReasons = get("/reasons", z.array(codeName));
export const getBanks = get("/banks", z.array(bank), {
  query: z.object({
    country_id: recordId,
    shipping_method_id: optionalId,
    search: optionalSearch.describe("Part of the name, or the bank code or BIC"),
  }),
});
export const getProvinces = get("/provinces", z.array(province), {
  query: z.object({ country_id: recordId }),
});
export const getTowns = get("/towns", z.array(town), { query: z.object({ province_id: recordId }) });
export const getBranchOffices = get("/branch-office", z.array(branchOffice), {
  query: z.object({ bank_id: recordId, town_id: optionalId }),
});
export const getPlaceTypes = get("/type_places", z.array(codeName));
export const getServiceTypes = get("/service_types", z.array(serviceType));
export const getServiceProviders = get("/service_providers", z.array(serviceProvider), {
  query: z.object({ country_id: optionalId, service_type_id: optionalId }),
});
export const getPayoutPlaces = get("/places/filter", paginated(payoutPlace), {
  query: paginationQuery.extend({
    country_id: optionalId,
    service_provider_id: optionalId,
    type_place_id: optionalId,
    province_id: optionalId,
    town_id: optionalId,
    search: optionalSearch.describe("Part of the place's name or address"),
  }),
});
