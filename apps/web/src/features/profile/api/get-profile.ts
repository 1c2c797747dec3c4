import { queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

export type { Profile } from "@vela/shared/auth";

/** GET /profile: the signed-in person's profile. */
export const getProfile = (signal?: AbortSignal) => api.call(contract.getProfile, {}, { signal });

export const PROFILE_QUERY_KEY = ["profile"] as const;

export const profileQueryOptions = () =>
  queryOptions({ queryKey: PROFILE_QUERY_KEY, queryFn: ({ signal }) => getProfile(signal) });

export const useProfile = () => useQuery(profileQueryOptions());
