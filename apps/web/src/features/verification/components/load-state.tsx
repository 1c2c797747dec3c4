import type { ReactNode } from "react";
import { isSessionExpiredError } from "@/shared/api/api-error";
import { LoadErrorAlert } from "@/shared/ui/load-error-alert";

/**
 * A part of the page while its query has no data: `loading` while it loads (or while an expired
 * session is renewed, which is not this query's failure), then the shared load error with a retry.
 */
export const LoadState = ({
  query,
  loading,
  errorText,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  loading: ReactNode;
  errorText: string;
}) => {
  if (query.isPending || isSessionExpiredError(query.error)) return <>{loading}</>;
  if (query.isError) return <LoadErrorAlert text={errorText} onRetry={() => void query.refetch()} />;
  return null;
};
