import { screen, within } from "@testing-library/react";
import { getWalletServices, getWalletStatuses, getWalletTransactions } from "@vela/shared/contract/wallets";
import { describe, expect, it } from "vitest";
import { registerAuthSource } from "@/shared/api/auth-source";
import { server } from "@/test/api-server";
import { handle } from "@/test/contract-handlers";
import { pageOf } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import type { WalletTransaction } from "../api/types";
import { WalletTransactions } from "./wallet-transactions";

// The wallet's movements as a bank statement lists them: a refused withdrawal is its debit and the
// refund that returned it (net nothing), and a deposit whose transfer is in review is not shown as
// money that arrived.

const text = (element: HTMLElement) => (element.textContent ?? "").replace(/\u00a0/g, " ");

const row = (overrides: Partial<WalletTransaction>): WalletTransaction => ({
  id: 1,
  movement: "order",
  effect: "posted",
  in_review: false,
  ref: "VL-00000001",
  service: "wallet-withdraw",
  service_name: "Wallet withdrawal",
  status: "refunded",
  status_label: "Refunded",
  direction: "out",
  amount: "20.20",
  currency_iso: "USD",
  counterparty: "Ana Rejected",
  send_amount: "20.00",
  amount_paid: "20.20",
  currency_from_iso: "USD",
  receiving_amount: "20.00",
  currency_to_iso: "USD",
  is_own: true,
  details_url: "/api/orders/1/details",
  receipt_url: "/api/orders/generate/1",
  created_at: "2026-11-23T12:00:00.000Z",
  ...overrides,
});

const ROWS: WalletTransaction[] = [
  row({
    id: 3,
    ref: "VL-00000003",
    movement: "refund",
    direction: "in",
    created_at: "2026-11-23T12:05:00.000Z",
  }),
  row({ id: 3, ref: "VL-00000003" }),
  row({
    id: 2,
    ref: "VL-00000002",
    service: "wallet-deposit",
    service_name: "Wallet deposit",
    status: "awaiting_payment",
    status_label: "Awaiting payment",
    direction: "in",
    amount: "120.00",
    counterparty: null,
    effect: "pending",
    in_review: true,
  }),
];

const renderList = (rows: WalletTransaction[]) => {
  registerAuthSource(() => ({ token: "client-token", type: "client", userType: "client" }));
  server.use(
    handle(getWalletTransactions, pageOf(rows, 1, 10)),
    handle(getWalletServices, []),
    handle(getWalletStatuses, []),
  );
  renderWithApp(
    <WalletTransactions
      walletId={1}
      filters={{ page: 1, service: "", status: "", date_from: "", date_to: "" }}
      onFiltersChange={() => undefined}
    />,
  );
};

describe("a wallet's transactions", () => {
  it("lists a refused withdrawal as its debit and its refund, and a deposit in review as not arrived", async () => {
    renderList(ROWS);
    const list = await screen.findByRole("list", { name: "Transactions" });
    const [refund, withdrawal, deposit] = within(list).getAllByRole("listitem") as HTMLElement[];

    expect(text(refund!)).toContain("Refund: Wallet withdrawal to Ana Rejected");
    expect(text(refund!)).toContain("+20.20 USD");
    expect(text(withdrawal!)).toContain("Wallet withdrawal to Ana Rejected");
    expect(text(withdrawal!)).toContain("−20.20 USD");
    // Both open the one order.
    expect(within(refund!).getByRole("link").getAttribute("href")).toBe("/account/history/3");

    expect(within(deposit!).getByText("In review")).toBeTruthy();
    expect(within(deposit!).queryByText("Awaiting payment")).toBeNull();
    const amount = within(deposit!).getByText(/\+120\.00/);
    expect(text(amount)).toBe("+120.00 USD (not yet in your wallet)");
    // Not the green of money that arrived.
    expect(amount.getAttribute("style") ?? "").not.toContain("teal");
    expect(amount.getAttribute("title")).toBe("not yet in your wallet");
  });
});
