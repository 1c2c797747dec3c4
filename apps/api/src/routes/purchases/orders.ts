import { successEnvelope } from "@vela/shared/api";
import {
  billQuotationRequest,
  giftCardQuotationRequest,
  PURCHASE_SERVICES,
  type PurchaseService,
  purchaseConfirmation,
  purchaseQuotation,
  purchaseTransactionRequest,
  redeemCode,
  topupQuotationRequest,
} from "@vela/shared/purchases";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../http/envelope";
import { currentAuth } from "../../plugins/auth";
import { requestDb } from "../../plugins/idempotency";
import { requirePurchaseService } from "../../purchases/guard";
import {
  ownPurchaseOrder,
  type PurchaseDeps,
  placePurchase,
  quotePurchase,
  revealRedeemCode,
  toPurchaseConfirmation,
} from "../../purchases/service";

const QUOTATION_BODIES = {
  "reload-phones": topupQuotationRequest,
  "gift-cards": giftCardQuotationRequest,
  "prepaid-pay-bills": billQuotationRequest,
} as const;

/** Each service's tag in the OpenAPI document, shared with its catalogue routes. */
const TAGS: Record<PurchaseService, string> = {
  "reload-phones": "reload phones",
  "gift-cards": "gift cards",
  "prepaid-pay-bills": "pay bills",
};

const NAMES: Record<PurchaseService, string> = {
  "reload-phones": "phone top-up",
  "gift-cards": "gift card",
  "prepaid-pay-bills": "bill payment",
};

/**
 * The quotation and transaction of each purchase service (spec §7 Quotations and Transactions:
 * POST reload-phones, gift-cards and prepaid-pay-bills quotation and transaction), the order's
 * current state for the confirmation step, and a gift card's redeem code (answered once).
 */
export async function purchaseOrderRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const depsOf = (request: FastifyRequest): PurchaseDeps => ({
    db: requestDb(request),
    rates: app.rates,
    language: request.ctx.language,
    jobs: app.jobs,
    providers: app.providers,
  });
  const orderParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

  for (const service of PURCHASE_SERVICES) {
    const tags = [TAGS[service]];
    const guard = requirePurchaseService(app, service);
    const moneyGuard = requirePurchaseService(app, service, { movesMoney: true });

    routes.post(
      `/${service}/quotation`,
      {
        config: { idempotent: true },
        preValidation: moneyGuard,
        schema: {
          tags,
          summary: `Prices a ${NAMES[service]} and keeps the quotation (rate locked for 10 minutes)`,
          body: QUOTATION_BODIES[service],
          response: { 201: successEnvelope(purchaseQuotation) },
        },
      },
      async (request, reply) => {
        const quotation = await quotePurchase(depsOf(request), currentAuth(request).user, {
          service,
          body: request.body,
        } as Parameters<typeof quotePurchase>[2]);
        return reply.status(201).send(ok(quotation, "Quotation created."));
      },
    );

    routes.post(
      `/${service}/transaction`,
      {
        config: { idempotent: true },
        preValidation: moneyGuard,
        schema: {
          tags,
          summary: `Places the ${NAMES[service]} of a quotation, paid by its payment or from the wallet`,
          body: purchaseTransactionRequest,
          response: { 201: successEnvelope(purchaseConfirmation) },
        },
      },
      async (request, reply) => {
        const deps = depsOf(request);
        const order = await placePurchase(deps, {
          userId: currentAuth(request).user.id,
          service,
          quotationId: request.body.quotation_id,
          paymentId: request.body.payment_id,
        });
        return reply
          .status(201)
          .send(ok(await toPurchaseConfirmation(deps.db, order), "Transaction created."));
      },
    );

    routes.get(
      `/${service}/orders/:id`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: `A ${NAMES[service]} order as it stands now (the confirmation step polls it)`,
          params: orderParams,
          response: { 200: successEnvelope(purchaseConfirmation) },
        },
      },
      async (request) => {
        const order = await ownPurchaseOrder(
          app.db,
          currentAuth(request).user.id,
          service,
          request.params.id,
        );
        return ok(await toPurchaseConfirmation(app.db, order));
      },
    );
  }

  routes.post(
    "/gift-cards/orders/:id/redeem-code",
    {
      preValidation: requirePurchaseService(app, "gift-cards"),
      schema: {
        tags: [TAGS["gift-cards"]],
        summary: "A delivered gift card's redeem code and PIN, answered once (it was also e-mailed)",
        params: orderParams,
        response: { 200: successEnvelope(redeemCode) },
      },
    },
    async (request) =>
      ok(
        await revealRedeemCode(app.db, app.secrets.decrypt, currentAuth(request).user.id, request.params.id),
      ),
  );
}
