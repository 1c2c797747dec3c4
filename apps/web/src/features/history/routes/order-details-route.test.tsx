import { cleanNotifications, notificationsStore } from "@mantine/notifications";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { changeLanguage } from "@/shared/i18n/i18n";
import { ok, renderWithApp, stubApi } from "@/test/render";
import { detailsFixture } from "../testing/orders-backend";
import { OrderDetailsRoute } from "./order-details-route";

// One order's details: the record's amounts, rate and parties as placed, the status timeline, the
// receipt downloaded through an authenticated fetch as a file, the tracking link; another user's
// order (a 404) says it cannot be found.

const renderDetails = (routes: Parameters<typeof stubApi>[0], route = "/account/history/7") => {
  const stub = stubApi(routes);
  vi.stubGlobal("fetch", stub.fetchStub);
  renderWithApp(
    <Routes>
      <Route path="/account/history/:id" element={<OrderDetailsRoute />} />
      <Route path="/tracking/:number" element={<p>Tracking page</p>} />
    </Routes>,
    { route },
  );
  return stub;
};

describe("an order's details", () => {
  beforeEach(() => {
    act(() => cleanNotifications());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the amounts, the recipient, the timeline and links to tracking", async () => {
    const stub = renderDetails({ "/api/orders/7/details": ok(detailsFixture()) });
    expect(await screen.findByRole("heading", { level: 1, name: "Money transfer VL-0007" })).toBeTruthy();
    expect(screen.getAllByText("Sent").length).toBeGreaterThan(0);
    expect(screen.getByText("3.99 USD")).toBeTruthy();
    expect(screen.getAllByText("253.99 USD").length).toBeGreaterThan(0);
    expect(screen.getByText("1 USD = 17.25 MXN")).toBeTruthy();
    expect(screen.getAllByText("4,312.50 MXN").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Zoë Müller").length).toBeGreaterThan(0);
    expect(screen.getByText("•••• 7771")).toBeTruthy();
    expect(screen.getByText("Ana García")).toBeTruthy();
    const timeline = screen.getByLabelText("Status history");
    expect(within(timeline).getByText("Awaiting payment")).toBeTruthy();
    expect(within(timeline).getByText("Paid")).toBeTruthy();
    expect(stub.requests[0]?.url).toBe("/api/orders/7/details");

    const user = userEvent.setup();
    await user.click(screen.getByRole("link", { name: "VT00000007" }));
    expect(await screen.findByText("Tracking page")).toBeTruthy();
  });

  it("shows a rate by the shared rule, and none for a deposit that converted nothing", async () => {
    renderDetails({
      "/api/orders/7/details": ok(detailsFixture({ rate: "17.25431200", amount_paid: "1260.10" })),
    });
    expect(await screen.findByText("1 USD = 17.2543 MXN")).toBeTruthy();
    expect(screen.getAllByText("1,260.10 USD").length).toBeGreaterThan(0);
    cleanup();

    renderDetails(
      {
        "/api/orders/8/details": ok(
          detailsFixture({
            id: 8,
            ref: "VL-0008",
            service: "wallet-deposit",
            service_name: "Wallet deposit",
            currency_to_iso: "USD",
            rate: "1.00000000",
            receiving_amount: "1250.00",
          }),
        ),
      },
      "/account/history/8",
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Wallet deposit VL-0008" })).toBeTruthy();
    expect(screen.getAllByText("1,250.00 USD").length).toBeGreaterThan(0);
    expect(screen.queryByText("Exchange rate")).toBeNull();
    expect(screen.queryByText("Guaranteed rate")).toBeNull();
    expect(screen.queryByText(/1 USD = /)).toBeNull();
  });

  it("titles a gift card order for what it is, in English and in Spanish", async () => {
    renderDetails({
      "/api/orders/7/details": ok(detailsFixture({ service: "gift-cards", service_name: "Gift card" })),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Gift card VL-0007" })).toBeTruthy();
    await act(() => changeLanguage("es"));
    try {
      expect(
        await screen.findByRole("heading", { level: 1, name: "Tarjeta de regalo VL-0007" }),
      ).toBeTruthy();
    } finally {
      await act(() => changeLanguage("en"));
    }
  });

  it("downloads the receipt as a file", async () => {
    const routes = { "/api/orders/7/details": ok(detailsFixture()) };
    const stub = stubApi(routes);
    const pdfRequests: Headers[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (String(input) === "/api/orders/generate/7") {
        pdfRequests.push(new Headers(init.headers));
        return new Response("%PDF-1.7", {
          status: 200,
          headers: {
            "Content-Type": "application/pdf",
            "Content-Disposition": 'attachment; filename="vela-receipt-VL-0007.pdf"',
          },
        });
      }
      return stub.fetchStub(input, init);
    });
    const createObjectURL = vi.fn(() => "blob:receipt");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderWithApp(
      <Routes>
        <Route path="/account/history/:id" element={<OrderDetailsRoute />} />
      </Routes>,
      { route: "/account/history/7" },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Download receipt" }));
    await waitFor(() => {
      const { notifications } = notificationsStore.getState();
      expect(notifications.map((item) => item.message)).toEqual([]);
      expect(clicked).toEqual(["vela-receipt-VL-0007.pdf"]);
    });
    expect(createObjectURL).toHaveBeenCalledOnce();
    expect(pdfRequests[0]?.get("client")).toBe("WEB");
    click.mockRestore();
  });

  it("tells when the receipt cannot be downloaded", async () => {
    renderDetails({
      "/api/orders/7/details": ok(detailsFixture()),
      "/api/orders/generate/7": { status: 404, body: { success: false, message: "Order not found." } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Download receipt" }));
    await waitFor(() => {
      const { notifications } = notificationsStore.getState();
      expect(notifications.map((item) => item.message)).toContain("Order not found.");
    });
  });

  it("says it cannot find another user's order", async () => {
    renderDetails(
      {
        "/api/orders/8/details": { status: 404, body: { success: false, message: "Order not found." } },
      },
      "/account/history/8",
    );
    expect(await screen.findByText("We can't find this order")).toBeTruthy();
  });

  it("asks nothing for an address that names no order", async () => {
    const stub = renderDetails({}, "/account/history/abc");
    expect(await screen.findByText("We can't find this order")).toBeTruthy();
    expect(stub.requests).toHaveLength(0);
  });
});
