import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getTracking } from "@vela/shared/contract/orders";
import type { TrackingAnswer } from "@vela/shared/orders";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { requests, server } from "@/test/api-server";
import { failure, handle } from "@/test/contract-handlers";
import { renderWithApp } from "@/test/render";
import { TrackingRoute } from "./tracking-route";

// The public tracking page: a form for the number that leads to /tracking/:number, where the
// status, expected arrival and timeline are shown; asked without session headers; an unknown
// number says so; an empty form asks for a number.

const ANSWER: TrackingAnswer = {
  tracking_number: "VT00000007",
  status: "available_for_pickup",
  status_label: "Available for pickup",
  expected_arrival_at: "2026-11-25T12:00:00.000Z",
  timeline: [
    { status: "awaiting_payment", label: "Awaiting payment", at: "2026-11-23T12:00:00.000Z" },
    { status: "paid", label: "Paid", at: "2026-11-23T12:01:00.000Z" },
    { status: "available_for_pickup", label: "Available for pickup", at: "2026-11-23T12:05:00.000Z" },
  ],
};

const renderTracking = (route = "/tracking") => {
  server.use(
    handle(getTracking, ({ params }) =>
      params.tracking_number === ANSWER.tracking_number
        ? ANSWER
        : failure(404, "No transfer has this tracking number."),
    ),
  );
  renderWithApp(
    <Routes>
      <Route path="/tracking" element={<TrackingRoute />} />
      <Route path="/tracking/:number" element={<TrackingRoute />} />
    </Routes>,
    { route },
  );
  return { requests, user: userEvent.setup() };
};

describe("the tracking page", () => {
  it("looks a number up from the form and shows the status and its timeline", async () => {
    const { user, requests } = renderTracking();
    expect(screen.getByRole("heading", { level: 1, name: "Track a transfer" })).toBeTruthy();
    await user.type(screen.getByLabelText("Tracking number"), "  VT00000007 ");
    await user.click(screen.getByRole("button", { name: "Track" }));

    expect(await screen.findByRole("heading", { name: "Transfer VT00000007" })).toBeTruthy();
    const timeline = screen.getByLabelText("Status history");
    expect(within(timeline).getByText("Awaiting payment")).toBeTruthy();
    expect(within(timeline).getByText("Paid")).toBeTruthy();
    expect(screen.getAllByText("Available for pickup").length).toBe(2);
    expect(screen.getByText("Expected arrival")).toBeTruthy();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe("/api/tracking/VT00000007");
    expect(requests[0]?.headers.has("authorization")).toBe(false);
  });

  it("answers a number in the address directly", async () => {
    renderTracking("/tracking/VT00000007");
    expect(await screen.findByRole("heading", { name: "Transfer VT00000007" })).toBeTruthy();
    expect((screen.getByLabelText("Tracking number") as HTMLInputElement).value).toBe("VT00000007");
  });

  it("says when no transfer has the number", async () => {
    renderTracking("/tracking/NOPE");
    expect(await screen.findByText("No transfer has this tracking number")).toBeTruthy();
  });

  it("asks for a number before looking anything up", async () => {
    const { user, requests } = renderTracking();
    await user.click(screen.getByRole("button", { name: "Track" }));
    expect(await screen.findByText("Enter a tracking number.")).toBeTruthy();
    expect(requests).toHaveLength(0);
  });
});
