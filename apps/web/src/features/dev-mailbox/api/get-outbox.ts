import { queryOptions, useQuery } from "@tanstack/react-query";
import * as contract from "@vela/shared/contract/auth";
import { api } from "@/shared/api/api-client";

/** GET /dev/outbox: what the server would have e-mailed or texted, newest first. Absent (404) in production. */
export const getOutbox = (signal?: AbortSignal) => api.call(contract.getOutbox, { query: {} }, { signal });

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
 * Whether the footer links to the development mailbox: under the Vite dev server, or in a build
 * made with `VITE_DEV_MAILBOX=true`. Decided when the code is built, never by asking the server, so
 * a production page makes no request for it (a production server answers `/api/dev/outbox` with a
 * 404, which every visitor's console would show) and the production bundle drops the link. The
 * page itself, `/dev/mailbox`, works wherever the server keeps an outbox.
 */
export const hasDevMailboxLink = (): boolean =>
  import.meta.env.DEV || import.meta.env.VITE_DEV_MAILBOX === "true";
