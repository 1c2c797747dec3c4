import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/shared/api/api-client";

/**
 * The profile as GET /profile answers it. The shared contract has the request schemas but not
 * this answer's, so its shape is written down here from the API's description.
 */
export type Profile = {
  first_name: string;
  last_name: string;
  email: string;
  date_of_birth: string | null;
  address: string | null;
  city: string | null;
  postal_code: string | null;
  country_id: number | null;
  occupation: string | null;
  phone_prefix: string | null;
  phone_number: string | null;
  avatar_url: string | null;
  profile_completed: boolean;
};

export const getProfile = (signal?: AbortSignal) => api.get<Profile>("profile", undefined, signal);

export const PROFILE_QUERY_KEY = ["profile"] as const;

export const profileQueryOptions = () =>
  queryOptions({ queryKey: PROFILE_QUERY_KEY, queryFn: ({ signal }) => getProfile(signal) });

export const useProfile = () => useQuery(profileQueryOptions());
