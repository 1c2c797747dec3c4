import type { AuthUser } from "@vela/shared/auth";
import { examineDashboardRules, logout, sessionCheckEndpoint } from "@vela/shared/contract/auth";
import { getRecentActivity } from "@vela/shared/contract/orders";
import { getWalletDashboard } from "@vela/shared/contract/wallets";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { handle } from "./contract-handlers";
import { CLIENT_USER, sessionFor } from "./fixtures";

/** GET /authentication/me answering `user`'s session (what a page reloads after a contact is verified). */
export const sessionCheckOf = (user: AuthUser = CLIENT_USER) => {
  const session = sessionFor(user);
  return handle(sessionCheckEndpoint, {
    role: session.role,
    user_type: session.user_type,
    user,
    permissions: session.permissions,
    onboarding: session.onboarding,
  });
};

/** The dashboard's calls on arrival: its rules (nothing to ask) and its cards (no orders, no wallets). */
export const dashboardArrival = () => [
  handle(examineDashboardRules, { allowed: true, hide_modal: true, modal: null }),
  handle(getRecentActivity, []),
  handle(getWalletDashboard, { wallets: [], services: [], statuses: [] }),
];

/**
 * Signs `user` in (the stored session) and answers the calls the account area makes on the way in:
 * the session check, the dashboard's rules (nothing to ask), its cards (no orders, no wallets) and
 * logging out.
 */
export const signIn = (user: AuthUser = CLIENT_USER) => {
  useAuthStore.getState().setAuthSession(sessionFor(user));
  return [sessionCheckOf(user), ...dashboardArrival(), handle(logout, null)];
};
