import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/recipients";
import type { InvitationStatus } from "@vela/shared/external-recipients";
import { api } from "@/shared/api/api-client";
import { RECIPIENTS_QUERY_KEY } from "./get-recipients";
import { RECIPIENTS_PAGE_SIZE } from "./types";

export type InvitationFilters = { page: number; status?: InvitationStatus };

/**
 * Under the recipients key: whatever reloads the recipients (a confirm, a sent link) reloads the
 * invitations too.
 */
export const INVITATIONS_QUERY_KEY = [...RECIPIENTS_QUERY_KEY, "invitations"] as const;

/** GET /api/recipients/invitations: the user's invitations and where each stands, newest first. */
export const getInvitations = (filters: InvitationFilters, signal?: AbortSignal) =>
  api.call(
    contract.getInvitations,
    { query: { page: filters.page, per_page: RECIPIENTS_PAGE_SIZE, status: filters.status } },
    { signal },
  );

export const invitationsQueryOptions = (filters: InvitationFilters) =>
  queryOptions({
    queryKey: [...INVITATIONS_QUERY_KEY, filters],
    queryFn: ({ signal }) => getInvitations(filters, signal),
    placeholderData: keepPreviousData,
    // The panel says so itself (with a retry); the recipients list above stays usable.
    meta: { notifyOnError: false },
  });

export const useInvitations = (filters: InvitationFilters) => useQuery(invitationsQueryOptions(filters));
