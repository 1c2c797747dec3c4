import * as contract from "@vela/shared/contract/orders";
import type { transactionRequest } from "@vela/shared/orders";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { contractRoutes, movesMoney } from "../../http/contract";
import { ok } from "../../http/envelope";
import { toConfirmationRecord } from "../../orders/confirmation";
import { registerOrderJobs } from "../../orders/jobs";
import { lastTransaction, type OrderDeps, placeOrder } from "../../orders/service";
import { currentAuth } from "../../plugins/auth";
import { requestDb } from "../../plugins/idempotency";

const tags = ["send money"];

/**
 * The transaction of the send-money flow (spec §7 Send money): POST /consignments/transaction and
 * its twin POST /send_money place the order for a quotation and its payment (with an
 * Idempotency-Key, a repeat answers the first confirmation); GET /consignments/last-transaction
 * answers the latest one for "send again". Registers the jobs that move orders on.
 */
export async function consignmentTransactionRoutes(app: FastifyInstance) {
  const serve = contractRoutes(app, { tags });
  const serveMoneyMove = contractRoutes(app, { tags, ...movesMoney(app) });
  await registerOrderJobs(app);

  const depsOf = (request: FastifyRequest): OrderDeps => ({
    db: requestDb(request),
    rates: app.rates,
    language: request.ctx.language,
    jobs: app.jobs,
  });
  const place = async (request: FastifyRequest, body: z.infer<typeof transactionRequest>) => {
    const order = await placeOrder(depsOf(request), {
      userId: currentAuth(request).user.id,
      input: { quotationId: body.quotation_id, paymentId: body.payment_id },
      idempotencyKey: request.idempotency?.key ?? null,
    });
    return ok(toConfirmationRecord(order), "Transaction created.");
  };

  for (const [endpoint, summary] of [
    [
      contract.createConsignmentTransaction,
      "Places the transfer of a quotation paid by a payment: the confirmation record",
    ],
    [
      contract.createSendMoneyTransaction,
      "Places the transfer of a quotation paid by a payment (as /consignments/transaction)",
    ],
  ] as const) {
    serveMoneyMove(
      endpoint,
      {
        summary,
      },
      async (request, reply) => reply.status(201).send(await place(request, request.body)),
    );
  }

  serve(
    contract.getLastTransaction,
    {
      summary: "The user's latest transfer (for send again), or null when there is none",
      preValidation: app.requireAuth(),
    },
    async (request) => {
      const order = await lastTransaction(app.db, currentAuth(request).user.id);
      return ok(order ? toConfirmationRecord(order) : null);
    },
  );
}
