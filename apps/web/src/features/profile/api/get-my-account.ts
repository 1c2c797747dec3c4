import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AuthUser, OnboardingStatus, Permissions } from "@vela/shared/auth";
import { api } from "@/shared/api/api-client";

/** The agency or company behind an agent's or business's account. */
export type Organization = { name: string } & Record<string, unknown>;

/** GET /my-account: the user with their organization, verification and permissions. */
export type MyAccount = {
  user: AuthUser;
  organization: Organization | null;
  onboarding: OnboardingStatus;
  permissions: Permissions;
};

export const getMyAccount = (signal?: AbortSignal) => api.get<MyAccount>("my-account", undefined, signal);

export const MY_ACCOUNT_QUERY_KEY = ["my-account"] as const;

export const myAccountQueryOptions = () =>
  queryOptions({ queryKey: MY_ACCOUNT_QUERY_KEY, queryFn: ({ signal }) => getMyAccount(signal) });

export const useMyAccount = () => useQuery(myAccountQueryOptions());
