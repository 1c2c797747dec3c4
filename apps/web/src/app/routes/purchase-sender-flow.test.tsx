import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { DEFAULT_PERMISSIONS } from "@vela/shared/auth";
import { createPurchaseQuotation } from "@vela/shared/contract/purchases";
import { getCountries, getDocuments, getPrefixes } from "@vela/shared/contract/reference";
import { getServiceSenders } from "@vela/shared/contract/senders";
import { Route } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import {
  INITIAL_PURCHASE_FLOW_DATA,
  PURCHASE_FLOW_STORES,
} from "@/features/purchases/stores/purchase-flow-store";
import { PUSD, purchasesBackend } from "@/features/purchases/testing/purchases-backend";
import { registerAuthSource } from "@/shared/api/auth-source";
import { requests, server } from "@/test/api-server";
import { expectNoSeriousAxeViolations } from "@/test/axe";
import { handle, invalid } from "@/test/contract-handlers";
import { CLIENT_USER, MEXICO, UNITED_STATES } from "@/test/fixtures";
import { resetFlowStores } from "@/test/flow-steps";
import { address, renderRoutes } from "@/test/render";
import { DOCUMENTS, makeSender, sendersPage } from "@/test/senders";
import { PurchaseFlowRoute } from "./purchase-flow-route";

// Issue 20 point 6: an agent's top-up starts with the walk-in customer who pays (SENDER); the
// quotation names them (sender_id); a refusal on sender_id brings the agent back to SENDER, with the
// message and a button to edit that sender.
const REFUSAL =
  "From 3,000 USD a day, a walk-in customer must show an identity document. Add it to the sender and try again.";

const rosa = makeSender(7, {
  first_name: "Rosa",
  last_name: "Quispe",
  full_name: "Rosa Quispe",
  document_type_id: null,
  document_number: null,
  document_country_id: null,
  document_expires_on: null,
  services: ["reload-phones"],
});

const renderAsAgent = () => {
  registerAuthSource(() => ({ token: "agent-token", type: "agent", userType: "agent" }));
  useAuthStore.setState({
    token: "agent-token",
    user: { ...CLIENT_USER, role: "agent" },
    type: "agent",
    userType: "agent",
    permissions: DEFAULT_PERMISSIONS,
  });
  server.use(
    ...purchasesBackend().handlers,
    handle(getServiceSenders, sendersPage([rosa])),
    handle(getCountries, [UNITED_STATES, MEXICO]),
    handle(getPrefixes, []),
    handle(getDocuments, DOCUMENTS),
  );
  return renderRoutes(
    <Route path="/account/reload-phones/:step" element={<PurchaseFlowRoute service="reload-phones" />} />,
    "/account/reload-phones/amount",
  );
};

const quoteTopup = async (user: UserEvent) => {
  await waitFor(() =>
    expect((screen.getByRole("combobox", { name: "Country code" }) as HTMLSelectElement).value).toBe("MX"),
  );
  await user.type(screen.getByRole("textbox", { name: /Mobile number/ }), "55 1234 5678");
  await user.click(screen.getByRole("button", { name: "Find operator" }));
  await user.click(await screen.findByRole("radio", { name: /100\.00.MXN/ }));
  await user.selectOptions(screen.getByRole("combobox", { name: "You pay in" }), String(PUSD.id));
  await user.click(screen.getByRole("button", { name: "Continue" }));
};

describe("an agent's purchase", () => {
  beforeEach(() => resetFlowStores(PURCHASE_FLOW_STORES, INITIAL_PURCHASE_FLOW_DATA));

  it("starts with the customer who pays, names them on the quotation, and comes back to them when refused", async () => {
    const user = renderAsAgent();
    // Straight to AMOUNT without a sender: the flow starts at SENDER.
    expect(await screen.findByText("Step 1 of 5 · Sender")).toBeTruthy();
    expect(address()).toBe("/account/reload-phones/sender");
    await user.click(await screen.findByRole("radio", { name: "Rosa Quispe" }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Step 2 of 5 · Amount")).toBeTruthy();

    server.use(handle(createPurchaseQuotation, invalid({ sender_id: [REFUSAL] })));
    await quoteTopup(user);
    expect(await screen.findByText("Step 1 of 5 · Sender")).toBeTruthy();
    const quoted = requests.find((request) => request.url === "/api/reload-phones/quotation");
    expect(quoted?.body).toMatchObject({ sender_id: 7 });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(REFUSAL)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(alert).getByRole("button", { name: "Edit Rosa Quispe" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit sender" }));
    expect(dialog.getByRole("button", { name: /Identity document/ }).getAttribute("aria-expanded")).toBe(
      "true",
    );
    await expectNoSeriousAxeViolations();
  });
});
