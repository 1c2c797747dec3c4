import { PURCHASE_MESSAGES, PURCHASE_PERMISSION, type PurchaseService } from "@vela/shared/purchases";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { permissionsOf } from "../../auth/user-view";
import { NotAllowedError } from "../../http/errors";
import { currentAuth, sessionRequired } from "../../plugins/auth";

/**
 * The preValidation of every route of a purchase service: a session, and the service's permission
 * (spec §6 giftcard, paybill, recharge) not switched off for the account; 403 otherwise, before
 * anything is read or priced.
 */
export function requirePurchaseService(app: FastifyInstance, service: PurchaseService) {
  const signedIn = app.requireAuth();
  return sessionRequired(async (request: FastifyRequest, reply: FastifyReply) => {
    await signedIn.call(app, request, reply);
    if (!permissionsOf(currentAuth(request).user)[PURCHASE_PERMISSION[service]]) {
      throw new NotAllowedError(PURCHASE_MESSAGES.disabled);
    }
  });
}
