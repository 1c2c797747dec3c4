import { Button } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconMapSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { StatusPage } from "./status-page";

/** Any client route we do not know. Inside the account area the way out leads to the dashboard. */
export const NotFoundRoute = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useDocumentTitle(t("notFound.documentTitle"));
  const inAccount = pathname.startsWith("/account");
  return (
    <StatusPage
      icon={<IconMapSearch size={36} stroke={1.6} aria-hidden />}
      eyebrow={t("notFound.code")}
      title={t("notFound.title")}
      text={t("notFound.text")}
      action={
        <Button component={Link} to={inAccount ? "/account" : "/"} size="md">
          {inAccount ? t("account.dashboard") : t("common.backHome")}
        </Button>
      }
    />
  );
};
