import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AuthUser } from "@vela/shared/auth";
import { examineServiceRules } from "@vela/shared/contract/auth";
import { afterEach, describe, expect, it } from "vitest";
import { useAuthModalStore } from "@/features/auth/stores/auth-modal-store";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import {
  levelsFixture,
  STATUSES,
  verificationBackend,
} from "@/features/verification/testing/verification-backend";
import { requests, server } from "@/test/api-server";
import { handle } from "@/test/contract-handlers";
import { CLIENT_USER } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { sendMoneyHandlers } from "@/test/send-money-api";
import { signIn } from "@/test/session-api";
import { AppRoutes } from "../router";

const VERIFY_PHONE = {
  allowed: false,
  hide_modal: false,
  modal: {
    button: { label: "Verify phone", code: "VERIFY_PHONE" },
    code: "VERIFY_PHONE",
    id: "wallet:verify_phone",
    persistent: true,
    text: "Moving money needs a verified phone number. We will send you a code by SMS.",
    time: null,
    title: "Verify your phone number",
    img: null,
    seconds: null,
    show: true,
  },
};

/** A client whose phone is not verified, in the account area: every service's rules say VERIFY_PHONE. */
const signInUnverified = (user: AuthUser = CLIENT_USER) =>
  server.use(...signIn(user), handle(examineServiceRules, VERIFY_PHONE), ...sendMoneyHandlers());

afterEach(() => {
  useAuthStore.getState().logout();
  useAuthModalStore.getState().close();
});

// Issue 18 point 5: the money-moving rule is asked before every money-moving flow, not only before
// purchases: send money, the wallet's deposit, convert, send and withdraw.
describe("the money-moving flows' rule check", () => {
  it.each([
    ["/account/send-money/amount", "sendmoney"],
    ["/account/wallets/deposit/amount", "wallet"],
    ["/account/wallets/convert/amount", "wallet"],
    ["/account/wallets/send/recipient", "wallet"],
    ["/account/wallets/withdraw/method", "wallet"],
  ])("%s stops at the phone verification before the flow starts", async (route, service) => {
    signInUnverified();
    renderWithApp(<AppRoutes />, { route });

    expect(await screen.findByRole("alert", { name: "Verify your phone number" })).toBeTruthy();
    expect(
      screen.getAllByText("Moving money needs a verified phone number. We will send you a code by SMS.")
        .length,
    ).toBeGreaterThan(0);
    expect(requests.some((request) => request.url.includes(`/api/${service}/examine-rules`))).toBe(true);
    // The limit modal offers the verification, and the flow asked the API for nothing of its own.
    await waitFor(() => expect(useAuthModalStore.getState().opened).toBe(true));
    expect(requests.some((request) => /quotation|calculator|currencies|methods/.test(request.url))).toBe(
      false,
    );
  });
});

const VERIFY_IDENTITY = {
  allowed: false,
  hide_modal: false,
  modal: {
    button: { label: "Verify my identity", code: "VERIFY_IDENTITY" },
    code: "VERIFY_IDENTITY",
    id: "sendmoney:verify_identity",
    persistent: false,
    text: "You have used your 30-day limit of 2,000 USD for unverified accounts. Verify your identity to raise it.",
    time: null,
    title: "Verify your identity to send more",
    img: null,
    seconds: null,
    show: true,
  },
};

// Issue 20: a person with no room left under their level meets the VERIFY_IDENTITY modal before the
// flow; its button (in the modal, or on the page once the modal is put off) opens the verification
// area, which leads back to the flow once approved.
describe("the VERIFY_IDENTITY rule", () => {
  afterEach(() => sessionStorage.clear());

  it("opens the verification area from the modal, and the area leads back to the transfer", async () => {
    server.use(
      ...signIn(CLIENT_USER),
      handle(examineServiceRules, VERIFY_IDENTITY),
      ...sendMoneyHandlers(),
      ...verificationBackend({ statuses: [STATUSES.green], levels: levelsFixture("identity_verified") })
        .handlers,
    );
    renderWithApp(<AppRoutes />, { route: "/account/send-money/amount" });
    const user = userEvent.setup();

    const dialog = await screen.findByRole("dialog", { name: "Verify your identity to send more" });
    expect(within(dialog).getByText(VERIFY_IDENTITY.modal.text)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Not now" }));
    // Put off, the modal's way forward stays on the page.
    const alert = await screen.findByRole("alert", { name: "Verify your identity to send more" });
    expect(within(alert).getByRole("link", { name: "Verify my identity" }).getAttribute("href")).toBe(
      "/account/verification?from=%2Faccount%2Fsend-money%2Famount",
    );

    act(() => useAuthModalStore.getState().showLimitModal(VERIFY_IDENTITY.modal));
    const again = await screen.findByRole("dialog", { name: "Verify your identity to send more" });
    await user.click(within(again).getByRole("button", { name: "Verify my identity" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Identity verification" })).toBeTruthy();
    const back = await screen.findByRole("link", { name: "Back to your transfer" });
    expect(back.getAttribute("href")).toBe("/account/send-money/amount");
  });
});
