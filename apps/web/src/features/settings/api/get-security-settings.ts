import { queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/** GET /settings/security: two-step verification and what it can use. */
export const getSecuritySettings = (signal?: AbortSignal) =>
  api.call(contract.getSecuritySettings, {}, { signal });

export const SECURITY_SETTINGS_QUERY_KEY = ["settings", "security"] as const;

export const securitySettingsQueryOptions = () =>
  queryOptions({
    queryKey: SECURITY_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => getSecuritySettings(signal),
  });

export const useSecuritySettings = () => useQuery(securitySettingsQueryOptions());
