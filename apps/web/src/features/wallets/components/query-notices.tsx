import { Alert } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * What the wallet screens show above a query's content while it is not there to show: `loading`
 * while it loads, `errorText` as an alert when it failed, and `emptyText` (when given) once it
 * answered and `isEmpty` says there is nothing to list.
 */
export const QueryNotices = ({
  query,
  loading,
  errorText,
  emptyText,
  isEmpty = false,
}: {
  query: { isPending: boolean; isError: boolean; data?: unknown };
  loading: ReactNode;
  errorText: string;
  emptyText?: string;
  isEmpty?: boolean;
}) => (
  <>
    {query.isPending ? loading : null}
    {query.isError ? (
      <Alert color="red" variant="light" role="alert">
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
