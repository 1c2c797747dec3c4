import type { FastifyInstance } from "fastify";
import type { Config } from "../../../config";
import { registerPaidGate } from "../../../orders/jobs";
import { loadDevListIfEmpty } from "../import";
import { SANCTIONS_MESSAGES } from "../messages";
import { heldOrderOutcome, screenPaidOrder, setMatchThreshold } from "../service";

/**
 * Sanctions screening in the app (called by app.ts): the threshold from the configuration, the
 * paid gate that holds an order whose sender or recipient matches the list, and, outside
 * production, the fictional development list loaded into an empty list when the app is ready.
 */
export function registerSanctionsScreening(app: FastifyInstance, config: Config) {
  setMatchThreshold(config.SANCTIONS_MATCH_THRESHOLD);
  registerPaidGate({
    hold: (db, order) => screenPaidOrder(db, order),
    outcome: (db, order) => heldOrderOutcome(db, order.id),
    releaseReason: SANCTIONS_MESSAGES.orderReleased,
    refundReason: SANCTIONS_MESSAGES.orderRefunded,
  });
  if (config.NODE_ENV !== "production") {
    app.addHook("onReady", async () => {
      if (await loadDevListIfEmpty(app.db)) app.log.info("sanctions: the development list was loaded");
    });
  }
}
