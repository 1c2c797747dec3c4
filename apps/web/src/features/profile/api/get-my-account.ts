import { queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

export type { AccountOrganization as Organization, MyAccount } from "@vela/shared/auth";

/** GET /my-account: the user with their organization, verification and permissions. */
export const getMyAccount = (signal?: AbortSignal) => api.call(contract.getMyAccount, {}, { signal });

export const MY_ACCOUNT_QUERY_KEY = ["my-account"] as const;

export const myAccountQueryOptions = () =>
  queryOptions({ queryKey: MY_ACCOUNT_QUERY_KEY, queryFn: ({ signal }) => getMyAccount(signal) });

export const useMyAccount = () => useQuery(myAccountQueryOptions());
