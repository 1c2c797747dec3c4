import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes, useLocation } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { INITIAL_SEND_MONEY_DATA, useSendMoneyStore } from "@/features/send-money/stores/send-money-store";
import { registerAuthSource } from "@/shared/api/auth-source";
import { usePanelSlots } from "@/shared/layout/panel-slots";
import { QUOTATION_ID, recipientFixture, recipientsBackend } from "@/test/recipients-api";
import { ok, renderWithApp, type StubHandler, stubApi } from "@/test/render";
import { calculatorHandler, sendMoneyRoutes } from "@/test/send-money-api";
import { makeSender } from "@/test/senders";
import { SendMoneyFlowRoute } from "./send-money-flow-route";

/** POST /consignments/quotation: the calculator's price of the body, held as quotation 900. */
const createQuotation: StubHandler = ({ body }) => {
  const query = new URLSearchParams(
    Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
  );
  const priced = calculatorHandler({
    url: new URL(`http://localhost/?${query}`),
    method: "GET",
    body: undefined,
  });
  if ((priced.status ?? 200) !== 200) return priced;
  const calculation = (priced.body as { data: Record<string, unknown> }).data;
  return {
    status: 201,
    body: {
      success: true,
      message: "Quotation created.",
      data: {
        ...calculation,
        id: QUOTATION_ID,
        service: "consignments",
        status: "open",
        expires_at: "2026-11-20T10:15:00.000Z",
        expires_in: 900,
        created_at: "2026-11-20T10:00:00.000Z",
      },
    },
  };
};

const Address = () => <output aria-label="address">{useLocation().pathname}</output>;

const renderFlow = (route: string) => {
  const backend = recipientsBackend([recipientFixture(1), recipientFixture(2)]);
  // A client: the SENDER step shows their own profile and names it on the quotation.
  registerAuthSource(() => ({ token: "client-token", type: "client", userType: "client" }));
  const self = makeSender(9, {
    is_self: true,
    first_name: "Ana",
    last_name: "García",
    full_name: "Ana García",
  });
  const stub = stubApi(
    backend.routesWith(
      sendMoneyRoutes({
        "/api/consignments/quotation": createQuotation,
        "/api/consignments/senders": ok({
          data: [self],
          current_page: 1,
          per_page: 10,
          last_page: 1,
          total: 1,
        }),
        [`/api/consignments/quotation/${QUOTATION_ID}/add-sender`]: ok(
          { send_data: { quotation_id: QUOTATION_ID, sender_id: 9 }, summary: { id: QUOTATION_ID } },
          "Sender added.",
        ),
      }),
    ),
  );
  vi.stubGlobal("fetch", stub.fetchStub);
  renderWithApp(
    <>
      <Routes>
        <Route path="/account/send-money/:step" element={<SendMoneyFlowRoute />} />
      </Routes>
      <Address />
    </>,
    { route },
  );
  return { ...stub, user: userEvent.setup() };
};

const address = () => screen.getByLabelText("address").textContent;

describe("the send-money flow route", () => {
  // The account layout's right panel, which the flow fills with the transfer's summary.
  let rightPanel: HTMLElement;
  beforeEach(() => {
    useSendMoneyStore.setState(INITIAL_SEND_MONEY_DATA);
    rightPanel = document.createElement("aside");
    document.body.append(rightPanel);
    usePanelSlots.setState({ rightPanelNode: rightPanel, summaryPanelNode: null });
    return () => {
      usePanelSlots.setState({ rightPanelNode: null });
      rightPanel.remove();
    };
  });

  it("creates the quotation from AMOUNT, then walks SENDER and RECIPIENT with the address and the counter in step", async () => {
    const { requests, user } = renderFlow("/account/send-money/amount");

    expect(await screen.findByText("Step 1 of 6 · Amount")).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/^1 USD = /)).toBeTruthy());
    await user.click(screen.getByRole("button", { name: "Continue" }));

    // Spec §4: a created quotation moves the flow on.
    expect(await screen.findByRole("heading", { name: "Who is sending?" })).toBeTruthy();
    const post = requests.find((request) => request.method === "POST")!;
    expect(post.url).toBe("/api/consignments/quotation");
    expect(post.body).toMatchObject({ country_from_id: 1, country_to_id: 4, send_amount: "100.00" });
    expect(address()).toBe("/account/send-money/sender");
    expect(useSendMoneyStore.getState()).toMatchObject({ step: 1, quotation_id: QUOTATION_ID });

    expect(await screen.findByText("Ana García")).toBeTruthy();
    // The right panel shows the transfer being prepared.
    const summary = within(rightPanel).getByRole("region", { name: "Your transfer" });
    expect(summary.textContent).toContain("100.00 USD");
    expect(summary.textContent).toMatch(/1 USD = [\d,]+\.\d{4} MXN/);
    expect(summary.textContent).not.toContain("Recipient");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() =>
      expect(requests.some((request) => request.url.endsWith(`/quotation/${QUOTATION_ID}/add-sender`))).toBe(
        true,
      ),
    );
    expect(await screen.findByRole("heading", { name: "Who receives the money?" })).toBeTruthy();
    expect(address()).toBe("/account/send-money/recipient");
    expect(useSendMoneyStore.getState().step).toBe(2);

    await user.click(await screen.findByRole("radio", { name: "Send to María Pérez 2" }));
    await waitFor(() => expect(useSendMoneyStore.getState().recipient_id).toBe(2));
    expect(useSendMoneyStore.getState()).toMatchObject({
      recipient_name: "María Pérez 2",
      sendData: { quotation_id: QUOTATION_ID, recipient_id: 2 },
      summaryData: { recipient_name: "María Pérez 2" },
    });
    await waitFor(() =>
      expect(within(rightPanel).getByRole("region", { name: "Your transfer" }).textContent).toContain(
        "RecipientMaría Pérez 2",
      ),
    );

    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { name: "Payment is coming next" })).toBeTruthy();
    expect(address()).toBe("/account/send-money/payment");
    expect(useSendMoneyStore.getState().step).toBe(3);

    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByRole("heading", { name: "Who receives the money?" })).toBeTruthy();
    expect(useSendMoneyStore.getState().step).toBe(2);
  });

  it("sends a later step without a quotation back to AMOUNT", async () => {
    renderFlow("/account/send-money/recipient");
    expect(await screen.findByLabelText("You send from")).toBeTruthy();
    expect(address()).toBe("/account/send-money/amount");
    expect(useSendMoneyStore.getState().step).toBe(0);
  });

  it("answers an unknown step with AMOUNT", async () => {
    renderFlow("/account/send-money/nope");
    await waitFor(() => expect(address()).toBe("/account/send-money/amount"));
  });
});
