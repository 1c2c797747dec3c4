import { Button } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconLock } from "@tabler/icons-react";
import type { Role } from "@vela/shared/api";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { RoleAreaLabel } from "./require-role";
import { StatusPage } from "./status-page";

const ROLE_NAMES = {
  client: "roles.client",
  agent: "roles.agent",
  business: "roles.business",
} as const satisfies Record<Role, string>;

/** Shown in place of an area the signed-in role does not have. */
export const RoleRefusedRoute = ({ roles, area }: { roles: readonly Role[]; area: RoleAreaLabel }) => {
  const { t } = useTranslation();
  const areaName = t(area);
  useDocumentTitle(`${areaName} · Vela`);
  const allowed = roles.map((role) => t(ROLE_NAMES[role])).join(" / ");
  return (
    <StatusPage
      icon={<IconLock size={36} stroke={1.6} aria-hidden />}
      eyebrow={areaName}
      title={t("roleGuard.title", { roles: allowed })}
      text={t("roleGuard.text", { area: areaName, roles: allowed })}
      action={
        <Button component={Link} to="/account" size="md">
          {t("account.dashboard")}
        </Button>
      }
    />
  );
};
