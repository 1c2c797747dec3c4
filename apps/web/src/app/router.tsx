import type { Role } from "@vela/shared/api";
import { lazy, type ReactNode, Suspense } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { AuthModalHost } from "@/features/auth/components/auth-modal-host";
import { PublicLayout } from "./layouts/public-layout";
import { AuthPromptRoute } from "./routes/auth-prompt-route";
import { PageLoader } from "./routes/page-loader";
import { RequireRole, type RoleAreaLabel } from "./routes/require-role";
import { RequireSession } from "./routes/require-session";
import { ServiceRulesGate } from "./routes/service-rules-gate";

/**
 * Public pages named by the spec's marketing area that are not built yet. They answer with an
 * honest "on its way" page instead of a 404, so the header and footer never lead nowhere.
 */
export const PLACEHOLDER_PAGES = {
  "send-money": "sendMoney",
  help: "help",
  business: "business",
  blog: "blog",
  "contact-us": "contact",
  testimonials: "testimonials",
  promotions: "promotions",
  "find-location": "locations",
  "terms-and-conditions": "terms",
  faqs: "faqs",
  "waiting-list": "waitingList",
  "gift-cards": "giftCards",
  "pay-bills": "billPayment",
  "phone-top-up": "phoneTopUp",
  wallets: "wallets",
} as const;

/** The account area's sections still to be filled in by their own features. */
export const ACCOUNT_SECTIONS = ["senders", "reports", "api-keys", "credentials"] as const;

/** Sections only some roles have (spec §6); the rest are open to every signed-in user. */
const ROLE_AREAS: Partial<
  Record<(typeof ACCOUNT_SECTIONS)[number], { roles: readonly Role[]; label: RoleAreaLabel }>
> = {
  senders: { roles: ["agent"], label: "account.senders" },
  reports: { roles: ["agent"], label: "account.reports" },
  "api-keys": { roles: ["business"], label: "account.apiKeys" },
  credentials: { roles: ["business"], label: "account.credentials" },
};

/** The settings pages, in the order of their tabs. */
export const SETTINGS_PAGES = ["security", "phone", "email", "password", "cards", "banks"] as const;

// Every page is its own chunk, and so is the account layout: the first page only downloads what
// it shows. The public layout is part of the entry because every public page needs it.
const HomePageRoute = lazy(() =>
  import("./routes/home-page-route").then((m) => ({ default: m.HomePageRoute })),
);
const ComingSoonRoute = lazy(() =>
  import("./routes/coming-soon-route").then((m) => ({ default: m.ComingSoonRoute })),
);
const NotFoundRoute = lazy(() =>
  import("./routes/not-found-route").then((m) => ({ default: m.NotFoundRoute })),
);
const AccountLayout = lazy(() =>
  import("./layouts/account-layout").then((m) => ({ default: m.AccountLayout })),
);
const DashboardRoute = lazy(() =>
  import("./routes/dashboard-route").then((m) => ({ default: m.DashboardRoute })),
);
const AccountSectionRoute = lazy(() =>
  import("./routes/account-section-route").then((m) => ({ default: m.AccountSectionRoute })),
);
const ProfileRoute = lazy(() =>
  import("@/features/profile/routes/profile-route").then((m) => ({ default: m.ProfileRoute })),
);
const RecipientsRoute = lazy(() =>
  import("@/features/recipients/routes/recipients-route").then((m) => ({ default: m.RecipientsRoute })),
);
const SendMoneyFlowRoute = lazy(() =>
  import("./routes/send-money-flow-route").then((m) => ({ default: m.SendMoneyFlowRoute })),
);
const SettingsLayout = lazy(() =>
  import("@/features/settings/routes/settings-layout").then((m) => ({ default: m.SettingsLayout })),
);
const SecuritySettingsRoute = lazy(() =>
  import("@/features/settings/routes/security-settings-route").then((m) => ({
    default: m.SecuritySettingsRoute,
  })),
);
const PhoneSettingsRoute = lazy(() =>
  import("@/features/settings/routes/phone-settings-route").then((m) => ({ default: m.PhoneSettingsRoute })),
);
const EmailSettingsRoute = lazy(() =>
  import("@/features/settings/routes/email-settings-route").then((m) => ({ default: m.EmailSettingsRoute })),
);
const PasswordSettingsRoute = lazy(() =>
  import("@/features/settings/routes/password-settings-route").then((m) => ({
    default: m.PasswordSettingsRoute,
  })),
);
const SavedCardsRoute = lazy(() =>
  import("@/features/payments/routes/saved-cards-route").then((m) => ({ default: m.SavedCardsRoute })),
);
const SavedBanksRoute = lazy(() =>
  import("@/features/payments/routes/saved-banks-route").then((m) => ({ default: m.SavedBanksRoute })),
);
const VerificationRoute = lazy(() =>
  import("./routes/verification-area-route").then((m) => ({ default: m.VerificationAreaRoute })),
);
const RecipientInvitationRoute = lazy(() =>
  import("@/features/recipient-invitation/routes/recipient-invitation-route").then((m) => ({
    default: m.RecipientInvitationRoute,
  })),
);
const MailboxRoute = lazy(() =>
  import("@/features/dev-mailbox/routes/mailbox-route").then((m) => ({ default: m.MailboxRoute })),
);

const HistoryRoute = lazy(() =>
  import("@/features/history/routes/history-route").then((m) => ({ default: m.HistoryRoute })),
);
const OrderDetailsRoute = lazy(() =>
  import("@/features/history/routes/order-details-route").then((m) => ({ default: m.OrderDetailsRoute })),
);
const TrackingRoute = lazy(() =>
  import("@/features/history/routes/tracking-route").then((m) => ({ default: m.TrackingRoute })),
);

const WalletsRoute = lazy(() =>
  import("@/features/wallets/routes/wallets-route").then((m) => ({ default: m.WalletsRoute })),
);
const WalletMoneyFlowRoute = lazy(() =>
  import("./routes/wallet-money-flow-route").then((m) => ({ default: m.WalletMoneyFlowRoute })),
);
const WalletSendRoute = lazy(() =>
  import("@/features/wallets/routes/wallet-send-route").then((m) => ({ default: m.WalletSendRoute })),
);
const WalletWithdrawFlowRoute = lazy(() =>
  import("./routes/wallet-withdraw-flow-route").then((m) => ({ default: m.WalletWithdrawFlowRoute })),
);

const PurchaseFlowRoute = lazy(() =>
  import("./routes/purchase-flow-route").then((m) => ({ default: m.PurchaseFlowRoute })),
);
const GiftCardsRoute = lazy(() =>
  import("./routes/gift-card-pages-route").then((m) => ({ default: m.GiftCardsRoute })),
);
const GiftCardBrandRoute = lazy(() =>
  import("./routes/gift-card-pages-route").then((m) => ({ default: m.GiftCardBrandRoute })),
);

/** A redirect that keeps the query (a shared wallet link: `/account/wallets/send?wallet_id=VW-…`). */
const NavigateKeepingSearch = ({ to }: { to: string }) => {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
};

/** Wallets are for clients and businesses (the sidebar shows them only those); agents are told so. */
const WALLET_ROLES: readonly Role[] = ["client", "business"];
const walletElement = (page: ReactNode) => (
  <RequireRole roles={WALLET_ROLES} area="account.wallets">
    {page}
  </RequireRole>
);

/** A wallet flow that moves money: behind the money-moving rule (a verified phone) too. */
const walletFlow = (page: ReactNode) =>
  walletElement(<ServiceRulesGate service="wallet">{page}</ServiceRulesGate>);

const SendersRoute = lazy(() =>
  import("@/features/senders/routes/senders-route").then((m) => ({ default: m.SendersRoute })),
);

const sectionElement = (section: (typeof ACCOUNT_SECTIONS)[number]) => {
  const area = ROLE_AREAS[section];
  const page = section === "senders" ? <SendersRoute /> : <AccountSectionRoute section={section} />;
  return area ? (
    <RequireRole roles={area.roles} area={area.label}>
      {page}
    </RequireRole>
  ) : (
    page
  );
};

/** The SPA's routes. Mounted under a BrowserRouter by the app, under a MemoryRouter by tests. */
export const AppRoutes = () => (
  <>
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<HomePageRoute />} />
          {Object.entries(PLACEHOLDER_PAGES).map(([path, page]) => (
            <Route key={path} path={path} element={<ComingSoonRoute page={page} />} />
          ))}
          <Route path="tracking" element={<TrackingRoute />} />
          <Route path="tracking/:number" element={<TrackingRoute />} />
          <Route path="login" element={<AuthPromptRoute view="login" />} />
          <Route path="signup" element={<AuthPromptRoute view="register" />} />
          <Route path="dev/mailbox" element={<MailboxRoute />} />
          <Route path="recipient-invitation" element={<RecipientInvitationRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
        <Route
          path="account"
          element={
            <RequireSession>
              <AccountLayout />
            </RequireSession>
          }
        >
          <Route index element={<DashboardRoute />} />
          {ACCOUNT_SECTIONS.map((section) => (
            <Route key={section} path={section} element={sectionElement(section)} />
          ))}
          <Route path="wallets" element={walletElement(<WalletsRoute />)} />
          <Route path="wallets/deposit" element={<Navigate to="amount" replace />} />
          <Route
            path="wallets/deposit/:step"
            element={walletFlow(<WalletMoneyFlowRoute key="deposit" flow="deposit" />)}
          />
          <Route path="wallets/convert" element={<Navigate to="amount" replace />} />
          <Route
            path="wallets/convert/:step"
            element={walletFlow(<WalletMoneyFlowRoute key="convert" flow="convert" />)}
          />
          <Route path="wallets/send" element={<NavigateKeepingSearch to="recipient" />} />
          <Route path="wallets/send/:step" element={walletFlow(<WalletSendRoute />)} />
          <Route path="wallets/withdraw" element={<Navigate to="method" replace />} />
          <Route path="wallets/withdraw/:step" element={walletFlow(<WalletWithdrawFlowRoute />)} />
          <Route path="reload-phones" element={<Navigate to="amount" replace />} />
          <Route
            path="reload-phones/:step"
            element={<PurchaseFlowRoute key="reload-phones" service="reload-phones" />}
          />
          <Route path="gift-cards" element={<GiftCardsRoute />} />
          <Route path="gift-cards/brand/:id" element={<GiftCardBrandRoute />} />
          <Route
            path="gift-cards/:step"
            element={<PurchaseFlowRoute key="gift-cards" service="gift-cards" />}
          />
          <Route path="pay-bills" element={<Navigate to="service" replace />} />
          <Route
            path="pay-bills/:step"
            element={<PurchaseFlowRoute key="prepaid-pay-bills" service="prepaid-pay-bills" />}
          />
          <Route path="history" element={<HistoryRoute />} />
          <Route path="history/:id" element={<OrderDetailsRoute />} />
          <Route path="orders" element={<Navigate to="/account/history" replace />} />
          <Route path="recipients" element={<RecipientsRoute />} />
          <Route path="send-money" element={<Navigate to="amount" replace />} />
          <Route
            path="send-money/:step"
            element={
              <ServiceRulesGate service="sendmoney">
                <SendMoneyFlowRoute />
              </ServiceRulesGate>
            }
          />
          <Route path="profile" element={<ProfileRoute />} />
          <Route path="verification" element={<VerificationRoute />} />
          <Route path="settings" element={<SettingsLayout />}>
            <Route index element={<Navigate to="security" replace />} />
            <Route path="security" element={<SecuritySettingsRoute />} />
            <Route path="phone" element={<PhoneSettingsRoute />} />
            <Route path="email" element={<EmailSettingsRoute />} />
            <Route path="password" element={<PasswordSettingsRoute />} />
            <Route path="cards" element={<SavedCardsRoute />} />
            <Route path="banks" element={<SavedBanksRoute />} />
          </Route>
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </Suspense>
    <AuthModalHost />
  </>
);
