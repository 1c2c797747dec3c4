import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes, useLocation } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { INITIAL_SEND_MONEY_DATA, useSendMoneyStore } from "@/features/send-money/stores/send-money-store";
import { server } from "@/test/api-server";
import { renderWithApp } from "@/test/render";
import { sendMoneyHandlers } from "@/test/send-money-api";
import { HomePageRoute } from "./home-page-route";

const LocationProbe = () => {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
};

// Proves the composition: the home page shows the send-money AMOUNT step in its card, and "Get
// started" opens the flow with the priced selection in the address.
describe("HomePageRoute", () => {
  beforeEach(() => {
    useSendMoneyStore.setState(INITIAL_SEND_MONEY_DATA);
  });

  it("opens the account flow's AMOUNT step with the selection in the query string", async () => {
    server.use(...sendMoneyHandlers());
    const user = userEvent.setup();
    renderWithApp(
      <Routes>
        <Route index element={<HomePageRoute />} />
        <Route path="account/send-money/:step" element={<LocationProbe />} />
      </Routes>,
    );

    expect(await screen.findByRole("region", { name: "Start a transfer" })).toBeTruthy();
    await waitFor(() => expect(screen.getByText("1 USD = 20.2224 MXN")).toBeTruthy());
    await user.click(screen.getByRole("button", { name: "Get started" }));

    expect(screen.getByTestId("location").textContent).toBe(
      "/account/send-money/amount?country_from_id=1&country_to_id=4&currency_from_id=10&currency_to_id=12&shipping_method_id=1&send_amount=100.00",
    );
  });
});
