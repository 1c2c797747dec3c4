import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-error";
import { notifyApiError } from "./notify";

/**
 * Per-query or per-mutation options read by the caches below.
 * `notifyOnError: false` is for screens that show the failure themselves (an inline error with a
 * retry button), so the user is not told twice.
 */
export type RequestMeta = { notifyOnError?: boolean; errorFallback?: string };

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

/**
 * The session-expired modal already speaks for a request refused because the session ran out, and
 * every money flow shows a refusal of its amount (a limit, issue 20) beside the amount itself.
 */
const isSilent = (error: unknown, meta: RequestMeta | undefined) =>
  meta?.notifyOnError === false ||
  (error instanceof ApiError &&
    (error.isSessionExpired || (error.status === 422 && error.errors?.amount !== undefined)));

/** Client errors (4xx) will not change on a retry; network failures and 5xx may. */
const shouldRetry = (failureCount: number, error: unknown) => {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
};

export const createQueryClient = () =>
  new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // "Most failed calls show an 'Error' notice with the server message" (spec §8).
        if (isSilent(error, query.meta)) return;
        notifyApiError(error, query.meta?.errorFallback);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isSilent(error, mutation.options.meta)) return;
        notifyApiError(error, mutation.options.meta?.errorFallback);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
