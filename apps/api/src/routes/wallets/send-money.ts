import * as contract from "@vela/shared/contract/wallets";
import { WALLET_SEND_MESSAGES, walletSendTransactionRequest } from "@vela/shared/wallet-send";
import type { FastifyInstance } from "fastify";
import { fixedEndpoint } from "../../http/contract";
import { ok } from "../../http/envelope";
import { InvalidDataError, NotFoundError } from "../../http/errors";
import { currentAuth } from "../../plugins/auth";
import { requestDb } from "../../plugins/idempotency";
import { sendingWallets } from "../../wallets/repository";
import { calculateSend, createSendQuotation, sendFromWallet } from "../../wallets/send";
import { recentRecipients, recipientByWalletId, searchWalletUser } from "../../wallets/send-recipients";
import { pricingContextOf } from "../pricing/context";
import { answerPlaced, walletDeclarers } from "./wallet-routes";

const transactionEndpoint = fixedEndpoint(contract.createWalletTransaction, "service", "send-money");

/**
 * Sending money to another user's wallet (spec §7 Wallets, send-money; issue 10 point 4): find the
 * person, price, quote, send. The send is instant: it answers once both wallets have moved.
 */
export async function walletSendRoutes(app: FastifyInstance) {
  const { serve, serveMoneyMove } = walletDeclarers(app);
  const contextOf = pricingContextOf(app);

  serve(
    contract.getSendCurrencies,
    {
      summary:
        "Currencies of a send: your open wallets and what each can spend (is_from=1), or what a recipient's wallets receive in (is_from=0&wallet_id=)",
    },
    async (request) => {
      const userId = currentAuth(request).user.id;
      const { is_from: isFrom, wallet_id: walletId } = request.query;
      if (isFrom === "0" && walletId !== undefined) {
        const found = await recipientByWalletId(app.db, walletId);
        if (!found) throw new NotFoundError(WALLET_SEND_MESSAGES.notFound);
        if (found.userId === userId)
          throw new InvalidDataError({ wallet_id: [WALLET_SEND_MESSAGES.yourself] });
        return ok(found.recipient.currencies);
      }
      return ok(await sendingWallets(app.db, userId));
    },
  );

  serve(
    contract.searchWalletUser,
    {
      summary:
        "The person an exact e-mail, phone number or wallet id names, if they have an open wallet: a masked name, a wallet id and their currencies (rate-limited per user)",
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      const { user } = currentAuth(request);
      return ok(
        await searchWalletUser(app.db, { id: user.id, countryId: user.countryId }, request.query.query),
      );
    },
  );

  serve(
    contract.getRecentWalletRecipients,
    { summary: "The people you last sent to from your wallets, newest first (at most 10)" },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return ok(await recentRecipients(app.db, currentAuth(request).user.id));
    },
  );

  serve(
    contract.calculateWalletSend,
    { summary: "Prices a send from your wallet to another user's wallet (free in one currency)" },
    async (request) =>
      ok(await calculateSend(contextOf(request), currentAuth(request).user.id, request.body)),
  );

  serveMoneyMove(
    contract.createWalletSendQuotation,
    {
      summary: "Quotation of a send to another user's wallet: the rate is held until it expires",
      tags: ["quotations"],
    },
    async (request, reply) => {
      const quotation = await createSendQuotation(
        contextOf(request),
        currentAuth(request).user.id,
        request.body,
      );
      return reply.status(201).send(ok(quotation, "Quotation created."));
    },
  );

  serveMoneyMove(
    transactionEndpoint,
    {
      summary:
        "Sends a wallet-send quotation at once: both wallets move in one transaction, or nothing does (the confirmation record)",
      schema: { body: walletSendTransactionRequest },
    },
    async (request, reply) => {
      const order = await sendFromWallet(
        { db: requestDb(request), rates: app.rates, language: request.ctx.language },
        { userId: currentAuth(request).user.id, quotationId: request.body.quotation_id },
      );
      return answerPlaced(reply, order, WALLET_SEND_MESSAGES.sent);
    },
  );
}
