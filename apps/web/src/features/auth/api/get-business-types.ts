import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/auth";
import type { z } from "zod";
import { api } from "@/shared/api/api-client";
import { useLanguage } from "@/shared/i18n/use-language";

export type BusinessType = z.infer<typeof contract.businessType>;

/** GET /onboarding/business/types: what a business can register as. */
export const getBusinessTypes = (signal?: AbortSignal) =>
  api.call(contract.getBusinessTypes, {}, { signal, anonymous: true });

export const businessTypesQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ["onboarding", "business-types", language],
    queryFn: ({ signal }) => getBusinessTypes(signal),
    staleTime: 60 * 60 * 1000,
  });

export const useBusinessTypes = () => useQuery(businessTypesQueryOptions(useLanguage()));
