import { screen, within } from "@testing-library/react";
import { getWalletDashboard } from "@vela/shared/contract/wallets";
import type { Wallet, WalletDashboard } from "@vela/shared/wallets";
import { describe, expect, it } from "vitest";
import { server } from "@/test/api-server";
import { handle } from "@/test/contract-handlers";
import { renderWithApp } from "@/test/render";
import { BalancesCard } from "./balances-card";

// The dashboard's balances: one row per wallet from GET /wallets/dashboard (on hold shown when there
// is any), each leading to the wallets page; with no wallet, an offer to open one.

const walletFixture = (id: number, iso: string, amounts: Partial<Wallet> = {}): Wallet => ({
  id,
  public_id: `VW-0000${id}-AAAAA`,
  status: "open",
  currency: {
    id,
    iso,
    name: iso === "USD" ? "US Dollar" : "Euro",
    decimals: 2,
    symbol: "$",
    flag_currency: null,
  },
  balance: "0.00",
  available: "0.00",
  on_hold: "0.00",
  created_at: "2026-11-23T12:00:00.000Z",
  ...amounts,
});

const dashboard = (wallets: Wallet[]): WalletDashboard => ({ wallets, services: [], statuses: [] });

describe("the balances card", () => {
  it("lists each wallet's balance, with what is on hold, each leading to the wallets page", async () => {
    server.use(
      handle(
        getWalletDashboard,
        dashboard([
          walletFixture(1, "USD", { balance: "400.00", available: "300.00", on_hold: "100.00" }),
          walletFixture(2, "EUR", { balance: "125.50", available: "125.50" }),
        ]),
      ),
    );
    renderWithApp(<BalancesCard />, { route: "/account" });
    const list = await screen.findByRole("list", { name: "Balances" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(screen.getByTestId("dashboard-balance-USD").textContent).toContain("400.00");
    expect(within(rows[0]!).getByText(/on hold/i).textContent).toContain("100.00");
    expect(within(rows[1]!).queryByText(/on hold/i)).toBeNull();
    expect(within(rows[1]!).getByRole("link").getAttribute("href")).toBe("/account/wallets");
    expect(screen.getByRole("link", { name: "See all wallets" }).getAttribute("href")).toBe(
      "/account/wallets",
    );
  });

  it("offers to open a wallet when there is none", async () => {
    server.use(handle(getWalletDashboard, dashboard([])));
    renderWithApp(<BalancesCard />, { route: "/account" });
    expect(
      await screen.findByText("You don't have a wallet yet. Your balances will appear here."),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open a wallet" }).getAttribute("href")).toBe("/account/wallets");
  });
});
