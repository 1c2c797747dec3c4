import { screen, waitFor } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";
import { INITIAL_PAYMENT_DATA, usePaymentStore } from "@/features/payments/stores/payment-store";
import { failure } from "./contract-handlers";
import type { sendMoneyHandlers } from "./send-money-api";

/**
 * Before each flow test: nothing kept in sessionStorage, each of the flow's stores (one per
 * service) back at `initial`, and no payment chosen.
 */
export const resetFlowStores = <Data>(
  stores: Record<string, { setState: (data: NoInfer<Data>) => void }>,
  initial: Data,
) => {
  sessionStorage.clear();
  for (const store of Object.values(stores)) store.setState(initial);
  usePaymentStore.setState(INITIAL_PAYMENT_DATA);
};

/**
 * A search step asked twice: `notFound`'s query is answered with its message, then the field is
 * cleared and `found` is searched for.
 */
export const searchAfterNotFound = async (
  user: UserEvent,
  search: {
    field: string | RegExp;
    button: string;
    notFound: [query: string, message: string];
    found: string;
  },
) => {
  const field = await screen.findByRole("textbox", { name: search.field });
  await user.type(field, search.notFound[0]);
  await user.click(screen.getByRole("button", { name: search.button }));
  expect(await screen.findByText(search.notFound[1])).toBeTruthy();

  await user.clear(field);
  await user.type(field, search.found);
  await user.click(screen.getByRole("button", { name: search.button }));
};

/**
 * The send-money AMOUNT step (as `render` shows it) with its receiving countries failing once: it
 * says the lists could not be loaded, and "Try again" loads them.
 */
export const expectListsRetried = async (
  render: (countries: Parameters<typeof sendMoneyHandlers>[0]) => { user: UserEvent },
) => {
  let fails = true;
  const { user } = render({ to: () => (fails ? failure(500, "Down") : []) });

  expect(await screen.findByText("We couldn't load the countries and currencies.")).toBeTruthy();
  fails = false;
  await user.click(screen.getByRole("button", { name: "Try again" }));
  await waitFor(() =>
    expect(screen.queryByText("We couldn't load the countries and currencies.")).toBeNull(),
  );
};
