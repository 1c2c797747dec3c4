import { queryOptions, skipToken } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/purchases";
import { api } from "@/shared/api/api-client";

/**
 * The purchase services' catalogues (operators and products, gift cards, bill services, providers
 * and plans) and the bill lookup. Names may come translated: the language is in each key.
 */

/** GET /{service}/countries: the countries a service is offered in (phone prefixes, bill countries). */
export const serviceCountriesQueryOptions = (
  service: "reload-phones" | "prepaid-pay-bills",
  language: string,
) =>
  queryOptions({
    queryKey: ["purchases", service, "countries", language],
    // direction=to: the countries whose numbers are topped up and bills paid, not the sending markets.
    queryFn: ({ signal }) =>
      api.call(
        contract.getPurchaseCountries,
        { params: { service }, query: { direction: "to" } },
        { signal },
      ),
    staleTime: 60 * 60 * 1000,
  });

/** GET /reload-phones/operators?phone=: the number's country, its detected operator and the country's operators. */
export const operatorsQueryOptions = (phone: string | null, language: string) =>
  queryOptions({
    queryKey: ["purchases", "reload-phones", "operators", phone, language],
    queryFn:
      phone === null
        ? skipToken
        : ({ signal }) => api.call(contract.getOperators, { query: { phone } }, { signal }),
    staleTime: 5 * 60 * 1000,
    // A 422 on the number is shown by the field.
    meta: { notifyOnError: false },
  });

/** GET /gift-cards/products?country_id=&search=&category=: the catalogue. */
export const giftCardsQueryOptions = (
  filter: { country_id: number | null; search: string; category: string },
  language: string,
) =>
  queryOptions({
    queryKey: ["purchases", "gift-cards", "products", filter, language],
    queryFn: ({ signal }) =>
      api.call(
        contract.getGiftCards,
        {
          // Empty filters are left out: "any".
          query: {
            country_id: filter.country_id || undefined,
            search: filter.search || undefined,
            category: filter.category || undefined,
          },
        },
        { signal },
      ),
    staleTime: 5 * 60 * 1000,
  });

/** GET /gift-cards/products/{id}: one brand's card. */
export const giftCardQueryOptions = (id: number | null, language: string) =>
  queryOptions({
    queryKey: ["purchases", "gift-cards", "product", id, language],
    queryFn:
      id === null
        ? skipToken
        : ({ signal }) => api.call(contract.getGiftCard, { params: { id } }, { signal }),
    staleTime: 5 * 60 * 1000,
  });

/** GET /prepaid-pay-bills/services?country_id=. */
export const billServicesQueryOptions = (countryId: number | null, language: string) =>
  queryOptions({
    queryKey: ["purchases", "prepaid-pay-bills", "services", countryId, language],
    queryFn:
      countryId === null
        ? skipToken
        : ({ signal }) =>
            api.call(contract.getBillServices, { query: { country_id: countryId } }, { signal }),
    staleTime: 5 * 60 * 1000,
  });

/** GET /prepaid-pay-bills/providers?country_id=&service_type_id=. */
export const billProvidersQueryOptions = (
  countryId: number | null,
  serviceTypeId: number | null,
  language: string,
) =>
  queryOptions({
    queryKey: ["purchases", "prepaid-pay-bills", "providers", countryId, serviceTypeId, language],
    queryFn:
      countryId === null || serviceTypeId === null
        ? skipToken
        : ({ signal }) =>
            api.call(
              contract.getBillProviders,
              { query: { country_id: countryId, service_type_id: serviceTypeId } },
              { signal },
            ),
    staleTime: 5 * 60 * 1000,
  });

/** GET /prepaid-pay-bills/products?service_provider_id=: the provider's plans. */
export const billPlansQueryOptions = (providerId: number | null, language: string) =>
  queryOptions({
    queryKey: ["purchases", "prepaid-pay-bills", "plans", providerId, language],
    queryFn:
      providerId === null
        ? skipToken
        : ({ signal }) =>
            api.call(contract.getBillPlans, { query: { service_provider_id: providerId } }, { signal }),
    staleTime: 5 * 60 * 1000,
  });

/** POST /bills: the bill of a provider's reference number (404 when there is none, 422 on a bad format). */
export const lookUpBill = (body: { service_provider_id: number; reference_number: string }) =>
  api.call(contract.lookUpBill, { body });
