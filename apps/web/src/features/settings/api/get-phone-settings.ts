import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/shared/api/api-client";

/** GET /settings/phone-settings (not in the shared contract; shape as the API describes it). */
export type PhoneSettings = {
  phone_prefix: string | null;
  phone_number: string | null;
  phone_verified: boolean;
};

export const getPhoneSettings = (signal?: AbortSignal) =>
  api.get<PhoneSettings>("settings/phone-settings", undefined, signal);

export const PHONE_SETTINGS_QUERY_KEY = ["settings", "phone"] as const;

export const phoneSettingsQueryOptions = () =>
  queryOptions({ queryKey: PHONE_SETTINGS_QUERY_KEY, queryFn: ({ signal }) => getPhoneSettings(signal) });

export const usePhoneSettings = () => useQuery(phoneSettingsQueryOptions());
