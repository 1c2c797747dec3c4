import { depositCalculatorRequest, depositTransactionRequest } from "@vela/shared/wallet-dw";
import type { FastifyInstance } from "fastify";
import { ok } from "../../http/envelope";
import { currentAuth } from "../../plugins/auth";
import { requestDb } from "../../plugins/idempotency";
import { priceOffer, walletOffer } from "../../pricing/quotes";
import { DEPOSIT_MESSAGES, placeDeposit } from "../../wallets/deposit";
import { depositSourceCurrencies, ownWalletCurrencies } from "../../wallets/dw-currencies";
import { pricingContextOf } from "../pricing/context";
import { answerPlaced, walletDeclarers, walletServiceEndpoints } from "./wallet-routes";

const endpoints = walletServiceEndpoints("deposit-money");

/**
 * Wallet deposits (issue 10 point 2, spec §7 Wallets deposit-money): the currencies, the calculator
 * and the transaction. The quotation is `POST /wallets/deposit-money/quotation/create`
 * (routes/pricing); it is paid through the payments routes like any quotation (card, ACH debit,
 * push transfers answering instructions with a reference, hosted gateways), and the transaction
 * places the order that credits the wallet once the payment has succeeded.
 */
export async function walletDepositRoutes(app: FastifyInstance) {
  const { serve, serveMoneyMove } = walletDeclarers(app);
  const pricingOf = pricingContextOf(app);

  serve(
    endpoints.currencies,
    {
      summary:
        "Deposit currencies: is_from=1 what a deposit can be paid in, is_from=0 the caller's wallets it can go into",
    },
    async (request) => {
      const userId = currentAuth(request).user.id;
      return ok(
        request.query.is_from === "1"
          ? await depositSourceCurrencies(app.db, userId)
          : await ownWalletCurrencies(app.db, userId),
      );
    },
  );

  serve(
    endpoints.calculator,
    {
      summary: "Prices a deposit: what is paid, in which currency and how, for what lands in the wallet",
      schema: { body: depositCalculatorRequest },
    },
    async (request) => {
      const context = pricingOf(request);
      const offer = await walletOffer(
        context,
        "deposit",
        request.body.currency_from_id,
        request.body.currency_to_id,
        request.body.payment_method ?? "bank-transfer",
      );
      const priced = await priceOffer(
        context,
        offer,
        { send_amount: request.body.send_amount },
        { userId: currentAuth(request).user.id },
      );
      return ok(priced.calculation);
    },
  );

  serveMoneyMove(
    endpoints.transaction,
    {
      summary:
        "Places the deposit of a quotation paid by a payment: the wallet is credited once the payment succeeds",
      schema: { body: depositTransactionRequest },
    },
    async (request, reply) => {
      const order = await placeDeposit(
        { db: requestDb(request), rates: app.rates, language: request.ctx.language, jobs: app.jobs },
        {
          userId: currentAuth(request).user.id,
          input: { quotationId: request.body.quotation_id, paymentId: request.body.payment_id },
        },
      );
      return answerPlaced(reply, order, DEPOSIT_MESSAGES.placed);
    },
  );
}
