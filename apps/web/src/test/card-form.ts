import { screen } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";

/**
 * On PAYMENT: picks "Credit or debit card" and fills its form with a test card (Ana López's Visa
 * 4242 unless `card` says otherwise), then continues with it.
 */
export const payByCard = async (user: UserEvent, card: { holder?: string; number?: string } = {}) => {
  await user.click(await screen.findByRole("button", { name: /Credit or debit card/ }));
  await user.type(await screen.findByLabelText(/Name on the card/), card.holder ?? "Ana López");
  await user.type(screen.getByLabelText(/Card number/), card.number ?? "4242 4242 4242 4242");
  await user.type(screen.getByLabelText(/Expiry date/), "12/34");
  await user.type(screen.getByLabelText(/Security code/), "123");
  await user.click(screen.getByRole("button", { name: "Continue with this card" }));
};
