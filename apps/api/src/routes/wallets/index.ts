import * as contract from "@vela/shared/contract/wallets";
import { convertCalculatorRequest, WALLET_PAGE_SIZE } from "@vela/shared/wallets";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { fixedEndpoint } from "../../http/contract";
import { ok, page } from "../../http/envelope";
import { currentAuth } from "../../plugins/auth";
import { requestDb } from "../../plugins/idempotency";
import {
  balanceAndShares,
  balanceHistory,
  closeWallet,
  convertCalculator,
  convertCurrencies,
  convertTransaction,
  dashboard,
  newWalletCurrencies,
  openNewWallet,
  userWallets,
  WALLET_MESSAGES,
  WALLET_STATUS_OPTIONS,
  type WalletDeps,
  walletServiceOptions,
  walletTransactions,
} from "../../wallets/service";
import { walletDeclarers } from "./wallet-routes";

const convertPricing = fixedEndpoint(contract.calculateWalletPrice, "service", "convert-money");

/**
 * The multi-currency wallet (issue 10, spec §7 Wallets), the core of it: the dashboard, the user's
 * wallets, opening one per currency, a wallet's balance and shares, its transactions and balance
 * history, the selects, and converting between two of the user's wallets. Deposit, send and
 * withdraw have their own route files beside this one. Every route is the signed-in user's: another
 * user's wallet id answers 404 like an unknown one.
 */
export async function walletRoutes(app: FastifyInstance) {
  const { serve, serveMoneyMove } = walletDeclarers(app);
  const userId = (request: FastifyRequest) => currentAuth(request).user.id;
  const depsOf = (request: FastifyRequest): WalletDeps => ({
    db: requestDb(request),
    rates: app.rates,
    language: request.ctx.language,
    publicAppUrl: app.config.PUBLIC_APP_URL,
  });

  serve(
    contract.getWalletDashboard,
    {
      summary:
        "The wallet dashboard: the user's wallets with their balances, the service buttons, the statuses",
    },
    async (request) => ok(await dashboard(depsOf(request), userId(request))),
  );

  serve(
    contract.getUserWallets,
    {
      summary: "The user's wallets with balance, available and on hold, oldest first",
      schema: {
        // Derived, it would read getWalletsUWallets.
        operationId: "getUserWallets",
      },
    },
    async (request) => ok(await userWallets(depsOf(request), userId(request))),
  );

  serve(
    contract.getNewWalletCurrencies,
    { summary: "The currencies the user can open a wallet in (those they have none in yet)" },
    async (request) => ok(await newWalletCurrencies(depsOf(request), userId(request))),
  );

  serve(
    contract.openWallet,
    {
      summary: "Opens the user's wallet in a currency: one per currency (a second is refused on currency_id)",
      config: { idempotent: true },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await openNewWallet(depsOf(request), userId(request), request.body.currency_id),
            WALLET_MESSAGES.opened,
          ),
        ),
  );

  serve(
    contract.getBalanceAndShares,
    {
      summary:
        "A wallet's balance (available, on hold), currency with flag, and shares: public id, link, QR code",
    },
    async (request) => ok(await balanceAndShares(depsOf(request), userId(request), request.params.id)),
  );

  serve(
    contract.closeWallet,
    {
      summary:
        "Closes the user's empty wallet (no balance, nothing on hold, no order in flight; 422 otherwise): it leaves the lists, its history stays, a new wallet may be opened in its currency",
      // A repeat with the same key (a retried click) answers the first close instead of "already closed".
      config: { idempotent: true },
    },
    async (request) =>
      ok(
        await closeWallet(depsOf(request), userId(request), request.params.id),
        WALLET_MESSAGES.walletClosed,
      ),
  );

  serve(
    contract.getWalletTransactions,
    {
      summary:
        "The orders that moved money out of or into a wallet, newest first, 10 a page, by service, status, days",
    },
    async (request) => {
      const { rows, total } = await walletTransactions(
        depsOf(request),
        userId(request),
        request.params.id,
        request.query,
      );
      return ok(page(rows, total, request.query.page, WALLET_PAGE_SIZE));
    },
  );

  serve(
    contract.getBalanceHistory,
    {
      summary:
        "A wallet's end-of-day balance (UTC) for the last `days` days, from the ledger: the balance chart",
    },
    async (request) =>
      ok(await balanceHistory(depsOf(request), userId(request), request.params.id, request.query.days)),
  );

  serve(
    contract.getWalletServices,
    { summary: "The services a wallet's transactions can be filtered by" },
    async (request) => ok(walletServiceOptions(request.ctx.language)),
  );

  serve(
    contract.getWalletStatuses,
    { summary: "The statuses a wallet's transactions can be filtered by" },
    async () => ok(WALLET_STATUS_OPTIONS),
  );

  serve(
    contract.getConvertCurrencies,
    {
      summary:
        "Currencies to convert from (is_from=1: the user's open wallets) or to (is_from=0: every wallet currency, with the user's wallet or null)",
    },
    async (request) =>
      ok(
        await convertCurrencies(
          depsOf(request),
          userId(request),
          request.query.is_from === "1",
          request.query.currency_from_id,
        ),
      ),
  );

  serve(
    convertPricing,
    {
      summary: "Prices a conversion between two wallet currencies at today's rate (nothing is kept)",
      schema: { body: convertCalculatorRequest },
    },
    async (request) => ok(await convertCalculator(depsOf(request), userId(request), request.body)),
  );

  serveMoneyMove(
    contract.createConvertTransaction,
    {
      summary:
        "Converts between two of the user's wallets at the quotation's locked rate, at once: the confirmation record and both wallets",
    },
    async (request, reply) =>
      reply.status(201).send(
        ok(
          await convertTransaction(depsOf(request), {
            userId: userId(request),
            quotationId: request.body.quotation_id,
          }),
          WALLET_MESSAGES.converted,
        ),
      ),
  );
}
