import type { Role } from "@vela/shared/api";
import type { ReactNode } from "react";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { RoleRefusedRoute } from "./role-refused-route";

type RequireRoleProps = {
  roles: readonly Role[];
  /** The area's name (an `account.*` label key), for the refusal page. */
  area: RoleAreaLabel;
  children: ReactNode;
};

export type RoleAreaLabel =
  | "account.senders"
  | "account.reports"
  | "account.apiKeys"
  | "account.credentials"
  | "account.wallets";

/** An area only some roles have (spec §6): other roles get a page that says so, not a broken screen. */
export const RequireRole = ({ roles, area, children }: RequireRoleProps) => {
  const role = useAuthStore((state) => state.type);
  if (role && roles.includes(role)) return children;
  return <RoleRefusedRoute roles={roles} area={area} />;
};
