import { successEnvelope } from "@vela/shared/api";
import type { Endpoint } from "@vela/shared/contract/endpoint";
import * as contract from "@vela/shared/contract/payments";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { contractRoutes, contractSchema } from "../../http/contract";
import { ok } from "../../http/envelope";
import { AppError } from "../../http/errors";
import { listProfiles, toSavedBank, toSavedCard } from "../../payments/instruments";
import { paymentMethodsFor } from "../../payments/methods";
import { attachPaymentProfile, setQuotationPaymentMethod } from "../../payments/quotation-method";
import { ownPayment, toPaymentView } from "../../payments/repository";
import {
  authorizeCard,
  currentPayment,
  debitBank,
  handleWebhook,
  type PaymentDeps,
  type PaymentOutcome,
  startBankTransfer,
  startGatewayPayment,
  WEBHOOK_PROVIDERS,
} from "../../payments/service";
import { currentAuth } from "../../plugins/auth";
import { IDEMPOTENCY_HIT_HEADER, IDEMPOTENCY_KEY_HEADER, OWN_TRANSACTIONS } from "../../plugins/idempotency";
import { ownQuotation, type PricingContext } from "../../pricing/quotes";
import { SIGNATURE_HEADER } from "../../providers/sandbox-webhooks";

const TAGS = ["payments"];
const keyHeader = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z.string().optional().describe("Makes the payment safe to retry."),
});
/**
 * A payment's start takes an optional Idempotency-Key and answers 201 for a new payment, 200 for a
 * retry the service recognises (see `answer`).
 */
const paymentStartSchema = <E extends Endpoint & { status: 201 }>(endpoint: E) => ({
  headers: keyHeader,
  response: { 200: successEnvelope(endpoint.response), ...contractSchema(endpoint).response },
});

/**
 * Payments (spec §7 Payments and Quotations payment-method): the methods offered for a quotation,
 * choosing one (the quotation is re-priced with its fee), attaching a saved card or bank, paying by
 * card, ACH debit, push transfer or a hosted gateway, a payment's state, the saved instruments by
 * payment_method_id, and the providers' signed webhooks.
 */
export async function paymentRoutes(app: FastifyInstance) {
  const signedIn = app.requireAuth();
  const serve = contractRoutes(app, { tags: TAGS, preValidation: signedIn });
  // Payment starts commit their own work (the provider call, then the record): see the idempotency plugin.
  const servePaymentStart = contractRoutes(app, {
    tags: TAGS,
    config: { idempotent: OWN_TRANSACTIONS },
    preValidation: signedIn,
  });
  const pricingOf = (request: FastifyRequest): PricingContext => ({
    db: app.db,
    rates: app.rates,
    language: request.ctx.language,
  });
  const depsOf = (request: FastifyRequest): PaymentDeps => ({
    db: app.db,
    providers: app.providers,
    jobs: app.jobs,
    secrets: app.secrets,
    pricing: pricingOf(request),
    publicAppUrl: app.config.PUBLIC_APP_URL,
    allowLocalReturnUrls: app.config.NODE_ENV !== "production",
  });
  const lifecycleDeps = { db: app.db, providers: app.providers, jobs: app.jobs };
  const keyOf = (request: FastifyRequest) => {
    const value = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(", ") : value;
  };
  const userId = (request: FastifyRequest) => currentAuth(request).user.id;
  /** What every payment start is told: who pays, with what, under which key. */
  const startOf = <Input>(request: FastifyRequest & { body: Input }) => ({
    userId: userId(request),
    input: request.body,
    idempotencyKey: keyOf(request),
  });

  /**
   * A new payment answers 201. Repeats of a key are answered by the idempotency plugin with the
   * first answer (these routes are idempotent in its own-transactions mode: the provider's call and
   * the payment's record commit on their own); only a retry after a claim was lost to a crash reaches
   * the service's own record of the key, answered 200 with Idempotency-Hit as the payment stands.
   */
  const answer = async (reply: FastifyReply, outcome: PaymentOutcome, message: string) => {
    if (outcome.replayed) reply.header(IDEMPOTENCY_HIT_HEADER, "true");
    return reply
      .status(outcome.replayed ? 200 : 201)
      .send(ok(await toPaymentView(app.db, outcome.payment), message));
  };

  serve(
    contract.getPaymentMethods,
    { summary: "The payment methods offered for a quotation, each with its fee for it" },
    async (request) => {
      const row = await ownQuotation(app.db, userId(request), request.params.quotation_id);
      return ok(await paymentMethodsFor(pricingOf(request), row));
    },
  );

  serve(
    contract.setPaymentMethod,
    {
      summary: "Chooses the quotation's payment method; answers the summary priced with its fee",
      tags: ["quotations"],
    },
    async (request) =>
      ok(
        await setQuotationPaymentMethod(pricingOf(request), userId(request), request.params.id, request.body),
        "Payment method set.",
      ),
  );

  serve(
    contract.addSavedPaymentMethod,
    { summary: "Attaches one of the user's saved cards or bank accounts to a quotation" },
    async (request) =>
      ok(
        await attachPaymentProfile(pricingOf(request), userId(request), request.body),
        "Payment method added.",
      ),
  );

  servePaymentStart(
    contract.authorizeCard,
    {
      summary: "Authorizes the quotation's amount on a saved card or a new card's token (402 on a decline)",
      schema: paymentStartSchema(contract.authorizeCard),
    },
    async (request, reply) => {
      const outcome = await authorizeCard(depsOf(request), startOf(request));
      const message =
        outcome.payment.status === "requires_action"
          ? "Confirm the payment with your bank."
          : "Card authorized.";
      return answer(reply, outcome, message);
    },
  );

  servePaymentStart(
    contract.debitBankAccount,
    {
      summary: "Starts an ACH debit of the quotation's amount from a saved or new US bank account",
      schema: paymentStartSchema(contract.debitBankAccount),
    },
    async (request, reply) =>
      answer(reply, await debitBank(depsOf(request), startOf(request)), "Bank debit started."),
  );

  servePaymentStart(
    contract.startBankTransfer,
    {
      summary:
        "Opens a push transfer (wire, SWIFT, SEPA, EFT) and answers the instructions with our reference",
      schema: paymentStartSchema(contract.startBankTransfer),
    },
    async (request, reply) =>
      answer(
        reply,
        await startBankTransfer(depsOf(request), startOf(request)),
        "Send the transfer with this reference.",
      ),
  );

  const gateways = [
    ["praxis", contract.startPraxisPayment, "Opens a Praxis payment page"],
    ["d24", contract.startD24Payment, "Opens a d24 payment page"],
    ["paypal", contract.startPaypalPayment, "Opens a PayPal approval page"],
  ] as const;
  for (const [gateway, endpoint, summary] of gateways) {
    servePaymentStart(
      endpoint,
      {
        summary: `${summary}: the payment is pending and redirect_url is where the browser goes`,
        schema: paymentStartSchema(endpoint),
      },
      async (request, reply) =>
        answer(
          reply,
          await startGatewayPayment(depsOf(request), gateway, startOf(request)),
          "Continue on the payment page.",
        ),
    );
  }

  const showPayment = async (request: FastifyRequest, id: number) => {
    const row = await ownPayment(app.db, userId(request), id);
    return ok(await toPaymentView(app.db, await currentPayment(lifecycleDeps, row)));
  };

  serve(
    contract.getPraxisPaymentStatus,
    { summary: "Where a Praxis payment stands (asks the gateway when it is still pending)" },
    async (request) => showPayment(request, request.params.payment_id),
  );

  serve(
    contract.getSavedCards,
    {
      summary: "The user's saved cards (payment_method_id=3) or bank accounts (1), optionally of one sender",
      // One route answers both contract entries (the same path and query), by payment_method_id.
      schema: {
        response: {
          200: successEnvelope(z.union([contract.getSavedCards.response, contract.getSavedBanks.response])),
        },
      },
    },
    async (request) => {
      const kind = request.query.payment_method_id === 3 ? "card" : "bank";
      const rows = await listProfiles(app.db, userId(request), kind, request.query.sender_id);
      return ok(kind === "card" ? rows.map(toSavedCard) : rows.map(toSavedBank));
    },
  );

  serve(
    contract.getPayment,
    { summary: "One of the user's payments as it stands (asks the provider when it is still pending)" },
    async (request) => showPayment(request, request.params.id),
  );

  // Webhooks are verified on the raw body: this plugin keeps JSON bodies as text.
  await app.register(async (hooks) => {
    hooks.removeContentTypeParser("application/json");
    hooks.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) =>
      done(null, body),
    );
    hooks.withTypeProvider<ZodTypeProvider>().post(
      "/payments/webhooks/:provider",
      {
        schema: {
          tags: TAGS,
          summary: "A payment provider's signed notification (vela-signature: sha256=<HMAC of the raw body>)",
          params: z.object({ provider: z.enum(WEBHOOK_PROVIDERS) }),
          response: { 200: successEnvelope(z.object({ payment_id: z.number().int().nullable() })) },
        },
      },
      async (request) => {
        const signature = request.headers[SIGNATURE_HEADER];
        const result = await handleWebhook(
          lifecycleDeps,
          request.params.provider,
          typeof request.body === "string" ? request.body : "",
          typeof signature === "string" ? signature : undefined,
        );
        if (!result.verified) throw new AppError(401, "The webhook signature is not valid.");
        return ok({ payment_id: result.paymentId }, "Received.");
      },
    );
  });
}
