import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { DEFAULT_PERMISSIONS } from "@vela/shared/auth";
import { createPurchaseQuotation } from "@vela/shared/contract/purchases";
import { Route } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { useAuthStore } from "@/features/auth/stores/auth-store";
import {
  INITIAL_PURCHASE_FLOW_DATA,
  PURCHASE_FLOW_STORES,
} from "@/features/purchases/stores/purchase-flow-store";
import {
  P_US,
  PUSD,
  type PurchasesBackendOptions,
  purchasesBackend,
} from "@/features/purchases/testing/purchases-backend";
import { registerAuthSource } from "@/shared/api/auth-source";
import { requests, server } from "@/test/api-server";
import { payByCard } from "@/test/card-form";
import { handle, invalid } from "@/test/contract-handlers";
import { CLIENT_USER } from "@/test/fixtures";
import { resetFlowStores, searchAfterNotFound } from "@/test/flow-steps";
import { address, renderRoutes } from "@/test/render";
import { GiftCardBrandRoute, GiftCardsRoute } from "./gift-card-pages-route";
import { PurchaseFlowRoute } from "./purchase-flow-route";

const text = (element: HTMLElement) => (element.textContent ?? "").replace(/\u00a0/g, " ");

const renderPurchases = (route: string, options: PurchasesBackendOptions = {}, signedIn = CLIENT_USER) => {
  registerAuthSource(() => ({ token: "client-token", type: "client", userType: "client" }));
  useAuthStore.setState({
    token: "client-token",
    user: signedIn,
    type: "client",
    userType: "client",
    permissions: { ...DEFAULT_PERMISSIONS, ...options.permissions },
  });
  const backend = purchasesBackend(options);
  server.use(...backend.handlers);
  const user = renderRoutes(
    <>
      <Route path="/account/reload-phones/:step" element={<PurchaseFlowRoute service="reload-phones" />} />
      <Route path="/account/gift-cards" element={<GiftCardsRoute />} />
      <Route path="/account/gift-cards/brand/:id" element={<GiftCardBrandRoute />} />
      <Route path="/account/gift-cards/:step" element={<PurchaseFlowRoute service="gift-cards" />} />
      <Route path="/account/pay-bills/:step" element={<PurchaseFlowRoute service="prepaid-pay-bills" />} />
    </>,
    route,
  );
  return { backend, requests, user };
};

/** On AMOUNT: once the country code is Mexico's (the default), looks up the operator of `number`. */
const findOperator = async (user: UserEvent, number: string) => {
  await waitFor(() =>
    expect((screen.getByRole("combobox", { name: "Country code" }) as HTMLSelectElement).value).toBe("MX"),
  );
  await user.type(screen.getByRole("textbox", { name: /Mobile number/ }), number);
  await user.click(screen.getByRole("button", { name: "Find operator" }));
};

describe("the purchase flows", () => {
  beforeEach(() => resetFlowStores(PURCHASE_FLOW_STORES, INITIAL_PURCHASE_FLOW_DATA));

  it("tops up a Mexican number: its operator is detected, a fixed top-up is paid by card and followed to delivered", async () => {
    const { user, requests } = renderPurchases("/account/reload-phones/amount");

    expect(await screen.findByText("Step 1 of 4 · Amount")).toBeTruthy();
    await findOperator(user, "55 1234 5678");

    expect(await screen.findByText("+52 55 1234 5678 is a Telcel number.")).toBeTruthy();
    expect(requests.some((request) => request.url.includes("operators?phone=%2B525512345678"))).toBe(true);
    await user.click(screen.getByRole("radio", { name: /100\.00.MXN/ }));
    await user.selectOptions(screen.getByRole("combobox", { name: "You pay in" }), String(PUSD.id));
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByText("Step 2 of 4 · Payment")).toBeTruthy();
    expect(address()).toBe("/account/reload-phones/payment");
    expect(requests.find((request) => request.url === "/api/reload-phones/quotation")?.body).toEqual({
      currency_from_id: PUSD.id,
      phone: "+525512345678",
      operator_id: 101,
      product_id: 1001,
    });
    await payByCard(user);

    expect(await screen.findByRole("heading", { name: "Review your top-up" })).toBeTruthy();
    const item = screen.getByLabelText("What you buy");
    expect(text(item)).toContain("Telcel");
    expect(text(item)).toContain("100.00 MXN");
    await waitFor(() => expect(text(screen.getByLabelText("How you pay"))).toContain("Visa •••• 4242"));
    await user.click(screen.getByRole("button", { name: "Confirm and pay 6.00 USD" }));

    expect(await screen.findByRole("heading", { name: "Top-up delivered" }, { timeout: 4000 })).toBeTruthy();
    expect(address()).toBe("/account/reload-phones/confirmation");
    const transactions = requests.filter((request) => request.url === "/api/reload-phones/transaction");
    expect(transactions).toHaveLength(1);
    expect(transactions[0]?.body).toEqual({
      quotation_id: expect.any(Number),
      payment_id: expect.any(Number),
    });
    expect(transactions[0]?.headers.get("Idempotency-Key")).toMatch(/[0-9a-f-]{36}/);
    expect(screen.getByRole("link", { name: "View in history" }).getAttribute("href")).toMatch(
      /^\/account\/history\/\d+$/,
    );
  });

  it("says a top-up past the person's limit was refused, with the way to verify (issue 20)", async () => {
    const { user } = renderPurchases("/account/reload-phones/amount");
    const limit =
      "This would take you past your 30-day limit of 2,000 USD for unverified accounts (0 USD left). Verify your identity to raise it.";
    server.use(handle(createPurchaseQuotation, invalid({ amount: [limit] })));
    expect(await screen.findByText("Step 1 of 4 · Amount")).toBeTruthy();
    await findOperator(user, "55 1234 5678");
    await user.click(await screen.findByRole("radio", { name: /100\.00.MXN/ }));
    await user.selectOptions(screen.getByRole("combobox", { name: "You pay in" }), String(PUSD.id));
    await user.click(screen.getByRole("button", { name: "Continue" }));

    const alert = (await screen.findByText(limit)).closest("[role=alert]") as HTMLElement;
    expect(within(alert).getByRole("link", { name: "Verify your identity" }).getAttribute("href")).toBe(
      "/account/verification?from=%2Faccount%2Freload-phones%2Famount",
    );
    expect(address()).toBe("/account/reload-phones/amount");
  });

  it("refuses a number that is not a mobile number by the field, and prices nothing", async () => {
    const { user, requests } = renderPurchases("/account/reload-phones/amount");
    await findOperator(user, "1234");

    expect(
      await screen.findByText("Enter a valid mobile number with its country code, e.g. +52 55 1234 5678."),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Continue" }).hasAttribute("disabled")).toBe(true);
    expect(requests.some((request) => request.url.endsWith("quotation"))).toBe(false);
  });

  it("shows a top-up the operator could not deliver as refunded, with the reason, paid from the wallet", async () => {
    const { user, requests } = renderPurchases("/account/reload-phones/amount");
    await findOperator(user, "55 1234 0000");
    await user.click(await screen.findByRole("radio", { name: /200\.00.MXN/ }));
    await user.selectOptions(screen.getByRole("combobox", { name: "You pay in" }), String(PUSD.id));
    await user.click(screen.getByRole("button", { name: "Continue" }));

    await user.click(await screen.findByRole("button", { name: /Vela wallet/ }));
    expect(await screen.findByRole("heading", { name: "Review your top-up" })).toBeTruthy();
    expect(text(screen.getByLabelText("How you pay"))).toContain("Your USD wallet");
    await user.click(screen.getByRole("button", { name: "Confirm and pay 11.00 USD" }));

    expect(await screen.findByRole("heading", { name: "Refunded" }, { timeout: 4000 })).toBeTruthy();
    expect(
      screen.getByText("The operator is not taking top-ups right now. Nothing was charged."),
    ).toBeTruthy();
    // The wallet pays: no payment is named.
    expect(requests.find((request) => request.url === "/api/reload-phones/transaction")?.body).toEqual({
      quotation_id: expect.any(Number),
    });
  });

  it("buys a gift card sold in the user's country and shows its code once", async () => {
    const { user, requests } = renderPurchases("/account/gift-cards");

    const list = await screen.findByRole("list", { name: "Gift cards" });
    expect(within(list).getByRole("link", { name: /Amazon/ })).toBeTruthy();
    // Categories are shown by the name the API gives in the user's language, filtered by their key.
    expect(within(list).getAllByText("Shopping").length).toBeGreaterThan(0);
    const categories = screen.getByRole("combobox", { name: "Category" }) as HTMLSelectElement;
    await waitFor(() =>
      expect([...categories.options].map((option) => [option.value, option.text])).toContainEqual([
        "shopping",
        "Shopping",
      ]),
    );
    // Sold only in Spain: not for a user in Mexico.
    expect(within(list).queryByRole("link", { name: /Zara/ })).toBeNull();
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "netf");
    await waitFor(() =>
      expect(
        within(screen.getByRole("list", { name: "Gift cards" })).queryByRole("link", { name: /Amazon/ }),
      ).toBeNull(),
    );
    await user.clear(screen.getByRole("searchbox", { name: "Search" }));
    await user.click(await screen.findByRole("link", { name: /Amazon/ }));

    expect(await screen.findByRole("heading", { name: "Amazon" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Buy a Amazon card" }));
    expect(await screen.findByText("Step 1 of 4 · Amount")).toBeTruthy();
    expect(address()).toBe("/account/gift-cards/amount");
    await user.click(screen.getByRole("radio", { name: /25\.00.USD/ }));
    await user.type(screen.getByRole("textbox", { name: /Recipient's name/ }), "Luis");
    await user.type(screen.getByRole("textbox", { name: /Recipient's e-mail/ }), "luis@example.com");
    await user.selectOptions(screen.getByRole("combobox", { name: "You pay in" }), String(PUSD.id));
    await user.click(screen.getByRole("button", { name: "Continue" }));

    await payByCard(user);
    expect(await screen.findByRole("heading", { name: "Review your gift card" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Confirm and pay 26.00 USD" }));

    await user.click(await screen.findByRole("button", { name: "Show code" }, { timeout: 4000 }));
    expect(await screen.findByText("AMZN-7K2Q-XW9P")).toBeTruthy();
    expect(
      screen.getByText("This code is shown only once. We also sent it by e-mail: keep it safe."),
    ).toBeTruthy();
    expect(requests.find((request) => request.url === "/api/gift-cards/quotation")?.body).toMatchObject({
      product_id: 501,
      amount: "25.00",
      recipient_name: "Luis",
      recipient_email: "luis@example.com",
    });
  });

  it("pays an electricity bill in Colombia through its plan step, after a reference with no bill is refused", async () => {
    const { user, requests } = renderPurchases("/account/pay-bills/service");

    const country = await screen.findByRole("combobox", { name: "Country" });
    await waitFor(() => expect(screen.getAllByRole("option").length).toBeGreaterThan(0));
    await user.selectOptions(country, "6");
    await user.click(await screen.findByRole("radio", { name: "Electricity" }));
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByText("Step 2 of 7 · Provider")).toBeTruthy();
    await user.click(await screen.findByRole("radio", { name: /Enel Colombia/ }));
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByText("Step 3 of 7 · Plan")).toBeTruthy();
    await user.click(await screen.findByRole("radio", { name: /Pay your bill/ }));
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByText("Step 4 of 7 · Bill")).toBeTruthy();
    await searchAfterNotFound(user, {
      field: /Contract number/,
      button: "Find bill",
      notFound: ["1234560000", "We found no bill with this reference number. Check it on your bill."],
      found: "1234567890",
    });
    const bill = await screen.findByLabelText("Your bill");
    expect(text(bill)).toContain("Ma••• Ló•••");
    expect(text(bill)).toContain("120,000.00 COP");
    await user.selectOptions(screen.getByRole("combobox", { name: "You pay in" }), String(PUSD.id));
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByText("Step 5 of 7 · Payment")).toBeTruthy();
    expect(
      requests.find((request) => request.url === "/api/prepaid-pay-bills/quotation")?.body,
    ).toMatchObject({
      service_provider_id: 301,
      reference_number: "1234567890",
      product_id: 401,
      amount: "120000.00",
      payer: { first_name: "Ana", last_name: "López", email: "ana@example.com" },
    });
    await payByCard(user);
    expect(await screen.findByRole("heading", { name: "Review your bill payment" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Confirm and pay 31.00 USD" }));
    expect(await screen.findByRole("heading", { name: "Bill paid" }, { timeout: 4000 })).toBeTruthy();
  });

  it("skips the plan step for a provider without plans", async () => {
    const { user } = renderPurchases("/account/pay-bills/service");
    const country = await screen.findByRole("combobox", { name: "Country" });
    await waitFor(() => expect(screen.getAllByRole("option").length).toBeGreaterThan(0));
    await user.selectOptions(country, "6");
    await user.click(await screen.findByRole("radio", { name: "Electricity" }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.click(await screen.findByRole("radio", { name: /Air-e/ }));
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByText("Step 4 of 7 · Bill")).toBeTruthy();
    expect(address()).toBe("/account/pay-bills/recipient");
  });

  it("says a service switched off for the account is not available, and asks nothing", async () => {
    const { requests } = renderPurchases("/account/pay-bills/service", { permissions: { paybill: false } });
    expect(
      await screen.findByText("This service is not available on your account. Contact our support team."),
    ).toBeTruthy();
    expect(requests.some((request) => request.url.includes("prepaid-pay-bills"))).toBe(false);
  });

  it("reads a number typed with its country code by that code, whatever the prefix selector says", async () => {
    const { user, requests } = renderPurchases("/account/reload-phones/amount");
    const prefix = (await screen.findByRole("combobox", { name: "Country code" })) as HTMLSelectElement;
    await waitFor(() => expect(prefix.value).toBe("MX"));
    await user.selectOptions(prefix, "CO");
    await user.type(screen.getByRole("textbox", { name: /Mobile number/ }), "+52 55 1234 5678");
    await user.click(screen.getByRole("button", { name: "Find operator" }));

    expect(await screen.findByText("+52 55 1234 5678 is a Telcel number.")).toBeTruthy();
    expect(requests.some((request) => request.url.includes("operators?phone=%2B525512345678"))).toBe(true);
    // The selector follows the number's country, and the field keeps the national number.
    expect(prefix.value).toBe("MX");
    expect((screen.getByRole("textbox", { name: /Mobile number/ }) as HTMLInputElement).value).toBe(
      "5512345678",
    );
  });

  it("opens pay bills on a served country for a user whose country it does not serve (issue 18)", async () => {
    const { requests } = renderPurchases(
      "/account/pay-bills/service",
      {},
      { ...CLIENT_USER, country_id: P_US.id },
    );
    const country = (await screen.findByRole("combobox", { name: "Country" })) as HTMLSelectElement;
    await waitFor(() => expect(country.selectedOptions[0]?.textContent).toContain("Mexico"));
    expect([...country.options].map((option) => option.textContent)).not.toContain("🇺🇸 United States");
    expect(screen.queryByText("We don't pay bills in this country yet.")).toBeNull();
    expect(requests.some((request) => request.url.includes("prepaid-pay-bills/countries?direction=to"))).toBe(
      true,
    );
  });

  it("stops before the flow when the service's rules refuse it", async () => {
    renderPurchases("/account/reload-phones/amount", { refuseRules: true });
    expect(await screen.findAllByText("Moving money needs a verified phone number.")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: /Mobile number/ })).toBeNull();
  });
});
