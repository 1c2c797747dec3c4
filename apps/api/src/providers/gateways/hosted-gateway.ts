/**
 * Hosted payment gateways (praxis, d24, PayPal): the customer is sent to the gateway's page and comes
 * back with a status; the gateway also tells us by a signed webhook (HMAC-SHA256 of the raw body),
 * and a session can be asked for its status (get-payment-status, or a polling job).
 */
export const GATEWAY_NAMES = ["praxis", "d24", "paypal"] as const;
export type GatewayName = (typeof GATEWAY_NAMES)[number];

export type GatewaySessionState = {
  sessionId: string;
  status: "pending" | "approved" | "declined" | "cancelled" | "refunded";
  amountMinor: bigint;
  currency: string;
  /** Our payment's reference the session was opened for. */
  reference: string;
};

export type GatewayWebhook = { sessionId: string; status: GatewaySessionState["status"]; reference: string };

export type HostedGateway = {
  name: GatewayName;
  createSession(input: {
    amountMinor: bigint;
    currency: string;
    /** Our payment's reference ("payment:42"); the same reference answers the same session. */
    reference: string;
    /** Where the gateway's page sends the browser afterwards. */
    returnUrl: string;
    customer: { name: string; email: string | null; countryIso: string | null };
  }): Promise<{ sessionId: string; redirectUrl: string }>;
  getSession(sessionId: string): Promise<GatewaySessionState | null>;
  refund(sessionId: string, amountMinor: bigint): Promise<GatewaySessionState>;
  /**
   * Closes a session the payer has not answered (its page then refuses them); a cancelled one answers
   * as it is; an approved, declined or refunded one is refused (409), as a gateway's own API would.
   */
  cancel(sessionId: string): Promise<GatewaySessionState>;
  /** The webhook's content when its signature is right; null otherwise (answer 401, change nothing). */
  verifyWebhook(rawBody: string, signature: string | undefined): GatewayWebhook | null;
};

export type HostedGateways = Record<GatewayName, HostedGateway>;
