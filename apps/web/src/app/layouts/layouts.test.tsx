import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AuthUser } from "@vela/shared/auth";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthModalStore } from "@/features/auth/stores/auth-modal-store";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import { changeLanguage, LANGUAGE_STORAGE_KEY } from "@/shared/i18n/i18n";
import { useLayoutStore } from "@/shared/layout/layout-store";
import { RightPanelContent, SummaryPanelContent } from "@/shared/layout/panel-slots";
import { requests, server } from "@/test/api-server";
import { CLIENT_USER } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { sendMoneyHandlers } from "@/test/send-money-api";
import { signIn } from "@/test/session-api";
import { AppRoutes } from "../router";
import { AccountLayout } from "./account-layout";
import { navLinksFor } from "./account-nav-links";

const stubHomeApi = () => server.use(...sendMoneyHandlers());

/** Signs `user` in, with the calls the account area makes on the way in answered. */
const signInAs = (user: AuthUser = CLIENT_USER) => server.use(...signIn(user), ...sendMoneyHandlers());

const sidebarLinks = () =>
  within(screen.getByRole("navigation", { name: "Account" }))
    .getAllByRole("link")
    .map((link) => link.textContent);

afterEach(async () => {
  useAuthStore.getState().logout();
  useAuthModalStore.getState().close();
  await changeLanguage("en");
  useLayoutStore.setState({ rightPanelOpen: true, summaryPanelOpen: false, responsiveForm: false });
});

/** A page of a future flow that fills both panels of the account layout. */
const QuotePage = () => (
  <>
    <h1>Quote</h1>
    <RightPanelContent>
      <p>Rate 1 USD = 17.05 MXN</p>
    </RightPanelContent>
    <SummaryPanelContent>
      <p>Total 105.00 USD</p>
    </SummaryPanelContent>
  </>
);

describe("public layout", () => {
  it("renders the home page inside the header, main and footer landmarks, with one h1", async () => {
    stubHomeApi();

    renderWithApp(<AppRoutes />, { route: "/" });

    expect(await screen.findByRole("heading", { level: 1 })).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("main")).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Send money", "Track a transfer", "Help", "Business"]);
    // Log in and sign up open the auth modal in place, so they are buttons.
    expect(screen.getAllByRole("button", { name: "Log in" }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole("button", { name: "Sign up" }).length).toBeGreaterThan(0);
    // The home card has loaded its selectors from the (stubbed) API.
    expect(await screen.findByLabelText("You send from")).toBeTruthy();
  });

  it("links the development mailbox without asking the server, and not at all in a production build", async () => {
    stubHomeApi();
    const footer = async () => {
      await screen.findByRole("heading", { level: 1, name: "This page is on its way" });
      return within(screen.getByRole("contentinfo"));
    };

    // A development build (Vitest runs as one): the link is there from the first render.
    const development = renderWithApp(<AppRoutes />, { route: "/help" });
    expect((await footer()).getByRole("link", { name: "Development mailbox" }).getAttribute("href")).toBe(
      "/dev/mailbox",
    );
    development.unmount();

    // A production build: no link.
    vi.stubEnv("DEV", false);
    try {
      renderWithApp(<AppRoutes />, { route: "/help" });
      expect((await footer()).queryByRole("link", { name: "Development mailbox" })).toBeNull();
    } finally {
      vi.unstubAllEnvs();
    }
    // Neither asked the server whether it keeps a mailbox (a production server answers 404).
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(requests.filter((request) => request.url.includes("/dev/outbox"))).toEqual([]);
  });

  it("switches the whole page to Spanish, remembers it and updates <html lang>", async () => {
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, { route: "/help" });
    await screen.findByRole("heading", { level: 1, name: "This page is on its way" });

    await user.click(screen.getAllByRole("radio", { name: "Español" })[0]!);

    expect(await screen.findByRole("heading", { level: 1, name: "Esta página está en camino" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Principal" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("es");
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("es");
  });

  it("opens the phone menu from the burger", async () => {
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, { route: "/help" });

    await user.click(await screen.findByRole("button", { name: "Open menu" }));

    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("link", { name: "Track a transfer" })).toBeTruthy();
  });

  it("shows 'My account' instead of log in and sign up to a signed-in visitor", async () => {
    signInAs();
    renderWithApp(<AppRoutes />, { route: "/help" });

    expect((await screen.findAllByRole("link", { name: "My account" }))[0]?.getAttribute("href")).toBe(
      "/account",
    );
    expect(screen.queryByRole("button", { name: "Log in" })).toBeNull();
  });

  it("answers an unknown address with a 404 page that leads home", async () => {
    renderWithApp(<AppRoutes />, { route: "/no-such-page" });

    expect(await screen.findByRole("heading", { level: 1, name: "We can't find that page" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
  });
});

describe("account layout", () => {
  it("renders the sidebar, the dashboard and the right panel", async () => {
    signInAs();
    renderWithApp(<AppRoutes />, { route: "/account" });

    expect(await screen.findByRole("heading", { level: 1, name: "Welcome to Vela" })).toBeTruthy();
    expect(screen.getByText("Your balances and latest transfers at a glance.")).toBeTruthy();
    const sidebar = screen.getByRole("navigation", { name: "Account" });
    // A client's sidebar: no agent or business areas.
    expect(sidebarLinks()).toEqual([
      "Dashboard",
      "Send money",
      "Wallets",
      "Phone top-up",
      "Gift cards",
      "Pay bills",
      "Recipients",
      "Order history",
      "Profile",
      "Identity verification",
      "Settings",
    ]);
    expect(within(sidebar).getByTestId("account-user-name").textContent).toBe("Ana López");
    expect(within(sidebar).getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(screen.getByRole("complementary", { name: "Details" })).toBeTruthy();
  });

  it("gives agents senders and reports, and businesses API keys and credentials (spec §6)", async () => {
    signInAs({ ...CLIENT_USER, role: "agent", organization_name: "Agencia Sol" });
    const { unmount } = renderWithApp(<AppRoutes />, { route: "/account" });
    await screen.findByRole("heading", { level: 1, name: "Welcome to Vela" });
    expect(sidebarLinks()).toEqual([
      "Dashboard",
      "Send money",
      "Phone top-up",
      "Gift cards",
      "Pay bills",
      "Recipients",
      "Senders",
      "Order history",
      "Reports",
      "Profile",
      "Identity verification",
      "Settings",
    ]);
    expect(screen.getByTestId("account-user-name").textContent).toBe("Agencia Sol");
    unmount();

    signInAs({ ...CLIENT_USER, role: "business", organization_name: "Acme" });
    renderWithApp(<AppRoutes />, { route: "/account" });
    await screen.findByRole("heading", { level: 1, name: "Welcome to Vela" });
    expect(sidebarLinks()).toEqual([
      "Dashboard",
      "Send money",
      "Wallets",
      "Phone top-up",
      "Gift cards",
      "Pay bills",
      "Recipients",
      "Order history",
      "API keys",
      "Credentials and subscriptions",
      "Profile",
      "Identity verification",
      "Settings",
    ]);
  });

  it("hides the purchase services the session's permissions switch off", () => {
    const labels = (permissions: Parameters<typeof navLinksFor>[1]) =>
      navLinksFor("client", permissions).map((link) => link.label);
    expect(labels({ giftcard: true, paybill: true, recharge: true, sendmoney: true })).toEqual(
      expect.arrayContaining(["account.reloadPhones", "account.giftCards", "account.payBills"]),
    );
    const off = labels({ giftcard: false, paybill: false, recharge: false, sendmoney: true });
    expect(off).not.toContain("account.reloadPhones");
    expect(off).not.toContain("account.giftCards");
    expect(off).not.toContain("account.payBills");
    expect(off).toContain("account.sendMoney");
  });

  it("refuses an area of another role with a page that says so", async () => {
    signInAs();
    renderWithApp(<AppRoutes />, { route: "/account/reports" });

    expect(
      await screen.findByRole("heading", { level: 1, name: "This area is for Agent accounts" }),
    ).toBeTruthy();
    expect(screen.getByText(/Reports is part of Agent accounts/)).toBeTruthy();
  });

  it("sends a signed-out visitor home with the login form, remembering the page they asked for", async () => {
    stubHomeApi();
    renderWithApp(<AppRoutes />, { route: "/account/recipients" });

    expect(await screen.findByRole("dialog", {}, { timeout: 10_000 })).toBeTruthy();
    expect(useAuthModalStore.getState()).toMatchObject({
      opened: true,
      view: "login",
      returnTo: "/account/recipients",
    });
    expect(await screen.findByLabelText("You send from")).toBeTruthy();
  });

  it("opens the summary panel from the header and through the layout store", async () => {
    signInAs();
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, { route: "/account" });

    await user.click(await screen.findByRole("button", { name: "Show summary" }));
    expect(await screen.findByRole("dialog", { name: "Summary" })).toBeTruthy();
    expect(useLayoutStore.getState().summaryPanelOpen).toBe(true);

    act(() => useLayoutStore.getState().setSummaryPanelOpen(false));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Summary" })).toBeNull());
  });

  it("lets a page fill the right panel and the summary panel", async () => {
    renderWithApp(
      <Routes>
        <Route path="account" element={<AccountLayout />}>
          <Route index element={<QuotePage />} />
        </Route>
      </Routes>,
      { route: "/account" },
    );

    const panel = await screen.findByRole("complementary", { name: "Details" });
    expect(await within(panel).findByText("Rate 1 USD = 17.05 MXN")).toBeTruthy();

    act(() => useLayoutStore.getState().setSummaryPanelOpen(true));
    const summary = await screen.findByRole("dialog", { name: "Summary" });
    expect(await within(summary).findByText("Total 105.00 USD")).toBeTruthy();
  });

  it("marks the current section and shows an honest placeholder for sections still to come", async () => {
    signInAs({ ...CLIENT_USER, role: "business", organization_name: "Acme" });
    renderWithApp(<AppRoutes />, { route: "/account/api-keys" });

    expect(await screen.findByRole("heading", { level: 1, name: "API keys" })).toBeTruthy();
    expect(screen.getByText("API keys is on its way")).toBeTruthy();
    const sidebar = screen.getByRole("navigation", { name: "Account" });
    expect(within(sidebar).getByRole("link", { name: "API keys" }).getAttribute("aria-current")).toBe("page");
  });

  it("logs out from the sidebar: ends the session on the server, forgets it here and goes home", async () => {
    signInAs();
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, { route: "/account" });

    await user.click(await screen.findByRole("button", { name: "Log out" }));

    expect(await screen.findByLabelText("You send from")).toBeTruthy();
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null, type: null, userType: null });
    expect(requests.some((request) => request.url === "/api/authentication/logout")).toBe(true);
    // Going home after logging out does not ask to log in again.
    expect(useAuthModalStore.getState().opened).toBe(false);
  });

  it("answers an unknown account address with a 404 that leads to the dashboard", async () => {
    signInAs();
    renderWithApp(<AppRoutes />, { route: "/account/nope" });

    expect(await screen.findByRole("heading", { level: 1, name: "We can't find that page" })).toBeTruthy();
    expect(
      screen.getAllByRole("link", { name: "Dashboard" }).some((link) => link.textContent === "Dashboard"),
    ).toBe(true);
  });
});
