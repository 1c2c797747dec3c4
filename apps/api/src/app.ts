import { randomUUID } from "node:crypto";
import { useFriendlyValidationMessages } from "@vela/shared/validation-messages";
import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { VERIFY_PHONE_TEXT } from "./auth/money-rule";
import { SANCTIONS_SPANISH } from "./compliance/sanctions/messages-es";
import { sanctionsScreening } from "./compliance/sanctions/register";
import { setWalkInThreshold } from "./compliance/walk-in";
import { backfillCustomerKeys } from "./compliance/walk-in-keys";
import { type Config, sandboxesAllowed } from "./config";
import type { Database } from "./db/client";
import { localizeDisplay } from "./display/display-text";
import { parseQueryString, registerJsonParser, validatorCompiler } from "./http/input";
import { serializeError } from "./http/log-serializers";
import { registerSpanish } from "./http/messages";
import { applyOwnerReview } from "./kyb/evaluation";
import { KYB_SPANISH, KYB_SPANISH_PATTERNS } from "./kyb/messages-es";
import { LIMITS_SPANISH } from "./limits/messages-es";
import { registerPaidGate } from "./orders/jobs";
import { authPlugin } from "./plugins/auth";
import { type AuthPruningOptions, authPruningPlugin } from "./plugins/auth-pruning";
import { backgroundTasksPlugin } from "./plugins/background-tasks";
import { databasePlugin } from "./plugins/database";
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from "./plugins/error-handler";
import { flagsPlugin } from "./plugins/flags";
import { type IdempotencyPluginOptions, idempotencyPlugin } from "./plugins/idempotency";
import { jobsPlugin } from "./plugins/jobs";
import { openApiPlugin } from "./plugins/openapi";
import { providersPlugin } from "./plugins/providers";
import { type RatesPluginOptions, ratesPlugin } from "./plugins/rates";
import { requestContextPlugin } from "./plugins/request-context";
import { securityPlugin } from "./plugins/security";
import { spaPlugin } from "./plugins/spa";
import { PROVIDER_SPANISH } from "./providers/messages-es";
import { redactSdkToken } from "./providers/verification/sdk-token";
import { PURCHASE_SPANISH, PURCHASE_SPANISH_PATTERNS } from "./purchases/messages-es";
import { registerPurchaseOrderJobs } from "./purchases/order-jobs";
import { accountRoutes } from "./routes/account/index";
import { authRoutes } from "./routes/auth/index";
import { consignmentTransactionRoutes } from "./routes/consignments/transaction";
import { devRoutes } from "./routes/dev/index";
import { externalRecipientRoutes } from "./routes/external-recipients/index";
import { healthRoutes } from "./routes/health";
import { historyRoutes } from "./routes/history/index";
import { kybRoutes } from "./routes/kyb/index";
import { onboardingRoutes } from "./routes/onboarding/index";
import { paymentRoutes } from "./routes/payments/index";
import { pricingRoutes } from "./routes/pricing/index";
import { purchaseRoutes } from "./routes/purchases/index";
import { recipientsRoutes } from "./routes/recipients/index";
import { referenceRoutes } from "./routes/reference/index";
import { rulesRoutes } from "./routes/rules/index";
import { sandboxRoutes } from "./routes/sandbox/index";
import { senderRoutes } from "./routes/senders/index";
import { settingsRoutes } from "./routes/settings/index";
import { paymentInstrumentRoutes } from "./routes/settings/payment-instruments";
import { trackingRoutes } from "./routes/tracking/index";
import { verificationRoutes } from "./routes/verification/index";
import { verificationReferenceRoutes } from "./routes/verification/reference";
import { verificationLevelRoutes } from "./routes/verification-levels/index";
import { walletDepositRoutes } from "./routes/wallets/deposit-money";
import { walletRoutes } from "./routes/wallets/index";
import { walletSendRoutes } from "./routes/wallets/send-money";
import { walletWithdrawRoutes } from "./routes/wallets/withdraw-money";
import { SENDERS_SPANISH } from "./senders/messages-es";
import { registerForeignApplicants } from "./verification/foreign-applicants";
import { VERIFICATION_SPANISH } from "./verification/messages-es";
import { VERIFICATION_REFERENCE_SPANISH } from "./verification/reference-messages-es";
import { WALLET_DW_SPANISH, WALLET_DW_SPANISH_PATTERNS } from "./wallets/dw-messages-es";
import { WALLET_SPANISH, WALLET_SPANISH_PATTERNS } from "./wallets/messages";
import { WALLET_SEND_SPANISH, WALLET_SEND_SPANISH_PATTERNS } from "./wallets/send-messages-es";

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** Whether closing the app closes the database too (tests share one database across apps). */
  closeDatabase?: boolean;
  /** Tests shorten how long a repeated Idempotency-Key waits for the first request. */
  idempotency?: IdempotencyPluginOptions;
  /** Tests fix the exchange-rate clock or replay a recorded feed answer. */
  fx?: Omit<RatesPluginOptions, "config">;
  /** Tests choose how often brute-force records are pruned. */
  authPruning?: AuthPruningOptions;
  /** Where log lines go (tests capture them); standard output otherwise. */
  logStream?: { write: (line: string) => void };
};

// Never log credentials or card data, wherever they appear in a logged object.
const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  'req.headers["x-invitation-token"]',
  "*.password",
  "*.password_confirmation",
  "*.current_password",
  "*.token",
  "*.access_token",
  "*.refresh_token",
  "*.secret",
  "*.code",
  "*.card_number",
  "*.cvv",
];

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,128}$/;

export function loggerOptions(
  config: Config,
  stream?: BuildAppOptions["logStream"],
): FastifyServerOptions["logger"] {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    // A failed query's error carries its SQL parameters (e-mail addresses, password hashes).
    serializers: { err: serializeError, req: redactSdkToken },
    ...(stream ? { stream } : {}),
  };
}

const AUTH_SPANISH = { [VERIFY_PHONE_TEXT.en]: VERIFY_PHONE_TEXT.es };

/** Each domain's Spanish for its own messages: http/messages.ts knows no domain. */
function registerDomainSpanish() {
  registerSpanish(AUTH_SPANISH);
  registerSpanish(WALLET_SEND_SPANISH, WALLET_SEND_SPANISH_PATTERNS);
  registerSpanish(WALLET_SPANISH, WALLET_SPANISH_PATTERNS);
  registerSpanish(WALLET_DW_SPANISH, WALLET_DW_SPANISH_PATTERNS);
  registerSpanish(PURCHASE_SPANISH, PURCHASE_SPANISH_PATTERNS);
  registerSpanish(PROVIDER_SPANISH);
  registerSpanish(SANCTIONS_SPANISH);
  registerSpanish(VERIFICATION_REFERENCE_SPANISH);
  registerSpanish(LIMITS_SPANISH);
  registerSpanish(SENDERS_SPANISH);
  registerSpanish(VERIFICATION_SPANISH);
  registerSpanish(KYB_SPANISH, KYB_SPANISH_PATTERNS);
}

/**
 * Builds the application: framework plugins first (validation, request context, errors,
 * security, docs), then the app's own (database), then the routes under /api, then the SPA.
 * `server.ts` only starts it; tests build it and call `app.inject`.
 */
export async function buildApp({
  config,
  database,
  closeDatabase = true,
  idempotency = {},
  fx = {},
  authPruning = {},
  logStream,
}: BuildAppOptions) {
  useFriendlyValidationMessages();
  registerDomainSpanish();
  // Services that deliver their own orders add their step to the order jobs' table (orders/jobs.ts).
  registerPurchaseOrderJobs();
  // A business owner's identity review arrives through the verification webhook (kyb/).
  registerForeignApplicants(applyOwnerReview);
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // Keep a caller's request id when it looks like one, so logs join up across services.
    genReqId: (request) => {
      const header = request.headers["x-request-id"];
      return typeof header === "string" && REQUEST_ID_PATTERN.test(header) ? header : randomUUID();
    },
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true, querystringParser: parseQueryString },
    // Errors found before a route is chosen (bad URL encoding, an over-long path parameter) and
    // those of Node's HTTP parser (431 headers or query too large, 400 unparsable request) answer
    // the error envelope too, not Fastify's or Node's own shape.
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  registerJsonParser(app);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  await app.register(requestContextPlugin);
  await app.register(errorHandlerPlugin, { localizeDisplay });
  await app.register(securityPlugin, { config });
  await app.register(openApiPlugin);
  await app.register(databasePlugin, { database, closeOnShutdown: closeDatabase });
  await app.register(backgroundTasksPlugin);
  await app.register(jobsPlugin, { config });
  await app.register(ratesPlugin, { config, ...fx });
  await app.register(providersPlugin, { config });
  await app.register(authPlugin, { config });
  await app.register(authPruningPlugin, authPruning);
  await app.register(idempotencyPlugin, idempotency);
  // Paid orders pass sanctions screening before their payout (orders/jobs.ts registerPaidGate).
  registerPaidGate(sanctionsScreening(app, config));
  setWalkInThreshold(config.WALK_IN_ID_THRESHOLD_USD);
  // Senders saved before customer keys existed get theirs once (later starts find none to write).
  app.addHook("onReady", async () => {
    const written = await backfillCustomerKeys(app.db);
    if (written > 0) app.log.info({ written }, "walk-in: customer keys written for older senders");
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(referenceRoutes);
      await api.register(flagsPlugin, { prefix: "/flags" });
      await api.register(authRoutes);
      await api.register(onboardingRoutes);
      await api.register(rulesRoutes);
      await api.register(accountRoutes);
      await api.register(settingsRoutes);
      await api.register(pricingRoutes);
      await api.register(senderRoutes);
      await api.register(recipientsRoutes);
      await api.register(externalRecipientRoutes);
      // The sandboxes' public pages (approve a payment, make a transfer arrive) credit money for
      // nothing: production serves them only on a staging server that opted in.
      if (sandboxesAllowed(config)) await api.register(sandboxRoutes);
      await api.register(paymentRoutes);
      await api.register(paymentInstrumentRoutes);
      await api.register(purchaseRoutes);
      await api.register(consignmentTransactionRoutes);
      await api.register(walletRoutes);
      await api.register(historyRoutes);
      await api.register(trackingRoutes);
      await api.register(walletSendRoutes);
      await api.register(walletDepositRoutes);
      await api.register(walletWithdrawRoutes);
      await api.register(verificationReferenceRoutes);
      await api.register(verificationLevelRoutes);
      await api.register(verificationRoutes);
      await api.register(kybRoutes);
      // The outbox shows codes: a development tool that production never has.
      if (config.NODE_ENV !== "production") await api.register(devRoutes, { prefix: "/dev" });
    },
    { prefix: "/api" },
  );

  await app.register(spaPlugin, { webDistDir: config.WEB_DIST_DIR });
  return app;
}
