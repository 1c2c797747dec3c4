import * as contract from "@vela/shared/contract/wallets";
import type { FastifyInstance, FastifyReply } from "fastify";
import { contractRoutes, fixedEndpoint, movesMoney } from "../../http/contract";
import { ok } from "../../http/envelope";
import { toConfirmationRecord } from "../../orders/confirmation";

const tags = ["wallets"];

/** How every wallet route is declared: behind a session, or (money that moves) by a money mover. */
export function walletDeclarers(app: FastifyInstance) {
  return {
    serve: contractRoutes(app, { tags, preValidation: app.requireAuth() }),
    serveMoneyMove: contractRoutes(app, { tags, ...movesMoney(app) }),
  };
}

/** The routes a wallet service serves under its own path (`/wallets/deposit-money/...`). */
export const walletServiceEndpoints = (service: "deposit-money" | "withdraw-money") => ({
  currencies: fixedEndpoint(contract.getWalletServiceCurrencies, "service", service),
  calculator: fixedEndpoint(contract.calculateWalletPrice, "service", service),
  quotation: fixedEndpoint(contract.createWalletQuotation, "service", service),
  transaction: fixedEndpoint(contract.createWalletTransaction, "service", service),
});

/** A wallet transaction's answer: the placed order's confirmation record, created. */
export const answerPlaced = (
  reply: FastifyReply,
  order: Parameters<typeof toConfirmationRecord>[0],
  message: string,
) => reply.status(201).send(ok(toConfirmationRecord(order), message));
