/**
 * The partners that deliver money to recipients (banks, cash-pickup networks, mobile wallets). We
 * submit a payout once the order is paid; the partner then pays it, makes it available for pickup with
 * a reference, or fails it (documented test values decide, like a real partner's sandbox).
 */
export type PayoutRequest = {
  /** Our order's reference; the same reference answers the same payout (idempotent). */
  reference: string;
  /** The delivery method's slug: bank-deposit, cash-pickup, mobile-wallet, home-delivery, vela. */
  method: string;
  countryIso: string;
  currency: string;
  amountMinor: bigint;
  recipient: { firstName: string; lastName: string; details: Record<string, unknown> };
};

export type PayoutState = {
  payoutId: string;
  partner: string;
  status: "processing" | "paid" | "available_for_pickup" | "picked_up" | "failed";
  pickupReference: string | null;
  failureCode: string | null;
  /** What the customer reads when it failed. */
  failureMessage: string | null;
};

export type PayoutPartner = {
  name: string;
  /** Accepted (processing) or refused at once (failed, with the reason). */
  submit(request: PayoutRequest): Promise<PayoutState>;
  getPayout(payoutId: string): Promise<PayoutState | null>;
};
