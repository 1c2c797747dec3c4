import { Button } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconTools } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Messages } from "@/shared/i18n/locales/en";
import { StatusPage } from "./status-page";

export type PlaceholderPage = keyof Messages["placeholder"]["pages"];

/** A public page the spec names that is not built yet: says so plainly and leads back home. */
export const ComingSoonRoute = ({ page }: { page: PlaceholderPage }) => {
  const { t } = useTranslation();
  const pageName = t(`placeholder.pages.${page}`);
  useDocumentTitle(`${t("placeholder.title")} · Vela`);
  return (
    <StatusPage
      icon={<IconTools size={36} stroke={1.6} aria-hidden />}
      eyebrow={t("common.comingSoon")}
      title={t("placeholder.title")}
      text={t("placeholder.text", { page: pageName })}
      action={
        <Button component={Link} to="/" size="md">
          {t("common.backHome")}
        </Button>
      }
    />
  );
};
