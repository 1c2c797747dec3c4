import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/reference";
import type { CountryDirection } from "@vela/shared/reference";
import { api } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";

/** GET /api/home/countries?direction=from|to: where the home calculator sends from and to. */
export const getHomeCountries = (direction: CountryDirection, signal?: AbortSignal) =>
  api.call(contract.getHomeCountries, { query: { direction } }, { signal });

/** Country names come translated, so the language is part of the key. */
export const homeCountriesQueryOptions = (direction: CountryDirection, language: Language) =>
  queryOptions({
    queryKey: ["home", "countries", direction, language],
    queryFn: ({ signal }) => getHomeCountries(direction, signal),
    // Reference data changes rarely; the API sends cache headers too.
    staleTime: 60 * 60 * 1000,
    // The AMOUNT step shows its own error with a retry button.
    meta: { notifyOnError: false },
  });

export const useHomeCountries = (direction: CountryDirection) =>
  useQuery(homeCountriesQueryOptions(direction, useLanguage()));
