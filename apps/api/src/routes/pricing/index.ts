import * as contract from "@vela/shared/contract/pricing";
import * as walletContract from "@vela/shared/contract/wallets";
import {
  type calculatorRequest,
  type homeCalculatorQuery,
  walletQuotationRequest,
} from "@vela/shared/pricing";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyRouteSchemaDef, FastifyValidationResult } from "fastify/types/schema";
import type { z } from "zod";
import { corridors, currencies } from "../../db/schema/index";
import { localizeDisplay } from "../../display/display-text";
import { contractRoutes, fixedEndpoint, movesMoney } from "../../http/contract";
import { ok } from "../../http/envelope";
import { InvalidDataError, NotFoundError } from "../../http/errors";
import { validatorCompiler } from "../../http/input";
import { currentAuth } from "../../plugins/auth";
import { type AnswerVersion, createAnswerCache } from "../../pricing/answer-cache";
import { corridorMethodsOf, corridorTermsVersion, limitsOf } from "../../pricing/corridors";
import { plainCalculatorQuery } from "../../pricing/home-query";
import { findPromoCode, promoTerms } from "../../pricing/promo-codes";
import {
  applyPromoCode,
  assertQuotationOpen,
  calculateConsignment,
  consignmentOffer,
  describeQuotation,
  ownQuotation,
  type PricingContext,
  priceOffer,
  saveQuotation,
  updateQuotation,
  walletOffer,
} from "../../pricing/quotes";
import { pricingContextOf } from "./context";

const tags = ["send money"];

/** The app's validator, with the home page's own queries recognised first (home-query.ts). */
// Generic because Fastify types a route's own compiler by the route's whole schema object.
const homeQueryValidator = <T>(route: FastifyRouteSchemaDef<T>): FastifyValidationResult => {
  const validate = validatorCompiler(route as unknown as FastifyRouteSchemaDef<z.core.$ZodType>);
  return (data: unknown) => {
    const plain = plainCalculatorQuery(data);
    return plain ? { value: plain } : validate(data);
  };
};
/** How long the public calculator keeps an answer; the table and terms it used must also be current. */
export const HOME_ANSWER_TTL_MS = 5000;
const HOME_ANSWER_MAX_ENTRIES = 5000;
const quotationTags = ["quotations"];
/**
 * The quotation services each promo code path names (spec: PATCH /{service}/quotation/{id}/apply-promo-code):
 * a quotation is found only under its own service.
 */
const PROMO_SERVICES: Record<(typeof contract.PROMO_SERVICE_PATHS)[number], readonly string[]> = {
  consignments: ["consignments"],
  send_money: ["send_money"],
  wallets: ["wallet-convert", "wallet-deposit"],
  "gift-cards": ["gift-cards"],
  "reload-phones": ["reload-phones"],
  "prepaid-pay-bills": ["prepaid-pay-bills"],
};

/**
 * Calculators, limits, delivery methods, currencies by corridor, quotations and promo codes.
 * The four calculators price alike (see docs/ARCHITECTURE.md "Pricing"); they differ in who may
 * call them and what they accept.
 */
export async function pricingRoutes(app: FastifyInstance) {
  const serve = contractRoutes(app, { tags });
  const serveQuotation = contractRoutes(app, { tags: quotationTags, preValidation: app.requireAuth() });
  const contextOf = pricingContextOf(app);
  const serveQuotationMove = contractRoutes(app, { tags: quotationTags, ...movesMoney(app) });

  // The public calculator's answers, per language and query, for a few seconds: see
  // answer-cache.ts. Kept under the rate table and corridor terms they were built from, so a
  // refresh or a change of terms is never answered with an older price. A GET's answer is kept
  // under its raw query string, so a repeat is answered before its query is parsed and validated
  // again (the same text always parses and validates the same way); a POST's under its parsed body.
  const homeAnswers = createAnswerCache({ ttlMs: HOME_ANSWER_TTL_MS, maxEntries: HOME_ANSWER_MAX_ENTRIES });
  const answerVersion = async (context: PricingContext): Promise<AnswerVersion> =>
    // The age check first: a table too old is refused even when an answer is kept.
    ({ table: context.rates.table(), terms: await corridorTermsVersion(context.db) });
  const queryKey = (request: FastifyRequest) => {
    const start = request.url.indexOf("?");
    return `${request.ctx.language}:?${start === -1 ? "" : request.url.slice(start + 1)}`;
  };
  // Sent as JSON text: neither the serializer nor the translating hook runs on it (it has no message).
  const sendAnswer = (reply: FastifyReply, body: string) =>
    reply.type("application/json; charset=utf-8").send(body);

  const homeCalculator = async (
    request: FastifyRequest,
    reply: FastifyReply,
    input: z.infer<typeof homeCalculatorQuery>,
    key: string,
  ) => {
    if (input.promo_code) throw new InvalidDataError({ promo_code: ["Sign in to use a promo code."] });
    const context = contextOf(request);
    // Taken before pricing: an answer priced on a newer table than this is only kept under this
    // older version, which no later request matches.
    const version = await answerVersion(context);
    const kept = homeAnswers.get(key, version);
    if (kept !== undefined) return sendAnswer(reply, kept);
    // Serialized here rather than by the route's zod serializer: the calculation is built by
    // toCalculation, typed as the contract (tests check answers against its schema), and the text
    // is what is kept.
    const body = JSON.stringify(
      ok(localizeDisplay(await calculateConsignment(context, input, null), request.ctx.language)),
    );
    homeAnswers.set(key, version, body);
    return sendAnswer(reply, body);
  };

  serve(
    contract.getHomeCalculation,
    {
      summary: "Public calculator of the home page: prices a transfer from either amount, no sign-in",
      // The home page's own queries are recognised without zod (home-query.ts); any other goes
      // through the full validation and its messages.
      validatorCompiler: homeQueryValidator,
      // After the global hooks (request headers, a presented token) and before validation: a query
      // answered within the last seconds, on the current table and terms, is answered again as is.
      preValidation: async (request, reply) => {
        const key = queryKey(request);
        if (!homeAnswers.has(key)) return;
        const kept = homeAnswers.get(key, await answerVersion(contextOf(request)));
        if (kept !== undefined) return sendAnswer(reply, kept);
      },
      onSend: async (_request, reply, payload) => {
        // Rates are refreshed every minute at most: a minute of caching costs nothing. A refusal
        // is not kept by anyone.
        if (reply.statusCode === 200) {
          reply.header("Cache-Control", "public, max-age=60");
          reply.header("Vary", "language");
        }
        return payload;
      },
    },
    async (request, reply) => homeCalculator(request, reply, request.query, queryKey(request)),
  );

  // Spec §7 lists the calculators as POST; the GET above stays for caches and links.
  serve(
    contract.calculateHomePrice,
    { summary: "Public calculator of the home page (POST, as spec §7 lists it): same answer as the GET" },
    async (request, reply) =>
      homeCalculator(request, reply, request.body, `${request.ctx.language}:${JSON.stringify(request.body)}`),
  );

  for (const [endpoint, summary] of [
    [
      contract.calculatePrice,
      "Calculator of the signed-in dashboard: any corridor and delivery method, with promo codes",
    ],
    [contract.calculateConsignment, "Calculator of the send-money (consignment) flow, with promo codes"],
  ] as const) {
    serve(
      endpoint,
      {
        summary,
        preValidation: app.requireAuth(),
      },
      async (request) =>
        ok(await calculateConsignment(contextOf(request), request.body, currentAuth(request).user.id)),
    );
  }

  serve(
    contract.calculateWalletToWallet,
    {
      summary: "Calculator of wallet-to-wallet sends: delivery into the recipient's Vela wallet only",
      preValidation: app.requireAuth(),
    },
    async (request) => {
      const context = contextOf(request);
      const rows = await corridorMethodsOf(app.db, request.body);
      const vela = rows.find((row) => row.shipping.slug === "vela");
      if (!vela)
        throw new InvalidDataError({
          country_to_id: ["Wallet-to-wallet sends are not offered on this corridor."],
        });
      // A method the corridor lacks is refused, never quietly replaced by the wallet.
      if (
        request.body.shipping_method_id !== undefined &&
        request.body.shipping_method_id !== vela.shipping.id
      ) {
        throw new InvalidDataError({
          shipping_method_id: ["Wallet-to-wallet sends deliver only into a Vela wallet."],
        });
      }
      const body = { ...request.body, shipping_method_id: vela.shipping.id };
      return ok(await calculateConsignment(context, body, currentAuth(request).user.id));
    },
  );

  serve(
    contract.getLimits,
    { summary: "Send and receiving limits of a corridor's delivery method (its default one unless named)" },
    async (request) => {
      const rows = await corridorMethodsOf(app.db, request.query);
      const row =
        request.query.shipping_method_id === undefined
          ? rows[0]
          : rows.find((candidate) => candidate.shipping.id === request.query.shipping_method_id);
      if (!row)
        throw new InvalidDataError({
          country_to_id: ["We do not send to this country in these currencies yet."],
        });
      return ok(limitsOf(row));
    },
  );

  // Ids are PostgreSQL integers: a larger one is a 422 here (the contract's query), not a 500 from the database.
  serve(
    contract.getShippingMethods,
    { summary: "Delivery methods offered on a corridor" },
    async (request) => {
      const rows = await corridorMethodsOf(app.db, request.query);
      const seen = new Set<number>();
      return ok(
        rows
          .filter((row) => !seen.has(row.shipping.id) && seen.add(row.shipping.id))
          .map((row) => ({
            id: row.shipping.id,
            slug: row.shipping.slug,
            name: row.shipping.name,
            transfer_time: row.method.transferTime,
            guaranteed_rate: row.method.guaranteedRate,
          })),
      );
    },
  );

  async function corridorCurrencies(side: "from" | "to", countryId: number) {
    const column = side === "from" ? corridors.currencyFromId : corridors.currencyToId;
    const country = side === "from" ? corridors.countryFromId : corridors.countryToId;
    return app.db
      .selectDistinct({
        id: currencies.id,
        iso: currencies.iso,
        name: currencies.name,
        decimals: currencies.decimals,
        symbol: currencies.symbol,
      })
      .from(corridors)
      .innerJoin(currencies, eq(currencies.id, column))
      .where(and(eq(country, countryId), eq(corridors.isActive, true)))
      .orderBy(asc(currencies.iso));
  }

  serve(contract.getCurrenciesTo, { summary: "Currencies a country can receive in" }, async (request) =>
    ok(await corridorCurrencies("to", request.query.country_to_id)),
  );

  serve(contract.getCurrenciesFrom, { summary: "Currencies a country can send in" }, async (request) =>
    ok(await corridorCurrencies("from", request.query.country_from_id)),
  );

  // ---- Quotations ----

  async function createConsignmentQuotation(
    request: FastifyRequest,
    body: z.infer<typeof calculatorRequest>,
    service: string,
  ) {
    const context = contextOf(request);
    const userId = currentAuth(request).user.id;
    const offer = await consignmentOffer(context, body, body.payment_method);
    const priced = await priceOffer(context, offer, body, { promoCode: body.promo_code, userId });
    return saveQuotation(context, userId, service, offer, priced);
  }

  // The generic entry point is priced as a consignment: both create the same quotation.
  const consignmentQuotations = [
    [contract.createQuotation, "Creates a quotation for a consignment: the rate is held until it expires"],
    [contract.createAnyQuotation, "Creates a quotation (the generic entry point; priced as a consignment)"],
  ] as const;
  for (const [endpoint, summary] of consignmentQuotations) {
    serveQuotationMove(endpoint, { summary }, async (request, reply) =>
      reply
        .status(201)
        .send(
          ok(await createConsignmentQuotation(request, request.body, "consignments"), "Quotation created."),
        ),
    );
  }

  for (const kind of ["convert", "deposit"] as const) {
    const quotationEndpoint = fixedEndpoint(walletContract.createWalletQuotation, "service", `${kind}-money`);
    serveQuotationMove(
      quotationEndpoint,
      {
        summary:
          kind === "convert"
            ? "Quotation to convert between two wallet currencies"
            : "Quotation to deposit into a wallet",
        schema: { body: walletQuotationRequest },
      },
      async (request, reply) => {
        const context = contextOf(request);
        const userId = currentAuth(request).user.id;
        const paymentMethod =
          request.body.payment_method ?? (kind === "convert" ? "wallet" : "bank-transfer");
        const offer = await walletOffer(
          context,
          kind,
          request.body.currency_from_id,
          request.body.currency_to_id,
          paymentMethod,
        );
        const priced = await priceOffer(
          context,
          offer,
          { send_amount: request.body.send_amount },
          { userId },
        );
        const saved = await saveQuotation(context, userId, `wallet-${kind}`, offer, priced);
        return reply.status(201).send(ok(saved, "Quotation created."));
      },
    );
  }

  serveQuotation(contract.getQuotation, { summary: "One of the user's quotations" }, async (request) => {
    const row = await ownQuotation(app.db, currentAuth(request).user.id, request.params.id);
    return ok(await describeQuotation(contextOf(request), row));
  });

  serveQuotation(
    contract.recalculateQuotation,
    {
      summary:
        "Recalculates a quotation at today's rate (new amounts or payment method optional); the rate lock starts again",
    },
    async (request) => {
      const row = await ownQuotation(app.db, currentAuth(request).user.id, request.params.id);
      if (row.status === "used") assertQuotationOpen(row);
      if (request.body.send_amount !== undefined && request.body.receiving_amount !== undefined) {
        throw new InvalidDataError({
          receiving_amount: ["Give either the send amount or the receiving amount, not both."],
        });
      }
      const quote = await updateQuotation(contextOf(request), row, {
        amounts: request.body,
        paymentMethod: request.body.payment_method,
      });
      return ok(quote, "Quotation updated.");
    },
  );

  serveQuotation(
    contract.applyPromoCode,
    {
      summary:
        "Applies a promo code to an open quotation of this service; its amounts, rate and expiry stay locked",
    },
    async (request) => {
      const row = await ownQuotation(app.db, currentAuth(request).user.id, request.params.id);
      // Another service's quotation is not found here, as another user's is not.
      if (!PROMO_SERVICES[request.params.service].includes(row.service))
        throw new NotFoundError("Quotation not found.");
      assertQuotationOpen(row);
      const quote = await applyPromoCode(contextOf(request), row, request.body.code, "code");
      return ok(quote, "Promo code applied.");
    },
  );

  serveQuotation(contract.getPromoCode, { summary: "The terms of a promo code" }, async (request) =>
    ok(await promoTerms(app.db, await findPromoCode(app.db, request.query.code))),
  );
}
