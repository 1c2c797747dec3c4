import type { MoneyRequest } from "../money-request";

/**
 * A card processor (ARCHITECTURE §6). The browser sends the card number, expiry and CVC to the
 * processor's own tokenisation endpoint and gets a single-use token; our API only ever handles that
 * token, and the profile token, brand, last four digits and expiry the processor answers.
 * Authorize holds the amount; capture takes it; void releases a hold; refund returns captured money.
 */
export type CardDecline = {
  status: "declined";
  /** card_declined | insufficient_funds | expired_card | incorrect_cvc | processing_error */
  code: string;
  /** What the customer reads ("Your card was declined."). */
  message: string;
};

export type CardProfile = {
  /** The processor's reusable token for the card (a customer payment profile). */
  profileToken: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

export type CardAuthorization =
  | { status: "authorized"; authorizationId: string }
  /** 3-D Secure: the browser must visit redirectUrl; the outcome arrives by webhook or getAuthorization. */
  | { status: "requires_action"; authorizationId: string; redirectUrl: string }
  | (CardDecline & { authorizationId: string | null });

export type CardAuthorizationState = {
  authorizationId: string;
  status: "requires_action" | "authorized" | "declined" | "captured" | "voided" | "refunded";
  amountMinor: bigint;
  currency: string;
  capturedMinor: bigint;
  refundedMinor: bigint;
  declineCode: string | null;
  declineMessage: string | null;
};

export type CardProcessor = {
  name: string;
  /** Turns a single-use browser token into a reusable profile; a used, unknown or expired token is refused. */
  createProfile(input: { token: string; holderName: string }): Promise<CardProfile | CardDecline>;
  authorize(
    input: MoneyRequest & {
      profileToken: string;
      /** Where the 3-D Secure page sends the browser back to. */
      returnUrl: string;
    },
  ): Promise<CardAuthorization>;
  getAuthorization(authorizationId: string): Promise<CardAuthorizationState | null>;
  capture(authorizationId: string, amountMinor: bigint): Promise<CardAuthorizationState>;
  void(authorizationId: string): Promise<CardAuthorizationState>;
  refund(authorizationId: string, amountMinor: bigint): Promise<CardAuthorizationState>;
  /** A webhook's content (a 3-D Secure outcome) when its signature is right; null otherwise. */
  verifyWebhook(
    rawBody: string,
    signature: string | undefined,
  ): { authorizationId: string; status: CardAuthorizationState["status"] } | null;
};
