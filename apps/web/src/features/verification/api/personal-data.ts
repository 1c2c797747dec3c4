import { queryOptions } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/verification";
import type { personalDataRequest } from "@vela/shared/verification";
import type { z } from "zod";
import { api } from "@/shared/api/api-client";
import { VERIFICATION_QUERY_KEY } from "./verification-status";

export type PersonalDataRequest = z.output<typeof personalDataRequest>;

/** GET /identity_verification_personal_data: what the person gave for the enhanced level, or null. */
export const getPersonalData = (signal?: AbortSignal) => api.call(contract.getPersonalData, {}, { signal });

export const PERSONAL_DATA_QUERY_KEY = [...VERIFICATION_QUERY_KEY, "personal-data"] as const;

export const personalDataQueryOptions = () =>
  queryOptions({
    queryKey: PERSONAL_DATA_QUERY_KEY,
    queryFn: ({ signal }) => getPersonalData(signal),
    meta: { notifyOnError: false },
  });

/** POST /identity_verification_personal_data. */
export const savePersonalData = (body: PersonalDataRequest) => api.call(contract.savePersonalData, { body });
