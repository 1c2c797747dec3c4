import { screen } from "@testing-library/react";
import type { RuleModal } from "@vela/shared/auth";
import { Route } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { address, renderRoutes } from "@/test/render";
import { useAuthModalStore } from "../stores/auth-modal-store";
import { LimitModalPane } from "./limit-modal-pane";

// Issue 20: the VERIFY_IDENTITY modal examine-rules answers when the person's limits are used up.
// Its button opens the verification area with the flow it stopped as the way back; its texts are
// the API's.

const VERIFY_IDENTITY: RuleModal = {
  button: { label: "Verify my identity", code: "VERIFY_IDENTITY" },
  code: "VERIFY_IDENTITY",
  id: "sendmoney:verify_identity",
  persistent: false,
  text: "You have reached your 30-day limit of 2,000 USD for unverified accounts. Verify your identity to raise it.",
  time: null,
  title: "Verify your identity to send more",
  img: null,
  seconds: null,
  show: true,
};

const renderPane = (route: string) =>
  renderRoutes(
    <>
      <Route path="/account/verification" element={<p>Verification area</p>} />
      <Route path="*" element={<LimitModalPane rule={VERIFY_IDENTITY} />} />
    </>,
    route,
    { withSearch: true },
  );

describe("the VERIFY_IDENTITY rule modal", () => {
  afterEach(() => useAuthModalStore.getState().close());

  it("shows the API's words and opens the verification area with the flow as the way back", async () => {
    useAuthModalStore.getState().showLimitModal(VERIFY_IDENTITY);
    const user = renderPane("/account/send-money/amount");
    expect(screen.getByText(VERIFY_IDENTITY.text)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Verify my identity" }));
    expect(await screen.findByText("Verification area")).toBeTruthy();
    expect(address()).toBe("/account/verification?from=%2Faccount%2Fsend-money%2Famount");
    expect(useAuthModalStore.getState().opened).toBe(false);
  });

  it("keeps the flow's own query in the way back", async () => {
    const user = renderPane("/account/wallets/send/amount?wallet_id=VW-1");
    await user.click(screen.getByRole("button", { name: "Verify my identity" }));
    expect(await screen.findByText("Verification area")).toBeTruthy();
    expect(new URLSearchParams(address().split("?")[1]).get("from")).toBe(
      "/account/wallets/send/amount?wallet_id=VW-1",
    );
  });

  it("opens the area without a way back from a page outside the account area", async () => {
    const user = renderPane("/help");
    await user.click(screen.getByRole("button", { name: "Verify my identity" }));
    expect(await screen.findByText("Verification area")).toBeTruthy();
    expect(address()).toBe("/account/verification");
  });
});
