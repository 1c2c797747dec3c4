import type { SavedCard } from "@vela/shared/payments";

/** Ana's Visa ending 4242, as the API lists a saved card (masked, no billing address). */
export const SAVED_VISA: SavedCard = {
  id: 5,
  name_holder: "Ana García",
  billing_address: null,
  number: "•••• 4242",
  cardType: "Visa",
  exp_month: 12,
  exp_year: 2034,
};

/** Ana's Mastercard ending 4444, saved earlier. */
export const SAVED_MASTERCARD: SavedCard = {
  ...SAVED_VISA,
  id: 1,
  number: "•••• 4444",
  cardType: "Mastercard",
  exp_month: 1,
  exp_year: 2031,
};
