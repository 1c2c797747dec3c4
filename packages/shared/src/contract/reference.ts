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
import { endpoint } from "./endpoint";

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
  query: directionQuery,
  response: z.array(country),
});
export const getServiceCountries = endpoint({
  method: "GET",
  path: "/{service}/countries",
  params: z.object({ service: z.enum(COUNTRY_SERVICES) }),
  query: directionQuery,
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
export const getLocalities = endpoint({
  method: "GET",
  path: "/localities",
  query: z.object({ country_id: recordId, search: searchText.optional() }),
  response: z.array(locality),
});
export const getPrefixes = endpoint({ method: "GET", path: "/prefixes", response: z.array(phonePrefix) });

export const getDocuments = endpoint({
  method: "GET",
  path: "/documents",
  query: z.object({ country_id: optionalId }),
  response: z.array(documentType),
});
export const getRelationships = endpoint({
  method: "GET",
  path: "/relationships",
  response: z.array(codeName),
});
export const getReasons = endpoint({ method: "GET", path: "/reasons", response: z.array(codeName) });
export const getBanks = endpoint({
  method: "GET",
  path: "/banks",
  query: z.object({
    country_id: recordId,
    shipping_method_id: optionalId,
    search: optionalSearch.describe("Part of the name, or the bank code or BIC"),
  }),
  response: z.array(bank),
});
export const getProvinces = endpoint({
  method: "GET",
  path: "/provinces",
  query: z.object({ country_id: recordId }),
  response: z.array(province),
});
export const getTowns = endpoint({
  method: "GET",
  path: "/towns",
  query: z.object({ province_id: recordId }),
  response: z.array(town),
});
export const getBranchOffices = endpoint({
  method: "GET",
  path: "/branch-office",
  query: z.object({ bank_id: recordId, town_id: optionalId }),
  response: z.array(branchOffice),
});
export const getPlaceTypes = endpoint({ method: "GET", path: "/type_places", response: z.array(codeName) });
export const getServiceTypes = endpoint({
  method: "GET",
  path: "/service_types",
  response: z.array(serviceType),
});
export const getServiceProviders = endpoint({
  method: "GET",
  path: "/service_providers",
  query: z.object({ country_id: optionalId, service_type_id: optionalId }),
  response: z.array(serviceProvider),
});
export const getPayoutPlaces = endpoint({
  method: "GET",
  path: "/places/filter",
  query: paginationQuery.extend({
    country_id: optionalId,
    service_provider_id: optionalId,
    type_place_id: optionalId,
    province_id: optionalId,
    town_id: optionalId,
    search: optionalSearch.describe("Part of the place's name or address"),
  }),
  response: paginated(payoutPlace),
});
