import { queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/** GET /settings/email-settings, in the shared contract's shape. */

export const getEmailSettings = (signal?: AbortSignal) => api.call(contract.getEmailSettings, {}, { signal });

export const EMAIL_SETTINGS_QUERY_KEY = ["settings", "email"] as const;

export const emailSettingsQueryOptions = () =>
  queryOptions({ queryKey: EMAIL_SETTINGS_QUERY_KEY, queryFn: ({ signal }) => getEmailSettings(signal) });

export const useEmailSettings = () => useQuery(emailSettingsQueryOptions());
