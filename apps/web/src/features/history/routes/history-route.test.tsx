import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getOrders } from "@vela/shared/contract/orders";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { changeLanguage } from "@/shared/i18n/i18n";
import { type RecordedRequest, requests, server } from "@/test/api-server";
import { failure, handle } from "@/test/contract-handlers";
import { renderWithApp } from "@/test/render";
import { orderFixture, ordersBackend } from "../testing/orders-backend";
import { HistoryRoute } from "./history-route";

// The order history list: ten a page with the pages under it, the service and status filters from
// the selects (each starting again from page 1), the empty states, and rows that open the details.

const TWELVE = Array.from({ length: 12 }, (_, index) =>
  orderFixture(index + 1, index % 4 === 0 ? { status: "completed", status_label: "Completed" } : {}),
);

const renderPage = (orders = TWELVE, route = "/account/history") => {
  server.use(...ordersBackend(orders));
  renderWithApp(
    <Routes>
      <Route path="/account/history" element={<HistoryRoute />} />
      <Route path="/account/history/:id" element={<p>Details page</p>} />
    </Routes>,
    { route },
  );
  return { requests, user: userEvent.setup() };
};

const listQueries = (requests: RecordedRequest[]) =>
  requests
    .filter((request) => request.url.split("?")[0] === "/api/orders")
    .map((request) => new URL(request.url, "http://localhost").searchParams);

const input = (label: string) =>
  screen.getAllByLabelText(label).find((element) => element.tagName === "INPUT") as HTMLInputElement;

const list = () => screen.getByRole("list", { name: "Your orders" });

const option = (name: string) =>
  screen
    .getAllByRole("option", { name, hidden: true })
    .find((element) => element.hasAttribute("data-combobox-option")) as HTMLElement;

describe("the order history", () => {
  it("lists ten orders a page, newest first, and moves between pages", async () => {
    const { requests, user } = renderPage();
    expect(await screen.findByText("Money transfer · Recipient 1")).toBeTruthy();
    expect(within(list()).getAllByRole("listitem")).toHaveLength(10);
    expect(screen.getByText("12 orders")).toBeTruthy();
    expect(within(list()).getAllByText("253.99 USD")).toHaveLength(10);
    expect(within(list()).getAllByText("4,312.50 MXN")).toHaveLength(10);
    const first = listQueries(requests)[0]!;
    expect(first.get("page")).toBe("1");
    expect(first.get("limit")).toBe("10");

    await user.click(screen.getByRole("button", { name: "Page 2" }));
    expect(await screen.findByText("Money transfer · Recipient 12")).toBeTruthy();
    await waitFor(() => expect(within(list()).getAllByRole("listitem")).toHaveLength(2));
    expect(listQueries(requests).at(-1)?.get("page")).toBe("2");
  });

  it("filters by status and by service from the selects, starting again from page 1", async () => {
    const { requests, user } = renderPage();
    await screen.findByText("Money transfer · Recipient 1");
    await user.click(screen.getByRole("button", { name: "Page 2" }));
    await screen.findByText("Money transfer · Recipient 12");

    await user.click(input("Status"));
    await user.click(option("Completed"));
    await waitFor(() => expect(within(list()).getAllByRole("listitem")).toHaveLength(3));
    const byStatus = listQueries(requests).at(-1)!;
    expect(byStatus.get("status")).toBe("completed");
    expect(byStatus.get("page")).toBe("1");
    expect(within(list()).getAllByText("Completed")).toHaveLength(3);

    await user.click(input("Service"));
    await user.click(option("Wallets"));
    expect(await screen.findByText("No orders match")).toBeTruthy();
    const byBoth = listQueries(requests).at(-1)!;
    expect(byBoth.get("service")).toBe("wallets");
    expect(byBoth.get("status")).toBe("completed");

    await user.click(input("Service"));
    await user.click(option("All services"));
    await waitFor(() => expect(listQueries(requests).at(-1)?.has("service")).toBe(false));
    await waitFor(() => expect(within(list()).getAllByRole("listitem")).toHaveLength(3));
  });

  it("reads its page and filters from the address", async () => {
    const { requests } = renderPage(TWELVE, "/account/history?status=completed&page=1");
    await waitFor(() => expect(within(list()).getAllByRole("listitem")).toHaveLength(3));
    expect(listQueries(requests)[0]?.get("status")).toBe("completed");
    expect((input("Status") as HTMLInputElement).value).toBe("Completed");
  });

  it("says so when there are no transfers yet", async () => {
    renderPage([]);
    expect(await screen.findByText("No transfers yet")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Your orders" })).toBeNull();
  });

  it("opens an order's details from its row", async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole("link", { name: "Details of money transfer VL-0003" }));
    expect(await screen.findByText("Details page")).toBeTruthy();
  });

  it("names each order's service, in English and in Spanish", async () => {
    const orders = [
      orderFixture(1, {
        service: "gift-cards",
        service_name: "Gift card",
        recipient_name: "ana@example.com",
      }),
      orderFixture(2, {
        service: "reload-phones",
        service_name: "Phone top-up",
        recipient_name: "Telcel · +52 55 1234 5678",
      }),
      orderFixture(3, { service: "prepaid-pay-bills", service_name: "Bill payment", recipient_name: null }),
      orderFixture(4, { service: "wallet-deposit", service_name: "Wallet deposit", recipient_name: null }),
      orderFixture(5, {
        service: "wallet-withdraw",
        service_name: "Wallet withdrawal",
        recipient_name: null,
      }),
      orderFixture(6, { service: "wallet-convert", service_name: "Wallet conversion", recipient_name: null }),
      orderFixture(7, { service: "wallet-send", service_name: "Wallet send", recipient_name: "Luis Pérez" }),
      orderFixture(8),
    ];
    renderPage(orders);
    expect(await screen.findByText("Gift card · ana@example.com")).toBeTruthy();
    for (const name of [
      "Phone top-up · Telcel · +52 55 1234 5678",
      "Bill payment",
      "Wallet deposit",
      "Withdrawal",
      "Currency conversion",
      "Wallet send · Luis Pérez",
      "Money transfer · Recipient 8",
    ])
      expect(within(list()).getByText(name)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Details of gift card VL-0001" })).toBeTruthy();

    await act(() => changeLanguage("es"));
    try {
      expect(await screen.findByText("Tarjeta de regalo · ana@example.com")).toBeTruthy();
      expect(screen.getByText("Depósito en billetera")).toBeTruthy();
      expect(screen.getByText("Envío de dinero · Recipient 8")).toBeTruthy();
    } finally {
      await act(() => changeLanguage("en"));
    }
  });

  it("shows a deposit whose transfer is held for review as in review, not as awaiting payment", async () => {
    renderPage([
      orderFixture(1, {
        service: "wallet-deposit",
        service_name: "Wallet deposit",
        recipient_name: null,
        status: "awaiting_payment",
        status_label: "Awaiting payment",
        in_review: true,
      }),
      orderFixture(2, { status: "awaiting_payment", status_label: "Awaiting payment" }),
    ]);
    const [held, waiting] = await within(
      await screen.findByRole("list", { name: "Your orders" }),
    ).findAllByRole("listitem");
    expect(within(held!).getByText("In review")).toBeTruthy();
    expect(within(held!).queryByText("Awaiting payment")).toBeNull();
    expect(within(waiting!).getByText("Awaiting payment")).toBeTruthy();
  });

  it("offers a retry when the list fails to load", async () => {
    // Handlers given first answer first.
    server.use(handle(getOrders, failure(500, "Server error.")), ...ordersBackend(TWELVE));
    renderWithApp(<HistoryRoute />, { route: "/account/history" });
    expect(await screen.findByText("We couldn't load your orders.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
