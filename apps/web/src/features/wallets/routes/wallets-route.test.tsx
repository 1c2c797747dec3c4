import { screen, waitFor, within } from "@testing-library/react";
import { Route } from "react-router";
import { describe, expect, it } from "vitest";
import { registerAuthSource } from "@/shared/api/auth-source";
import { requests, server } from "@/test/api-server";
import { EUR, USD } from "@/test/fixtures";
import { address, renderRoutes } from "@/test/render";
import { type WalletsBackendOptions, walletsBackend } from "../testing/wallets-backend";
import { WalletsRoute } from "./wallets-route";

const renderDashboard = (options: WalletsBackendOptions, route = "/account/wallets") => {
  registerAuthSource(() => ({ token: "client-token", type: "client", userType: "client" }));
  const backend = walletsBackend(options);
  server.use(...backend.handlers);
  const user = renderRoutes(<Route path="/account/wallets" element={<WalletsRoute />} />, route, {
    withSearch: true,
  });
  return { backend, requests, user };
};

/** What an element says, with the money formatter's no-break spaces read as spaces. */
const text = (element: HTMLElement) => (element.textContent ?? "").replace(/\u00a0/g, " ");

describe("the wallet dashboard", () => {
  it("shows each currency's balance with what is available and on hold, and the first wallet's details", async () => {
    renderDashboard({
      wallets: [
        { currency: USD, balance: "1250.50", onHold: "100.00" },
        { currency: EUR, balance: "80.00" },
      ],
    });

    const balances = await screen.findByRole("region", { name: "Your balances" });
    const usd = within(balances).getByRole("button", { name: "USD wallet, balance 1,250.50 USD" });
    expect(usd.getAttribute("aria-pressed")).toBe("true");
    expect(text(usd)).toContain("Available 1,150.50 USD");
    expect(text(usd)).toContain("On hold 100.00 USD");
    const eur = within(balances).getByRole("button", { name: "EUR wallet, balance 80.00 EUR" });
    // Nothing on hold: no "On hold" line to read.
    expect(eur.textContent).not.toContain("On hold");
    // The flag of each currency (flag_currency) is shown beside it.
    expect(usd.querySelector("img")?.getAttribute("src")).toBe("/api/flags/US.svg");

    expect(screen.getByRole("heading", { name: "USD wallet" })).toBeTruthy();
    // The service buttons start each flow with this wallet's currency.
    expect(screen.getByRole("link", { name: "Add money" }).getAttribute("href")).toBe(
      `/account/wallets/deposit/amount?currency_to_id=${USD.id}`,
    );
    expect(screen.getByRole("link", { name: "Convert" }).getAttribute("href")).toBe(
      `/account/wallets/convert/amount?currency_from_id=${USD.id}`,
    );
  });

  it("chooses another wallet by its card and keeps the choice in the address", async () => {
    const { user } = renderDashboard({
      wallets: [
        { currency: USD, balance: "10.00" },
        { currency: EUR, balance: "0.00" },
      ],
    });

    await user.click(await screen.findByRole("button", { name: "EUR wallet, balance 0.00 EUR" }));

    expect(await screen.findByRole("heading", { name: "EUR wallet" })).toBeTruthy();
    expect(address()).toBe("/account/wallets?wallet=2");
    // An empty wallet cannot be converted, sent or withdrawn from; money can be added.
    expect(screen.getByRole("link", { name: "Convert" }).getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByRole("link", { name: "Add money" }).getAttribute("aria-disabled")).toBeNull();
  });

  it("opens a new wallet in a currency the user has none in, and shows it at once", async () => {
    const { user, requests } = renderDashboard({ wallets: [{ currency: USD, balance: "10.00" }] });

    await user.click(await screen.findByRole("button", { name: "Open a wallet" }));
    const dialog = await screen.findByRole("dialog", { name: "Open a wallet" });
    // USD is held already, so it is not offered.
    await within(dialog).findByRole("radio", { name: "EUR · Euro" });
    expect(within(dialog).queryByRole("radio", { name: "USD · US Dollar" })).toBeNull();
    await user.click(within(dialog).getByRole("radio", { name: "EUR · Euro" }));
    await user.click(within(dialog).getByRole("button", { name: "Open wallet" }));

    expect(await screen.findByRole("button", { name: "EUR wallet, balance 0.00 EUR" })).toBeTruthy();
    expect(requests.find((request) => request.url === "/api/wallets/new-wallet")?.body).toEqual({
      currency_id: EUR.id,
    });
    expect(await screen.findByText("Wallet opened.")).toBeTruthy();
    await waitFor(() => expect(address()).toBe("/account/wallets?wallet=2"));
  });

  it("invites a user without wallets to open the first one", async () => {
    renderDashboard({ wallets: [] });

    expect(await screen.findByText("You don't have a wallet yet")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Open your first wallet" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Transactions" })).toBeNull();
  });

  it("shares the wallet: its public id, a link and the link's QR code", async () => {
    const { user } = renderDashboard({ wallets: [{ currency: USD, balance: "10.00" }] });

    await user.click(await screen.findByRole("button", { name: "Share" }));
    const dialog = await screen.findByRole("dialog", { name: "Receive into your USD wallet" });
    expect(await within(dialog).findByText("VW-ANA00-00001")).toBeTruthy();
    expect(
      within(dialog).getByText("https://vela.test/account/wallets/send?wallet_id=VW-ANA00-00001"),
    ).toBeTruthy();
    const qr = within(dialog).getByRole("img", {
      name: "QR code of https://vela.test/account/wallets/send?wallet_id=VW-ANA00-00001",
    });
    expect(qr.getAttribute("src")).toMatch(/^data:image\//);
    expect(within(dialog).getByRole("button", { name: "Copy the Wallet ID" })).toBeTruthy();
  });

  it("draws the balance over time from the wallet's balance history", async () => {
    const { requests, user } = renderDashboard({ wallets: [{ currency: USD, balance: "300.00" }] });

    expect(await screen.findByText("From 0.00 USD to 300.00 USD")).toBeTruthy();
    expect(screen.getByRole("figure", { name: "USD balance at the end of each day" })).toBeTruthy();
    expect(requests.some((request) => request.url === "/api/wallets/1/balance-history?days=30")).toBe(true);

    await user.click(screen.getByRole("button", { name: "7 days" }));
    await waitFor(() =>
      expect(requests.some((request) => request.url === "/api/wallets/1/balance-history?days=7")).toBe(true),
    );
  });
});

describe("the wallet's transactions", () => {
  it("lists 10 a page, newest first, each row opening its order's details", async () => {
    const { user } = renderDashboard({ wallets: [{ currency: USD, balance: "120.00" }], pastOrders: 12 });

    const list = await screen.findByRole("list", { name: "Transactions" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(10);
    expect(screen.getByText("12 transactions")).toBeTruthy();
    const first = within(rows[0] as HTMLElement).getByRole("link");
    expect(first.getAttribute("href")).toBe("/account/history/1000");
    expect(text(rows[0] as HTMLElement)).toContain("+10.00 USD");
    expect(
      within(rows[0] as HTMLElement).getByRole("button", { name: "Download the receipt of VL-001000" }),
    ).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Page 2" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
    expect(address()).toBe("/account/wallets?wallet=1&page=2");
  });

  it("lists money another user sent without links: their order has no details or receipt here", async () => {
    renderDashboard({ wallets: [{ currency: USD, balance: "22.00" }], hasIncomingSend: true });

    const list = await screen.findByRole("list", { name: "Transactions" });
    const [row] = within(list).getAllByRole("listitem");
    expect(text(row as HTMLElement)).toContain("Wallet send from Bo Ruiz");
    expect(text(row as HTMLElement)).toContain("+22.00 USD");
    expect(within(row as HTMLElement).queryByRole("link")).toBeNull();
    expect(within(row as HTMLElement).queryByRole("button", { name: /receipt/ })).toBeNull();
  });

  it("filters by the server's services (the service buttons) and statuses, and says when nothing matches", async () => {
    const { user, requests } = renderDashboard({
      wallets: [{ currency: USD, balance: "120.00" }],
      pastOrders: 12,
    });
    await screen.findByRole("list", { name: "Transactions" });

    const services = screen.getByRole("group", { name: "Services" });
    await user.click(await within(services).findByRole("button", { name: "Withdrawal" }));
    expect(await screen.findByText("No transactions match these filters")).toBeTruthy();
    expect(within(services).getByRole("button", { name: "Withdrawal" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(address()).toContain("service=wallet-withdraw");

    await user.click(within(services).getByRole("button", { name: "All" }));
    await user.click(
      screen.getAllByLabelText("Status").find((element) => element.tagName === "INPUT") as HTMLElement,
    );
    await user.click(
      (await screen.findAllByRole("option", { name: "Completed", hidden: true })).find((element) =>
        element.hasAttribute("data-combobox-option"),
      ) as HTMLElement,
    );
    await waitFor(() => expect(screen.getByText("4 transactions")).toBeTruthy());
    expect(requests.some((request) => request.url.includes("status=completed"))).toBe(true);
  });
});

describe("closing a wallet", () => {
  it("closes an empty wallet after confirming: it leaves the list and the next wallet is shown", async () => {
    const { user, requests } = renderDashboard(
      {
        wallets: [
          { currency: USD, balance: "10.00" },
          { currency: EUR, balance: "0.00" },
        ],
      },
      "/account/wallets?wallet=2",
    );

    expect(await screen.findByRole("heading", { name: "EUR wallet" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Close wallet" }));
    const dialog = await screen.findByRole("dialog", { name: "Close your EUR wallet?" });
    expect(text(dialog)).toContain("Your EUR wallet VW-ANA00-00002 will be closed.");
    await user.click(within(dialog).getByRole("button", { name: "Close wallet" }));

    expect(await screen.findByText("Wallet closed.")).toBeTruthy();
    const close = requests.find((request) => request.url === "/api/wallets/2/close");
    expect(close?.method).toBe("POST");
    expect(close?.headers?.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    // The wallets are loaded again: EUR is gone, USD is shown, the address forgets the closed one.
    await waitFor(() => expect(screen.queryByRole("button", { name: /^EUR wallet/ })).toBeNull());
    expect(await screen.findByRole("heading", { name: "USD wallet" })).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: "Close your EUR wallet?" })).toBeNull();
    await waitFor(() => expect(address()).toBe("/account/wallets"));
  });

  it("keeps the wallet when the confirmation is cancelled", async () => {
    const { user, requests } = renderDashboard({ wallets: [{ currency: EUR, balance: "0.00" }] });

    await user.click(await screen.findByRole("button", { name: "Close wallet" }));
    const dialog = await screen.findByRole("dialog", { name: "Close your EUR wallet?" });
    await user.click(within(dialog).getByRole("button", { name: "Keep wallet" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(requests.some((request) => request.url.endsWith("/close"))).toBe(false);
    expect(screen.getByRole("heading", { name: "EUR wallet" })).toBeTruthy();
  });

  it("cannot be asked while the wallet holds money or has some on hold, and says why", async () => {
    const { user, requests } = renderDashboard({
      wallets: [
        { currency: USD, balance: "10.00" },
        { currency: EUR, balance: "30.00", onHold: "30.00" },
      ],
    });

    const button = await screen.findByRole("button", { name: "Close wallet" });
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(document.getElementById(button.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "This wallet still holds 10.00 USD. Convert, send or withdraw it before closing the wallet.",
    );
    await user.click(button);
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(screen.getByRole("button", { name: "EUR wallet, balance 30.00 EUR" }));
    await screen.findByRole("heading", { name: "EUR wallet" });
    const held = screen.getByRole("button", { name: "Close wallet" });
    expect(held.getAttribute("aria-disabled")).toBe("true");
    expect(text(document.getElementById(held.getAttribute("aria-describedby") ?? "") as HTMLElement)).toBe(
      "30.00 EUR is on hold for a withdrawal. You can close the wallet once it is paid out or returned.",
    );
    expect(requests.some((request) => request.url.endsWith("/close"))).toBe(false);
  });

  it("shows the server's refusal in the dialog and keeps the wallet", async () => {
    const { user } = renderDashboard({
      wallets: [{ currency: EUR, balance: "0.00", hasOrderInFlight: true }],
    });

    await user.click(await screen.findByRole("button", { name: "Close wallet" }));
    const dialog = await screen.findByRole("dialog", { name: "Close your EUR wallet?" });
    await user.click(within(dialog).getByRole("button", { name: "Close wallet" }));

    const alert = await within(dialog).findByRole("alert");
    expect(text(alert)).toContain(
      "A deposit, send or withdrawal of this wallet is still in progress. Close the wallet once it is finished.",
    );
    expect(screen.getByRole("button", { name: "EUR wallet, balance 0.00 EUR" })).toBeTruthy();
  });
});
