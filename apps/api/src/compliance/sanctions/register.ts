import type { FastifyInstance } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { loadDevListIfEmpty } from "./import";
import { SANCTIONS_MESSAGES } from "./messages";
import { heldOrderOutcome, type OrderLike, screenPaidOrder, setMatchThreshold } from "./service";

/**
 * Sanctions screening in the app (app.ts): the threshold from the configuration and, outside
 * production, the fictional development list loaded into an empty list when the app is ready.
 * Answers the paid gate that holds an order whose sender or recipient matches the list, which
 * app.ts gives orders (orders/jobs.ts `registerPaidGate`; compliance imports nothing of orders).
 */
export function sanctionsScreening(app: FastifyInstance, config: Config) {
  setMatchThreshold(config.SANCTIONS_MATCH_THRESHOLD);
  if (config.NODE_ENV !== "production") {
    app.addHook("onReady", async () => {
      if (await loadDevListIfEmpty(app.db)) app.log.info("sanctions: the development list was loaded");
    });
  }
  return {
    hold: (db: Db, order: OrderLike) => screenPaidOrder(db, order),
    outcome: (db: Db, order: OrderLike) => heldOrderOutcome(db, order.id),
    releaseReason: SANCTIONS_MESSAGES.orderReleased,
    refundReason: SANCTIONS_MESSAGES.orderRefunded,
  };
}
