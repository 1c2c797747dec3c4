import type { SandboxBanks } from "./banks/sandbox-banks";
import type { BillPaymentProvider } from "./bills/bill-provider";
import type { SandboxCards } from "./cards/sandbox-cards";
import type { SandboxGateways } from "./gateways/sandbox-gateways";
import type { GiftCardProvider } from "./giftcards/giftcard-provider";
import type { PayoutPartner } from "./payouts/payout-partner";
import type { SandboxWebhooks } from "./sandbox-webhooks";
import type { TopupProvider } from "./topups/topup-provider";
import type { SandboxVerification } from "./verification/sandbox-verification";

/**
 * The sandbox providers as the sandbox's own pages and routes need them (routes/sandbox/): the
 * processor-side actions a real provider would do on its own site (tokenise a card, answer a 3-D
 * Secure challenge, approve on a hosted page, report a transfer's arrival). Our services never use
 * this: they go through `app.providers`. A kind configured with a real adapter is absent here.
 */
export type Sandboxes = {
  webhooks: SandboxWebhooks;
  cards: SandboxCards | null;
  banks: SandboxBanks | null;
  gateways: SandboxGateways | null;
  payouts: PayoutPartner | null;
  /** The purchase aggregators' sandboxes (issue 11): the same objects as app.providers uses. */
  topups: TopupProvider | null;
  giftcards: GiftCardProvider | null;
  bills: BillPaymentProvider | null;
  /** The identity verification sandbox (issue 20): its SDK page's steps and its webhook deliveries. */
  verification: SandboxVerification | null;
  /** Settles what is due and delivers due webhooks (the sweeper's tick; tests call it directly). */
  sweep(): Promise<void>;
};

declare module "fastify" {
  interface FastifyInstance {
    sandbox: Sandboxes;
  }
}
