import { PURCHASE_MESSAGES, PURCHASE_PERMISSION, type PurchaseService } from "@vela/shared/purchases";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { permissionsOf } from "../auth/user-view";
import { NotAllowedError } from "../http/errors";
import { currentAuth, sessionRequired } from "../plugins/auth";

/**
 * The preValidation of every route of a purchase service: a session, and the service's permission
 * (spec §6 giftcard, paybill, recharge) not switched off for the account; 403 otherwise, before
 * anything is read or priced.
 */
export function requirePurchaseService(
  app: FastifyInstance,
  service: PurchaseService,
  { movesMoney = false } = {},
) {
  const signedIn = app.requireAuth();
  // The quotation and transaction move money: the money-moving rule too, after the permission (the
  // order the rules endpoint answers them in).
  const mover = app.requireMoneyMover();
  return sessionRequired(async (request: FastifyRequest, reply: FastifyReply) => {
    await signedIn.call(app, request, reply);
    if (!permissionsOf(currentAuth(request).user)[PURCHASE_PERMISSION[service]]) {
      throw new NotAllowedError(PURCHASE_MESSAGES.disabled);
    }
    if (movesMoney) await mover.call(app, request, reply);
  });
}
