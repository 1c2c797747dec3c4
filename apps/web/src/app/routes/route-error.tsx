import { Button, Group } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { StatusPage } from "./status-page";

/**
 * Shown in place of a page that failed to render or whose code failed to load (for example an
 * old tab asking for a chunk that a newer release replaced). A reload fetches the current release.
 */
export const RouteError = () => {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={<IconAlertTriangle size={36} stroke={1.6} aria-hidden />}
      title={t("routeError.title")}
      text={t("routeError.text")}
      action={
        <Group justify="center">
          <Button size="md" onClick={() => window.location.reload()}>
            {t("routeError.reload")}
          </Button>
          <Button component={Link} to="/" size="md" variant="default">
            {t("common.backHome")}
          </Button>
        </Group>
      }
    />
  );
};
