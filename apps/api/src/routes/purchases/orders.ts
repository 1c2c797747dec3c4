import * as contract from "@vela/shared/contract/purchases";
import {
  billQuotationRequest,
  giftCardQuotationRequest,
  PURCHASE_SERVICES,
  type PurchaseService,
  topupQuotationRequest,
} from "@vela/shared/purchases";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { contractRoutes, fixedEndpoint } from "../../http/contract";
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

/** What each service prices (the contract's quotation body is any of them). */
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
  const depsOf = (request: FastifyRequest): PurchaseDeps => ({
    db: requestDb(request),
    rates: app.rates,
    language: request.ctx.language,
    jobs: app.jobs,
    providers: app.providers,
  });

  for (const service of PURCHASE_SERVICES) {
    const tags = [TAGS[service]];
    const serve = contractRoutes(app, { tags, preValidation: requirePurchaseService(app, service) });
    // The quotation and transaction move money: idempotent, and the money-moving rule too.
    const serveMoneyMove = contractRoutes(app, {
      tags,
      config: { idempotent: true },
      preValidation: requirePurchaseService(app, service, { movesMoney: true }),
    });
    const quotationEndpoint = fixedEndpoint(contract.createPurchaseQuotation, "service", service);
    const transactionEndpoint = fixedEndpoint(contract.createPurchaseTransaction, "service", service);
    const orderEndpoint = fixedEndpoint(contract.getPurchaseOrder, "service", service);

    serveMoneyMove(
      quotationEndpoint,
      {
        summary: `Prices a ${NAMES[service]} and keeps the quotation (rate locked for 10 minutes)`,
        schema: { body: QUOTATION_BODIES[service] },
      },
      async (request, reply) => {
        const quotation = await quotePurchase(depsOf(request), currentAuth(request).user, {
          service,
          body: request.body,
        } as Parameters<typeof quotePurchase>[2]);
        return reply.status(201).send(ok(quotation, "Quotation created."));
      },
    );

    serveMoneyMove(
      transactionEndpoint,
      { summary: `Places the ${NAMES[service]} of a quotation, paid by its payment or from the wallet` },
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

    serve(
      orderEndpoint,
      { summary: `A ${NAMES[service]} order as it stands now (the confirmation step polls it)` },
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

  const serveGiftCards = contractRoutes(app, {
    tags: [TAGS["gift-cards"]],
    preValidation: requirePurchaseService(app, "gift-cards"),
  });
  serveGiftCards(
    contract.revealRedeemCode,
    { summary: "A delivered gift card's redeem code and PIN, answered once (it was also e-mailed)" },
    async (request) =>
      ok(
        await revealRedeemCode(app.db, app.secrets.decrypt, currentAuth(request).user.id, request.params.id),
      ),
  );
}
