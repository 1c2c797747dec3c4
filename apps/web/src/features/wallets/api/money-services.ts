/** The wallet's money services, as their paths under /wallets name them (spec §7 Wallets). */
export const WALLET_MONEY_SERVICES = [
  "deposit-money",
  "convert-money",
  "send-money",
  "withdraw-money",
] as const;
export type WalletMoneyService = (typeof WALLET_MONEY_SERVICES)[number];

/** A price request: the two currencies and the amount sent, plus what the service needs besides. */
export type WalletPriceRequest = {
  currency_from_id: number;
  currency_to_id: number;
  send_amount: string;
  /** A wallet send: any of the recipient's public wallet ids (search-user's wallet_id). */
  recipient_wallet_id?: string;
  /** A withdrawal's quotation: the account it pays into (its currency is the receiving one). */
  recipient_id?: number;
};

/**
 * A send's price request as its endpoints take it: the recipient's wallet id is the step's to give
 * (the user search comes first); without one the API refuses the request by that field.
 */
export const forSend = (request: WalletPriceRequest) => ({
  ...request,
  recipient_wallet_id: request.recipient_wallet_id ?? "",
});
