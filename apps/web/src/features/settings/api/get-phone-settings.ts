import { queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/** GET /settings/phone-settings, in the shared contract's shape. */

export const getPhoneSettings = (signal?: AbortSignal) => api.call(contract.getPhoneSettings, {}, { signal });

export const PHONE_SETTINGS_QUERY_KEY = ["settings", "phone"] as const;

export const phoneSettingsQueryOptions = () =>
  queryOptions({ queryKey: PHONE_SETTINGS_QUERY_KEY, queryFn: ({ signal }) => getPhoneSettings(signal) });

export const usePhoneSettings = () => useQuery(phoneSettingsQueryOptions());
