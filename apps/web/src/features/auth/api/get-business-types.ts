import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Language } from "@vela/shared/api";
import { api } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";

export type BusinessType = { id: number; name: string; slug: string };

/** GET /onboarding/business/types: what a business can register as. */
export const getBusinessTypes = (signal?: AbortSignal) =>
  api.request<BusinessType[]>("GET", "onboarding/business/types", { signal, anonymous: true });

export const businessTypesQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ["onboarding", "business-types", language],
    queryFn: ({ signal }) => getBusinessTypes(signal),
    staleTime: 60 * 60 * 1000,
  });

export const useBusinessTypes = () => useQuery(businessTypesQueryOptions(useLanguage()));
