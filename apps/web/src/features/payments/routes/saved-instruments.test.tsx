import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  createBankAccount,
  createCardProfile,
  deleteSettingsCard,
  getSettingsBanks,
  getSettingsCards,
  tokenizeCard,
} from "@vela/shared/contract/payments";
import { getCountries } from "@vela/shared/contract/reference";
import type { SavedBank, SavedCard } from "@vela/shared/payments";
import { describe, expect, it, vi } from "vitest";
import { registerAuthSource } from "@/shared/api/auth-source";
import { requests, server } from "@/test/api-server";
import { failure, handle, success } from "@/test/contract-handlers";
import { UNITED_STATES } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { SAVED_MASTERCARD, SAVED_VISA } from "../testing/saved-cards";
import { SavedBanksRoute } from "./saved-banks-route";
import { SavedCardsRoute } from "./saved-cards-route";

// Proves the saved cards and saved banks settings pages: masked numbers listed, a card added through
// the processor's token (the number never reaches our settings endpoint), a bank added, one deleted.

describe("saved payment instruments settings", () => {
  it("lists cards masked, adds one by its processor token, and deletes one", async () => {
    registerAuthSource(() => ({ token: "client-token", type: "client", userType: "client" }));
    let cards: SavedCard[] = [SAVED_MASTERCARD];
    server.use(
      handle(getSettingsCards, () => cards),
      handle(deleteSettingsCard, ({ params }) => {
        cards = cards.filter((card) => card.id !== params.id);
        return success(null, "Deleted.");
      }),
      handle(tokenizeCard, { token: "tok_1", brand: "Visa", last4: "4242", exp_month: 12, exp_year: 2034 }),
      // The billing address picks its country from the list.
      handle(getCountries, [UNITED_STATES]),
      handle(createCardProfile, () => {
        cards = [...cards, { ...SAVED_VISA, id: 2 }];
        return success(cards[1]!, "Card saved.");
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<SavedCardsRoute />);

    const listed = await screen.findByRole("list", { name: "Saved cards" });
    expect(within(listed).getByText("Mastercard •••• 4444")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Add a card" }));
    await user.type(screen.getByLabelText(/Name on the card/), "Ana García");
    await user.type(screen.getByLabelText(/Card number/), "4242424242424242");
    await user.type(screen.getByLabelText(/Expiry date/), "12/34");
    await user.type(screen.getByLabelText(/Security code/), "123");
    await user.type(screen.getByLabelText(/Billing address/), "1 Main St");
    await user.type(screen.getByLabelText(/^City/), "Boston");
    await user.type(screen.getByLabelText(/Postal code/), "02110");
    await user.click(screen.getByRole("button", { name: "Save card" }));
    await waitFor(() => expect(screen.getByText("Visa •••• 4242")).toBeTruthy());
    const create = requests.find((request) => request.url.endsWith("/create-customer-payment-profile/card"));
    expect(create?.body).toEqual({
      card_token: "tok_1",
      name_holder: "Ana García",
      billing_address: { line1: "1 Main St", city: "Boston", postal_code: "02110", country_iso: "US" },
    });

    await user.click(screen.getByRole("button", { name: "Delete Mastercard •••• 4444" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByText("Mastercard •••• 4444")).toBeNull());
  });

  it("says a refused deletion once", async () => {
    registerAuthSource(() => ({ token: "client-token", type: "client", userType: "client" }));
    const card = SAVED_MASTERCARD;
    const refusal = "This card pays an open quotation.";
    server.use(handle(getSettingsCards, [card]), handle(deleteSettingsCard, failure(409, refusal)));
    const shown = vi.spyOn(notifications, "show");
    const user = userEvent.setup();
    renderWithApp(<SavedCardsRoute />);
    await user.click(await screen.findByRole("button", { name: "Delete Mastercard •••• 4444" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(shown.mock.calls.some(([notice]) => notice.message === refusal)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(shown.mock.calls.filter(([notice]) => notice.message === refusal)).toHaveLength(1);
    shown.mockRestore();
  });

  it("adds a bank account and lists it masked", async () => {
    registerAuthSource(() => ({ token: "client-token", type: "client", userType: "client" }));
    let banks: SavedBank[] = [];
    server.use(
      handle(createBankAccount, ({ body }) => {
        const input = body as { routingNumber: string; nameOnAccount: string };
        banks = [
          {
            id: 3,
            bankName: "Sandbox Bank",
            routingNumber: input.routingNumber,
            accountNumber: "•••• 6789",
            accountType: "checking",
            nameOnAccount: input.nameOnAccount,
          },
        ];
        return success(banks[0]!, "Bank account saved.");
      }),
      handle(getSettingsBanks, () => banks),
    );
    const user = userEvent.setup();
    renderWithApp(<SavedBanksRoute />);
    expect(await screen.findByText("You have no saved bank accounts.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Add a bank account" }));
    await user.type(screen.getByLabelText(/Name on the account/), "Ana García");
    await user.type(screen.getByLabelText(/Routing number/), "011000015");
    await user.type(screen.getByLabelText(/Account number/), "000123456789");
    await user.click(screen.getByRole("button", { name: "Save bank account" }));
    expect(await screen.findByText("Sandbox Bank •••• 6789")).toBeTruthy();
  });
});
