import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/shared/api/api-client";

/** GET /settings/email-settings (not in the shared contract; shape as the API describes it). */
export type EmailSettings = { email: string; email_verified: boolean; pending_email: string | null };

export const getEmailSettings = (signal?: AbortSignal) =>
  api.get<EmailSettings>("settings/email-settings", undefined, signal);

export const EMAIL_SETTINGS_QUERY_KEY = ["settings", "email"] as const;

export const emailSettingsQueryOptions = () =>
  queryOptions({ queryKey: EMAIL_SETTINGS_QUERY_KEY, queryFn: ({ signal }) => getEmailSettings(signal) });

export const useEmailSettings = () => useQuery(emailSettingsQueryOptions());
