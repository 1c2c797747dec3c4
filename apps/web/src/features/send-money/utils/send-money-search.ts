import type { SendMoneyState } from "../stores/send-money-store";

/**
 * What the AMOUNT step hands on when the person continues: the corridor, the delivery method and
 * the amount they fixed (the send amount, or the receiving amount when they typed that one).
 */
export type AmountSelection = {
  country_from_id: number;
  country_to_id: number;
  currency_from_id: number;
  currency_to_id: number;
  shipping_method_id: number;
} & ({ send_amount: string } | { receiving_amount: string });

/** The selection in the store, or null while a part of it is still missing. */
export const amountSelectionOf = (state: SendMoneyState): AmountSelection | null => {
  const { country_from_id, country_to_id, currency_from_id, currency_to_id, shipping_method_id } = state;
  if (
    country_from_id === null ||
    country_to_id === null ||
    currency_from_id === null ||
    currency_to_id === null ||
    shipping_method_id === null
  ) {
    return null;
  }
  const ids = { country_from_id, country_to_id, currency_from_id, currency_to_id, shipping_method_id };
  if (state.amountSide === "receiving") {
    return state.receiving_amount ? { ...ids, receiving_amount: state.receiving_amount } : null;
  }
  return state.send_amount ? { ...ids, send_amount: state.send_amount } : null;
};

/**
 * The selection as a query string for /send-money, with the API's own field names, so the flow can
 * price the same thing after a reload or from a shared link.
 */
export const sendMoneySearch = (selection: AmountSelection): string => {
  const entries = Object.entries(selection).map(([key, value]) => [key, String(value)]);
  return new URLSearchParams(entries).toString();
};
