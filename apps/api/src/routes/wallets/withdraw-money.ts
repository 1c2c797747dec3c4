import * as contract from "@vela/shared/contract/wallets";
import {
  withdrawCalculatorRequest,
  withdrawQuotationRequest,
  withdrawTransactionRequest,
} from "@vela/shared/wallet-dw";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { isTransaction } from "../../db/transactions";
import { ok, page } from "../../http/envelope";
import { InvalidDataError } from "../../http/errors";
import { currentAuth } from "../../plugins/auth";
import {
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeyHeaderSchema,
  isAnsweredKey,
  keepOnRefusal,
  requestDb,
} from "../../plugins/idempotency";
import { shareCorridorCache } from "../../pricing/corridors";
import { assertQuotationOpen } from "../../pricing/quotes";
import { listRecipients } from "../../recipients/repository";
import { type RecipientContext, resolveForm, saveRecipient } from "../../recipients/service";
import { shippingMethodSlug } from "../../reference/repository";
import { ownWalletCurrencies, payoutCurrencies } from "../../wallets/dw-currencies";
import {
  calculateWithdrawal,
  createWithdrawQuotation,
  placeWithdrawal,
  WITHDRAW_MESSAGES,
  withdrawMethods,
  withdrawQuotation,
} from "../../wallets/withdraw";
import {
  claimWithdrawalTry,
  judgeWithdrawalCode,
  sendWithdrawalCode,
  settleWithdrawalTry,
} from "../../wallets/withdrawal-code";
import { pricingContextOf } from "../pricing/context";
import { answerPlaced, walletDeclarers, walletServiceEndpoints } from "./wallet-routes";

const endpoints = walletServiceEndpoints("withdraw-money");

/**
 * Wallet withdrawals (issue 10 point 5, spec §7 Wallets withdraw-money, §4 "withdrawals have an extra
 * confirmation step"): the methods, the caller's withdrawal accounts (beneficiaries) and the withdraw
 * form that adds one (the recipients issue's withdraw forms by currency_to_id and
 * withdrawal_method_id), currencies, calculator, quotation, the confirmation code and the transaction.
 */
export async function walletWithdrawRoutes(app: FastifyInstance) {
  const { serve, serveMoneyMove } = walletDeclarers(app);
  const pricingOf = pricingContextOf(app);
  const recipientContext = (request: FastifyRequest): RecipientContext => {
    const { user } = currentAuth(request);
    return { db: app.db, language: request.ctx.language, ownerId: user.id, ownerCountryId: user.countryId };
  };
  const userId = (request: FastifyRequest) => currentAuth(request).user.id;

  serve(
    contract.getWithdrawMethods,
    { summary: "How a withdrawal can be paid out (in a currency, when given): bank account, mobile wallet" },
    async (request) => ok(await withdrawMethods(app.db, request.ctx.language, request.query.currency_id)),
  );

  serve(
    contract.getWithdrawBeneficiaries,
    { summary: "The caller's active withdrawal accounts, by currency and withdrawal method, 10 a page" },
    async (request) => {
      const query = request.query;
      let method: string | undefined;
      if (query.withdrawal_method_id !== undefined) {
        const slug = await shippingMethodSlug(app.db, query.withdrawal_method_id);
        if (!slug) throw new InvalidDataError({ withdrawal_method_id: ["Unknown delivery method."] });
        method = slug;
      }
      const { rows, total } = await listRecipients(
        app.db,
        userId(request),
        {
          email: query.email,
          type: query.type,
          service: "wallets",
          withdrawal: { currencyId: query.currency_id, method },
        },
        query.page,
        query.per_page,
      );
      return ok(page(rows, total, query.page, query.per_page));
    },
  );

  serve(
    contract.getWithdrawAccountForm,
    {
      summary:
        "The form of a withdrawal account: by currency_to_id and withdrawal_method_id (the recipients' withdraw form)",
    },
    async (request) => ok((await resolveForm(recipientContext(request), request.query)).form),
  );

  serve(
    contract.createWithdrawAccount,
    {
      summary:
        "Saves a withdrawal account: currency_to_id, withdrawal_method_id and the withdraw form's values (flat)",
    },
    async (request, reply) => {
      const body = request.body;
      const missing: Record<string, string[]> = {};
      if (body.currency_to_id === undefined) missing.currency_to_id = ["This field is required."];
      if (body.withdrawal_method_id === undefined) missing.withdrawal_method_id = ["This field is required."];
      if (Object.keys(missing).length > 0) throw new InvalidDataError(missing);
      const saved = await saveRecipient(
        recipientContext(request),
        {
          type: body.type,
          currency_to_id: body.currency_to_id,
          withdrawal_method_id: body.withdrawal_method_id,
          country_to_id: body.country_to_id,
          account_kind: typeof body.account_kind === "string" ? body.account_kind : undefined,
        },
        body,
      );
      return reply.status(201).send(ok(saved, WITHDRAW_MESSAGES.accountSaved));
    },
  );

  serve(
    endpoints.currencies,
    {
      summary:
        "Withdraw currencies: is_from=1 the caller's wallets, is_from=0 the currencies an account can be paid in",
    },
    async (request) =>
      ok(
        request.query.is_from === "1"
          ? await ownWalletCurrencies(app.db, userId(request))
          : await payoutCurrencies(app.db, userId(request)),
      ),
  );

  serve(
    endpoints.calculator,
    {
      summary: "Prices a withdrawal from a wallet currency into an account currency",
      schema: { body: withdrawCalculatorRequest },
    },
    async (request) => ok(await calculateWithdrawal(pricingOf(request), userId(request), request.body)),
  );

  serveMoneyMove(
    endpoints.quotation,
    {
      summary: "Quotation to withdraw from a wallet to one of the caller's withdrawal accounts",
      tags: ["quotations"],
      schema: { body: withdrawQuotationRequest },
    },
    async (request, reply) => {
      const saved = await createWithdrawQuotation(pricingOf(request), userId(request), request.body);
      return reply.status(201).send(ok(saved, "Quotation created."));
    },
  );

  serve(
    contract.sendWithdrawCode,
    { summary: "Sends the code that confirms a withdrawal (by e-mail), bound to its quotation" },
    async (request) =>
      ok(
        await sendWithdrawalCode(app, request, currentAuth(request).user, request.body.quotation_id),
        WITHDRAW_MESSAGES.codeSent,
      ),
  );

  serve(
    endpoints.transaction,
    {
      summary:
        "Withdraws with the confirmation code: the amount goes on hold at once, the payout settles or returns it",
      config: { idempotent: true },
      preValidation: [
        app.requireMoneyMover(),
        // The IP try is counted here, before the plugin opens the request's transaction (see
        // claimWithdrawalTry). Not for a request the plugin refuses or replays anyway: a malformed
        // key, or a repeat of an answered key (replayed even from a network refused for its tries).
        async (request) => {
          if (!withdrawTransactionRequest.safeParse(request.body).success) return; // the schema's 422
          const { user } = currentAuth(request);
          const key = request.headers[IDEMPOTENCY_KEY_HEADER];
          if (key !== undefined) {
            if (typeof key !== "string" || !idempotencyKeyHeaderSchema.safeParse(key).success) return;
            if (await isAnsweredKey(app.db, user.id, key)) return;
          }
          await claimWithdrawalTry(app, request, user);
        },
      ],
      // After the plugin's onSend has ended the transaction: no connection is held while settling.
      onSend: async (request, _reply, payload) => {
        await settleWithdrawalTry(app, request);
        return payload;
      },
      schema: { body: withdrawTransactionRequest },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
      const { quotation_id: quotationId, code } = request.body;
      // The code is judged and used in the request's transaction: with an Idempotency-Key, the key's,
      // so a repeat waits on the key and is replayed instead of meeting the code the first used; and
      // the code's use commits or rolls back with the withdrawal. A refused code is answered, not
      // thrown, so that its counted try is kept (committed, or past the key's savepoint).
      const confirmAndPlace = async (db: Db) => {
        // A used or foreign quotation is refused before the code, at no cost of a try.
        assertQuotationOpen(await withdrawQuotation(db, user.id, quotationId));
        const refusal = await judgeWithdrawalCode(db, app, request, user, quotationId, code);
        if (refusal) return { refusal };
        const deps = { db, rates: app.rates, language: request.ctx.language, jobs: app.jobs };
        return { order: await placeWithdrawal(deps, { userId: user.id, quotationId }) };
      };
      const db = requestDb(request);
      const outcome = isTransaction(db)
        ? await confirmAndPlace(db)
        : await db.transaction((tx) => {
            shareCorridorCache(tx, db);
            return confirmAndPlace(tx);
          });
      if ("refusal" in outcome) {
        await keepOnRefusal(request);
        throw outcome.refusal;
      }
      return answerPlaced(reply, outcome.order, WITHDRAW_MESSAGES.placed);
    },
  );
}
