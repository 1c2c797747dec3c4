import { cleanNotifications, notificationsStore } from "@mantine/notifications";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type HttpHandler, http } from "msw";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { changeLanguage } from "@/shared/i18n/i18n";
import { apiPattern, handleOutsideContract, requests, server } from "@/test/api-server";
import { renderWithApp } from "@/test/render";
import { detailsFixture, detailsOf } from "../testing/orders-backend";
import { OrderDetailsRoute } from "./order-details-route";

// One order's details: the record's amounts, rate and parties as placed, the status timeline, the
// receipt downloaded through an authenticated fetch as a file, the tracking link; another user's
// order (a 404) says it cannot be found.

const renderDetails = (handlers: HttpHandler[], route = "/account/history/7") => {
  server.use(...handlers);
  renderWithApp(
    <Routes>
      <Route path="/account/history/:id" element={<OrderDetailsRoute />} />
      <Route path="/tracking/:number" element={<p>Tracking page</p>} />
    </Routes>,
    { route },
  );
};

describe("an order's details", () => {
  beforeEach(() => {
    act(() => cleanNotifications());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the amounts, the recipient, the timeline and links to tracking", async () => {
    renderDetails([detailsOf(detailsFixture())]);
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
    expect(requests[0]?.url).toBe("/api/orders/7/details");

    const user = userEvent.setup();
    await user.click(screen.getByRole("link", { name: "VT00000007" }));
    expect(await screen.findByText("Tracking page")).toBeTruthy();
  });

  it("shows a rate by the shared rule, and none for a deposit that converted nothing", async () => {
    renderDetails([detailsOf(detailsFixture({ rate: "17.25431200", amount_paid: "1260.10" }))]);
    expect(await screen.findByText("1 USD = 17.2543 MXN")).toBeTruthy();
    expect(screen.getAllByText("1,260.10 USD").length).toBeGreaterThan(0);
    cleanup();

    renderDetails(
      [
        detailsOf(
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
      ],
      "/account/history/8",
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Wallet deposit VL-0008" })).toBeTruthy();
    expect(screen.getAllByText("1,250.00 USD").length).toBeGreaterThan(0);
    expect(screen.queryByText("Exchange rate")).toBeNull();
    expect(screen.queryByText("Guaranteed rate")).toBeNull();
    expect(screen.queryByText(/1 USD = /)).toBeNull();
  });

  it("titles a gift card order for what it is, in English and in Spanish", async () => {
    renderDetails([detailsOf(detailsFixture({ service: "gift-cards", service_name: "Gift card" }))]);
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
    const pdfRequests: Headers[] = [];
    server.use(
      detailsOf(detailsFixture()),
      // The receipt is a PDF, outside the contract's JSON answers.
      http.get(apiPattern("/orders/generate/7"), ({ request }) => {
        pdfRequests.push(request.headers);
        return new Response("%PDF-1.7", {
          status: 200,
          headers: {
            "Content-Type": "application/pdf",
            "Content-Disposition": 'attachment; filename="vela-receipt-VL-0007.pdf"',
          },
        });
      }),
    );
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
    renderDetails([
      detailsOf(detailsFixture()),
      handleOutsideContract("GET", "/orders/generate/7", () => ({
        status: 404,
        body: { success: false, message: "Order not found." },
      })),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Download receipt" }));
    await waitFor(() => {
      const { notifications } = notificationsStore.getState();
      expect(notifications.map((item) => item.message)).toContain("Order not found.");
    });
  });

  it("says it cannot find another user's order", async () => {
    renderDetails([detailsOf(detailsFixture())], "/account/history/8");
    expect(await screen.findByText("We can't find this order")).toBeTruthy();
  });

  it("asks nothing for an address that names no order", async () => {
    renderDetails([], "/account/history/abc");
    expect(await screen.findByText("We can't find this order")).toBeTruthy();
    expect(requests).toHaveLength(0);
  });
});
