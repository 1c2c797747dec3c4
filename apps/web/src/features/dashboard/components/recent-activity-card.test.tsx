import { screen, within } from "@testing-library/react";
import { getRecentActivity } from "@vela/shared/contract/orders";
import type { OrderListItem } from "@vela/shared/orders";
import { describe, expect, it } from "vitest";
import { server } from "@/test/api-server";
import { handle } from "@/test/contract-handlers";
import { renderWithApp } from "@/test/render";
import { RecentActivityCard } from "./recent-activity-card";

// The dashboard's recent activity: the latest orders with their status, each linking to its
// details, and a link to the whole history; with no orders yet, it says so.

const orderFixture = (index: number, overrides: Partial<OrderListItem> = {}): OrderListItem => ({
  id: index,
  ref: `VL-${String(index).padStart(4, "0")}`,
  tracking_number: `VT${index}`,
  service: "consignments",
  service_name: "Send money",
  status: "processing",
  status_label: "Processing",
  send_amount: "250.00",
  amount_paid: "253.99",
  currency_from_iso: "USD",
  receiving_amount: "4312.50",
  currency_to_iso: "MXN",
  recipient_name: `Recipient ${index}`,
  country_to_iso: "MX",
  created_at: "2026-11-23T12:00:00.000Z",
  in_review: false,
  ...overrides,
});

describe("the recent activity card", () => {
  it("lists the latest orders, each opening its details", async () => {
    const orders = [1, 2, 3].map((index) =>
      orderFixture(index, index === 1 ? { status: "completed", status_label: "Completed" } : {}),
    );
    server.use(handle(getRecentActivity, orders));
    renderWithApp(<RecentActivityCard />, { route: "/account" });
    const list = await screen.findByRole("list", { name: "Latest transfers" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);
    expect(within(list).getByText("Completed")).toBeTruthy();
    expect(
      within(list).getByRole("link", { name: "Details of money transfer VL-0002" }).getAttribute("href"),
    ).toBe("/account/history/2");
    expect(screen.getByRole("link", { name: "View all" }).getAttribute("href")).toBe("/account/history");
  });

  it("says so when there are no transfers yet", async () => {
    server.use(handle(getRecentActivity, []));
    renderWithApp(<RecentActivityCard />, { route: "/account" });
    expect(await screen.findByText(/No transfers yet/)).toBeTruthy();
  });
});
