import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/recipients";
import { api } from "@/shared/api/api-client";
import { RECIPIENTS_PAGE_SIZE, type RecipientTypeFilter } from "./types";

/** The list filters of spec §3 (email, type, page, per_page), plus the quotation a step lists for. */
export type RecipientFilters = {
  email: string;
  type: RecipientTypeFilter;
  page: number;
  quotation_id?: number;
};

export const RECIPIENTS_QUERY_KEY = ["recipients"] as const;

/**
 * GET /api/recipients: a page of the user's recipients (10 a page). With `quotation_id`, only those
 * that can receive that quotation (its country, currency and delivery method).
 */
export const getRecipients = (filters: RecipientFilters, signal?: AbortSignal) =>
  api.call(
    contract.getRecipients,
    {
      query: {
        email: filters.email.trim(),
        type: filters.type,
        page: filters.page,
        per_page: RECIPIENTS_PAGE_SIZE,
        quotation_id: filters.quotation_id,
      },
    },
    { signal },
  );

export const recipientsQueryOptions = (filters: RecipientFilters) =>
  queryOptions({
    queryKey: [...RECIPIENTS_QUERY_KEY, "list", filters],
    queryFn: ({ signal }) => getRecipients(filters, signal),
    // The next page replaces the last one only when it arrives: the list does not jump.
    placeholderData: keepPreviousData,
  });

export const useRecipients = (filters: RecipientFilters) => useQuery(recipientsQueryOptions(filters));
