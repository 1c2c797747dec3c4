import { Alert, Skeleton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isSessionExpiredError } from "@/shared/api/api-error";

type SettingsQuery = { isPending: boolean; error: unknown };

/**
 * Stands in for a settings section that has nothing to show yet: a skeleton while its query loads
 * or waits for a renewed session, otherwise a note that it could not be loaded.
 */
export const SettingsFallback = ({ query, height }: { query: SettingsQuery; height: number }) => {
  const { t } = useTranslation();
  if (query.isPending || isSessionExpiredError(query.error)) return <Skeleton height={height} radius="lg" />;
  return (
    <Alert color="red" title={t("errors.title")}>
      {t("settings.loadError")}
    </Alert>
  );
};
