import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createSecrets } from "../auth/secrets";
import { type Config, isSandboxedProduction, sandboxesInUse } from "../config";
import type { BankRails } from "../providers/banks/bank-rails";
import { createSandboxBanks } from "../providers/banks/sandbox-banks";
import type { BillPaymentProvider } from "../providers/bills/bill-provider";
import { createSandboxBills } from "../providers/bills/sandbox-bills";
import type { CardProcessor } from "../providers/cards/card-processor";
import { createSandboxCards } from "../providers/cards/sandbox-cards";
import { createEmailProvider, type EmailProvider } from "../providers/email/email-provider";
import type { FxRateProvider } from "../providers/fx/rate-provider";
import type { HostedGateways } from "../providers/gateways/hosted-gateway";
import { createSandboxGateways } from "../providers/gateways/sandbox-gateways";
import type { GiftCardProvider } from "../providers/giftcards/giftcard-provider";
import { createSandboxGiftCards } from "../providers/giftcards/sandbox-giftcards";
import type { PayoutPartner } from "../providers/payouts/payout-partner";
import { createSandboxPayouts } from "../providers/payouts/sandbox-payouts";
import { createSandboxWebhooks, SIGNATURE_HEADER } from "../providers/sandbox-webhooks";
import type { Sandboxes } from "../providers/sandboxes";
import { createSmsProvider, type SmsProvider } from "../providers/sms/sms-provider";
import { createSandboxTopups } from "../providers/topups/sandbox-topups";
import type { TopupProvider } from "../providers/topups/topup-provider";
import { createSandboxVerification } from "../providers/verification/sandbox-verification";
import { createSumsubVerification } from "../providers/verification/sumsub";
import { DIGEST_ALGORITHM_HEADER, DIGEST_HEADER } from "../providers/verification/sumsub-webhook";
import type { VerificationProvider } from "../providers/verification/verification-provider";

/**
 * Everything outside the service, each behind its interface in `providers/<kind>/` (ARCHITECTURE §6),
 * chosen once here by configuration: a sandbox by default, a real adapter where one is configured.
 * Services receive the one they need as a dependency; nothing else constructs a provider.
 */
export type Providers = {
  fx: FxRateProvider;
  email: EmailProvider;
  sms: SmsProvider;
  cards: CardProcessor;
  banks: BankRails;
  gateways: HostedGateways;
  payouts: PayoutPartner;
  /** The purchase aggregators (issue 11): phone top-ups, gift cards, bill payments. */
  topups: TopupProvider;
  giftcards: GiftCardProvider;
  bills: BillPaymentProvider;
  /** Identity verification (issue 20): the sandbox, or Sumsub. */
  verification: VerificationProvider;
};

/** A provider kind not built yet: any use fails loudly instead of pretending. */
const notWired = <T extends object>(kind: string): T =>
  new Proxy({} as T, {
    get: (_target, property) => {
      if (property === "then") return undefined;
      throw new Error(`the ${kind} provider is not wired yet (${String(property)})`);
    },
  });

declare module "fastify" {
  interface FastifyInstance {
    providers: Providers;
    /** The same as providers.email and providers.sms, kept for the identity code that predates them. */
    email: EmailProvider;
    sms: SmsProvider;
  }
}

export type ProvidersPluginOptions = { config: Config };

export const providersPlugin = fp<ProvidersPluginOptions>(
  async (app: FastifyInstance, { config }) => {
    const sandbox = createSandboxes(app, config);
    const providers: Providers = {
      fx: app.rates,
      email: createEmailProvider(config, app.db),
      sms: createSmsProvider(config, app.db),
      cards: sandbox.cards ?? notWired<CardProcessor>("cards"),
      banks: sandbox.banks ?? notWired<BankRails>("banks"),
      gateways: sandbox.gateways ?? notWired<HostedGateways>("gateways"),
      payouts: sandbox.payouts ?? notWired<PayoutPartner>("payouts"),
      topups: sandbox.topups ?? notWired<TopupProvider>("topups"),
      giftcards: sandbox.giftcards ?? notWired<GiftCardProvider>("giftcards"),
      bills: sandbox.bills ?? notWired<BillPaymentProvider>("bills"),
      verification: sandbox.verification ?? createSumsub(config),
    };
    app.decorate("sandbox", sandbox);
    app.decorate("providers", providers);
    app.decorate("email", providers.email);
    app.decorate("sms", providers.sms);
  },
  { name: "providers", dependencies: ["database", "rates"] },
);

/**
 * The sandbox card processor, bank rails, hosted gateways and payout partner (the default of
 * CARD_PROVIDER, BANK_PROVIDER, GATEWAY_PROVIDER, PAYOUT_PROVIDER). Their webhooks reach our own
 * `/api/payments/webhooks/{provider}` through `app.inject`, signed with SANDBOX_WEBHOOK_SECRET, and
 * a sweeper (every SANDBOX_SWEEP_SECONDS) settles what is due and retries undelivered webhooks.
 */
function createSandboxes(app: FastifyInstance, config: Config): Sandboxes {
  const webhooks = createSandboxWebhooks({
    db: app.db,
    secret: config.SANDBOX_WEBHOOK_SECRET,
    log: app.log,
    post: async (provider, body, signature) => {
      const response = await app.inject({
        method: "POST",
        url: `/api/payments/webhooks/${provider}`,
        headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signature },
        payload: body,
      });
      return response.statusCode;
    },
  });
  const cards =
    config.CARD_PROVIDER === "sandbox"
      ? createSandboxCards({
          db: app.db,
          webhooks,
          webhookSecret: config.SANDBOX_WEBHOOK_SECRET,
          publicUrl: config.PUBLIC_APP_URL,
        })
      : null;
  const banks =
    config.BANK_PROVIDER === "sandbox"
      ? createSandboxBanks({
          db: app.db,
          webhooks,
          webhookSecret: config.SANDBOX_WEBHOOK_SECRET,
          settleSeconds: config.SANDBOX_ACH_SETTLE_SECONDS,
        })
      : null;
  const gateways =
    config.GATEWAY_PROVIDER === "sandbox"
      ? createSandboxGateways({
          db: app.db,
          webhooks,
          webhookSecret: config.SANDBOX_WEBHOOK_SECRET,
          publicUrl: config.PUBLIC_APP_URL,
        })
      : null;
  const payouts =
    config.PAYOUT_PROVIDER === "sandbox"
      ? createSandboxPayouts({
          db: app.db,
          payoutSeconds: config.SANDBOX_PAYOUT_SECONDS,
          pickupSeconds: config.SANDBOX_PICKUP_SECONDS,
        })
      : null;
  // The purchase aggregators deliver at once (their test values fail at once): nothing to sweep.
  const topups = config.TOPUP_PROVIDER === "sandbox" ? createSandboxTopups({ db: app.db }) : null;
  const giftcards =
    config.GIFTCARD_PROVIDER === "sandbox"
      ? createSandboxGiftCards({ db: app.db, secret: config.SANDBOX_WEBHOOK_SECRET })
      : null;
  const bills = config.BILL_PROVIDER === "sandbox" ? createSandboxBills({ db: app.db }) : null;
  // The verification sandbox signs and retries its webhooks as Sumsub does, through the job queue.
  const verification =
    config.VERIFICATION_PROVIDER === "sandbox"
      ? createSandboxVerification({
          db: app.db,
          jobs: app.jobs,
          secrets: createSecrets(config),
          webhookSecret: config.SUMSUB_WEBHOOK_SECRET ?? config.SANDBOX_WEBHOOK_SECRET,
          publicUrl: config.PUBLIC_APP_URL,
          retryScale: config.VERIFICATION_WEBHOOK_RETRY_SCALE,
          reviewSeconds: config.VERIFICATION_SANDBOX_REVIEW_SECONDS,
          log: app.log,
          post: async (body, headers) => {
            const response = await app.inject({
              method: "POST",
              url: "/api/identity-verification/webhooks/sumsub",
              headers: {
                "content-type": "application/json",
                [DIGEST_HEADER]: headers.digest,
                [DIGEST_ALGORITHM_HEADER]: headers.algorithm,
              },
              payload: body,
            });
            return response.statusCode;
          },
        })
      : null;
  if (verification) app.addHook("onReady", async () => verification.registerJobs(app.jobs));
  const sandbox: Sandboxes = {
    webhooks,
    cards,
    banks,
    gateways,
    payouts,
    topups,
    giftcards,
    bills,
    verification,
    sweep: async () => {
      // ACH debits whose time has come settle (or return), then every due webhook goes out.
      if (banks) await banks.settleDue();
      await webhooks.deliverDue();
    },
  };

  // A staging server that opted in (production refuses sandboxes otherwise): said once, in the log.
  if (isSandboxedProduction(config)) {
    app.log.warn(
      { providers: sandboxesInUse(config) },
      "ALLOW_SANDBOX_PROVIDERS: sandbox providers serve this production server; no real money moves",
    );
  }

  // The sweeper: one tick at a time, from when the app is ready until it closes.
  if (config.SANDBOX_SWEEP_SECONDS > 0) {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    let closing = false;
    const tick = () => {
      running = sandbox
        .sweep()
        .catch((error: unknown) => app.log.warn({ err: error }, "sandbox sweep failed"))
        .finally(() => {
          running = undefined;
          if (!closing) timer = setTimeout(tick, config.SANDBOX_SWEEP_SECONDS * 1000);
        });
    };
    app.addHook("onReady", async () => {
      timer = setTimeout(tick, config.SANDBOX_SWEEP_SECONDS * 1000);
    });
    app.addHook("preClose", async () => {
      closing = true;
      if (timer) clearTimeout(timer);
      await running;
    });
  }
  return sandbox;
}

/** Sumsub's API (VERIFICATION_PROVIDER=sumsub; config requires its token, key and webhook secret). */
function createSumsub(config: Config): VerificationProvider {
  const { SUMSUB_APP_TOKEN, SUMSUB_SECRET_KEY, SUMSUB_WEBHOOK_SECRET } = config;
  if (!SUMSUB_APP_TOKEN || !SUMSUB_SECRET_KEY || !SUMSUB_WEBHOOK_SECRET)
    throw new Error(
      "VERIFICATION_PROVIDER=sumsub needs SUMSUB_APP_TOKEN, SUMSUB_SECRET_KEY and SUMSUB_WEBHOOK_SECRET",
    );
  return createSumsubVerification({
    appToken: SUMSUB_APP_TOKEN,
    secretKey: SUMSUB_SECRET_KEY,
    baseUrl: config.SUMSUB_BASE_URL,
    webhookSecret: SUMSUB_WEBHOOK_SECRET,
  });
}
