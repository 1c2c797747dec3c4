import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutboxMessage } from "@vela/shared/auth";
import { api } from "@/shared/api/api-client";
import { isApiError } from "@/shared/api/api-error";

/** GET /dev/outbox: what the server would have e-mailed or texted, newest first. Absent (404) in production. */
export const getOutbox = (signal?: AbortSignal) => api.get<OutboxMessage[]>("dev/outbox", undefined, signal);

export const OUTBOX_QUERY_KEY = ["dev", "outbox"] as const;

export const outboxQueryOptions = () =>
  queryOptions({
    queryKey: OUTBOX_QUERY_KEY,
    queryFn: ({ signal }) => getOutbox(signal),
    // A new code arrives while the page is open: look again every few seconds.
    refetchInterval: 4000,
    staleTime: 0,
    meta: { notifyOnError: false },
  });

export const useOutbox = () => useQuery(outboxQueryOptions());

/**
 * Whether this server has the development mailbox: asked once per visit, and only the answer
 * "it is not here" (404) hides the link. Shown in the footer outside production.
 */
export const useIsOutboxAvailable = (): boolean => {
  const { data, error } = useQuery({
    queryKey: [...OUTBOX_QUERY_KEY, "available"],
    queryFn: async ({ signal }) => {
      try {
        await getOutbox(signal);
        return true;
      } catch (caught) {
        if (isApiError(caught) && caught.status === 404) return false;
        throw caught;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { notifyOnError: false },
  });
  return data === true && !error;
};
