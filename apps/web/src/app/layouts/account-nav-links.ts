import {
  IconApi,
  IconCertificate,
  IconChartBar,
  IconDeviceMobile,
  IconGift,
  IconHistory,
  IconLayoutDashboard,
  IconReceipt,
  IconSend,
  IconSettings,
  IconShieldCheck,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
  IconWallet,
} from "@tabler/icons-react";
import { ROLES, type Role } from "@vela/shared/api";
import type { PermissionKey, Permissions } from "@vela/shared/auth";

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
  {
    to: "/account/reload-phones",
    label: "account.reloadPhones",
    icon: IconDeviceMobile,
    exact: false,
    roles: EVERYONE,
    permission: "recharge",
  },
  {
    to: "/account/gift-cards",
    label: "account.giftCards",
    icon: IconGift,
    exact: false,
    roles: EVERYONE,
    permission: "giftcard",
  },
  {
    to: "/account/pay-bills",
    label: "account.payBills",
    icon: IconReceipt,
    exact: false,
    roles: EVERYONE,
    permission: "paybill",
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
  {
    to: "/account/verification",
    label: "account.verification",
    icon: IconShieldCheck,
    exact: false,
    roles: EVERYONE,
  },
  { to: "/account/settings", label: "account.settings", icon: IconSettings, exact: false, roles: EVERYONE },
] as const satisfies readonly {
  to: string;
  label: string;
  icon: unknown;
  exact: boolean;
  roles: readonly Role[];
  /** A service the session's permissions may switch off (spec §6): its link is then hidden. */
  permission?: PermissionKey;
}[];

/** The sidebar links a role sees, without the services its permissions switch off. */
export const navLinksFor = (role: Role | null, permissions?: Permissions) =>
  role === null
    ? []
    : ACCOUNT_NAV_LINKS.filter(
        (link) =>
          link.roles.some((allowed) => allowed === role) &&
          (!("permission" in link) || !permissions || permissions[link.permission]),
      );
