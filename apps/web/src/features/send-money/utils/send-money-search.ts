import type { PricedCorridor } from "../api/corridor";
import type { AmountSide } from "../stores/send-money-store";

/**
 * What the AMOUNT step hands on when the person continues, and what the calculator is asked: the
 * corridor, the delivery method and the amount they fixed (the send amount, or the receiving amount
 * when they typed that one).
 */
export type AmountSelection = PricedCorridor & ({ send_amount: string } | { receiving_amount: string });

/** The selection, or null while a part of it (the corridor, the method or an amount) is still missing. */
export const amountSelectionOf = (
  corridor: PricedCorridor | null,
  side: AmountSide,
  amount: string,
): AmountSelection | null => {
  if (!corridor || !amount) return null;
  return side === "send" ? { ...corridor, send_amount: amount } : { ...corridor, receiving_amount: amount };
};

/**
 * The selection as a query string for /send-money, with the API's own field names, so the flow can
 * price the same thing after a reload or from a shared link.
 */
export const sendMoneySearch = (selection: AmountSelection): string => {
  const entries = Object.entries(selection).map(([key, value]) => [key, String(value)]);
  return new URLSearchParams(entries).toString();
};
