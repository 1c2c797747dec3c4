import { Alert, Skeleton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isSessionExpiredError } from "@/shared/api/api-error";

/**
 * What stands in for a query's content until it has data: a skeleton of the content's height while
 * it loads (and while an expired session is renewed: its error is not this query's), the load error
 * once it failed. Nothing once the data is there.
 */
export const QueryPlaceholder = ({
  query,
  skeletonHeight,
  errorText,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  skeletonHeight: number;
  /** What could not be loaded. */
  errorText: string;
}) => {
  const { t } = useTranslation();
  const isSessionExpired = isSessionExpiredError(query.error);
  return (
    <>
      {query.isPending || isSessionExpired ? <Skeleton height={skeletonHeight} radius="lg" /> : null}
      {query.isError && !isSessionExpired ? (
        <Alert color="red" title={t("errors.title")}>
          {errorText}
        </Alert>
      ) : null}
    </>
  );
};
