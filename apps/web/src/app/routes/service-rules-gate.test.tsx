import { screen, waitFor } from "@testing-library/react";
import type { AuthUser } from "@vela/shared/auth";
import { examineServiceRules } from "@vela/shared/contract/auth";
import { afterEach, describe, expect, it } from "vitest";
import { useAuthModalStore } from "@/features/auth/stores/auth-modal-store";
import { useAuthStore } from "@/features/auth/stores/auth-store";
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
