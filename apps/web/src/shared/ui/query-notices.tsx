import { Alert } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { isSessionExpiredError } from "@/shared/api/api-error";

/**
 * What stands above or in for a query's content while it is not there to show: `loading` while it
 * loads (and while an expired session is renewed: that error is not this query's), `errorText` under
 * the error title once it failed, and `emptyText` (when given) once it answered and `isEmpty` says
 * there is nothing to list. Nothing once there is content.
 */
export const QueryNotices = ({
  query,
  loading,
  errorText,
  emptyText,
  isEmpty = false,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data?: unknown };
  loading: ReactNode;
  /** What could not be loaded. */
  errorText: string;
  emptyText?: string;
  isEmpty?: boolean;
}) => {
  const { t } = useTranslation();
  const isSessionExpired = isSessionExpiredError(query.error);
  return (
    <>
      {query.isPending || isSessionExpired ? loading : null}
      {query.isError && !isSessionExpired ? (
        <Alert color="red" variant="light" title={t("errors.title")}>
          {errorText}
        </Alert>
      ) : null}
      {emptyText !== undefined && query.data && isEmpty ? (
        <Alert color="gray" variant="light">
          {emptyText}
        </Alert>
      ) : null}
    </>
  );
};
