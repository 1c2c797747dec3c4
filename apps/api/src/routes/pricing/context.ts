import type { FastifyInstance, FastifyRequest } from "fastify";
import { requestDb } from "../../plugins/idempotency";
import type { PricingContext } from "../../pricing/quotes";

/**
 * How a route prices: a quotation created under an Idempotency-Key is saved in the key's
 * transaction; rates come from memory (app.rates), so nothing here waits on a second connection.
 */
export const pricingContextOf =
  (app: FastifyInstance) =>
  (request: FastifyRequest): PricingContext => ({
    db: requestDb(request),
    rates: app.rates,
    language: request.ctx.language,
  });
