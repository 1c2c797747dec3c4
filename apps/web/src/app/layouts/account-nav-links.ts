import {
  IconApi,
  IconCertificate,
  IconChartBar,
  IconHistory,
  IconLayoutDashboard,
  IconSend,
  IconSettings,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
  IconWallet,
} from "@tabler/icons-react";
import { ROLES, type Role } from "@vela/shared/api";

const EVERYONE = ROLES;

/**
 * The account sidebar (spec §2), per role (spec §6): agents have senders and reports, businesses
 * API keys and their credentials and subscriptions. Labels are i18n keys under `account`.
 */
export const ACCOUNT_NAV_LINKS = [
  { to: "/account", label: "account.dashboard", icon: IconLayoutDashboard, exact: true, roles: EVERYONE },
  { to: "/account/send-money", label: "account.sendMoney", icon: IconSend, exact: false, roles: EVERYONE },
  {
    to: "/account/wallets",
    label: "account.wallets",
    icon: IconWallet,
    exact: false,
    roles: ["client", "business"],
  },
  { to: "/account/recipients", label: "account.recipients", icon: IconUsers, exact: false, roles: EVERYONE },
  { to: "/account/senders", label: "account.senders", icon: IconUsersGroup, exact: false, roles: ["agent"] },
  { to: "/account/history", label: "account.orders", icon: IconHistory, exact: false, roles: EVERYONE },
  { to: "/account/reports", label: "account.reports", icon: IconChartBar, exact: false, roles: ["agent"] },
  { to: "/account/api-keys", label: "account.apiKeys", icon: IconApi, exact: false, roles: ["business"] },
  {
    to: "/account/credentials",
    label: "account.credentials",
    icon: IconCertificate,
    exact: false,
    roles: ["business"],
  },
  { to: "/account/profile", label: "account.profile", icon: IconUserCircle, exact: false, roles: EVERYONE },
  { to: "/account/settings", label: "account.settings", icon: IconSettings, exact: false, roles: EVERYONE },
] as const satisfies readonly {
  to: string;
  label: string;
  icon: unknown;
  exact: boolean;
  roles: readonly Role[];
}[];

/** The sidebar links a role sees. */
export const navLinksFor = (role: Role | null) =>
  role === null ? [] : ACCOUNT_NAV_LINKS.filter((link) => link.roles.some((allowed) => allowed === role));
