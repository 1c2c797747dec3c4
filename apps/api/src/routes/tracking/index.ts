import * as contract from "@vela/shared/contract/orders";
import type { FastifyInstance } from "fastify";
import { trackOrder } from "../../history/service";
import { contractRoutes } from "../../http/contract";
import { ok } from "../../http/envelope";

/** The public tracking page asks more slowly than the rest of the API: numbers must not be guessable by trying. */
export const trackingRateLimit = (globalMax: number) => Math.max(1, Math.floor(globalMax / 10));

/**
 * Public tracking (spec §7 tracking/{id}): by tracking number, only the status, its timeline and
 * the expected arrival, never amounts, names or references. An unknown number answers 404 in the
 * same shape. Rate-limited per client at a tenth of the global limit.
 */
export async function trackingRoutes(app: FastifyInstance) {
  const serve = contractRoutes(app, { tags: ["tracking"] });
  serve(
    contract.getTracking,
    {
      summary: "A transfer's status timeline and expected arrival by its tracking number (public)",
      config: {
        rateLimit: {
          max: trackingRateLimit(app.config.RATE_LIMIT_MAX),
          timeWindow: app.config.RATE_LIMIT_WINDOW_MS,
        },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return ok(await trackOrder({ db: app.db }, request.params.tracking_number));
    },
  );
}
