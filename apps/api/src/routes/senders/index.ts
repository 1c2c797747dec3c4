import { successEnvelope } from "@vela/shared/api";
import {
  addSenderRequest,
  consignmentSenderRequest,
  quotationSelection,
  SENDER_SERVICES,
  type SenderService,
  sender,
  senderIdParams,
  senderListQuery,
  senderRequestOf,
} from "@vela/shared/senders";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok, page, pageSchema } from "../../http/envelope";
import { currentAuth } from "../../plugins/auth";
import type { PricingContext } from "../../pricing/quotes";
import { toSender } from "../../senders/repository";
import {
  addSenderToQuotation,
  createSender,
  deleteUserSender,
  listUserSenders,
  toggleUserSender,
  updateConsignmentSender,
} from "../../senders/service";

const TAGS = ["senders"];
const senderAnswer = { 200: successEnvelope(sender) };
const createdSender = { 201: successEnvelope(sender) };
const senderPage = { 200: pageSchema(sender) };

/**
 * Senders (spec §7 Senders): the signed-in user's list, create, toggle and delete; each service's
 * list and form; the agent's paginated list; and naming a quotation's sender.
 */
export async function senderRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = app.requireAuth();
  const userOf = (request: FastifyRequest) => currentAuth(request).user;

  const list = async (request: FastifyRequest, query: z.infer<typeof senderListQuery>) => {
    const { rows, total } = await listUserSenders(app.db, userOf(request), query);
    return ok(page(rows.map(toSender), total, query.page, query.per_page));
  };

  routes.get(
    "/senders",
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "The user's senders, 10 a page (a client's own profile first)",
        querystring: senderListQuery,
        response: senderPage,
      },
    },
    async (request) => list(request, request.query),
  );

  routes.post(
    "/senders",
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "Adds a sender with the full identity form (as for consignments)",
        body: consignmentSenderRequest,
        response: createdSender,
      },
    },
    async (request, reply) => {
      const row = await createSender(app.db, userOf(request), "consignments", request.body);
      return reply.status(201).send(ok(toSender(row), "Sender saved."));
    },
  );

  routes.patch(
    "/senders/:id",
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "Enables a disabled sender or disables an enabled one",
        params: senderIdParams,
        response: senderAnswer,
      },
    },
    async (request) => {
      const row = await toggleUserSender(app.db, userOf(request), request.params.id);
      return ok(toSender(row), row.isActive ? "Sender enabled." : "Sender disabled.");
    },
  );

  routes.delete(
    "/senders/:id",
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "Deletes a sender (orders that name it keep it)",
        params: senderIdParams,
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (request) => {
      await deleteUserSender(app.db, userOf(request), request.params.id);
      return ok(null, "Sender deleted.");
    },
  );

  for (const service of SENDER_SERVICES) {
    routes.get(
      `/${service}/senders`,
      {
        preValidation: signedIn,
        schema: {
          tags: TAGS,
          summary: `The user's senders kept for the ${service} service`,
          querystring: senderListQuery.omit({ service: true }),
          response: senderPage,
        },
      },
      async (request) => list(request, { ...request.query, service }),
    );

    const body = senderRequestOf(service as SenderService);
    routes.post(
      `/${service}/senders`,
      {
        preValidation: signedIn,
        schema: {
          tags: TAGS,
          summary:
            service === "consignments"
              ? "Adds a sender for consignments: identity document, date of birth (18+), address"
              : `Adds a sender for the ${service} service: name and an e-mail address or phone number`,
          body,
          response: createdSender,
        },
      },
      async (request, reply) => {
        const row = await createSender(app.db, userOf(request), service, request.body);
        return reply.status(201).send(ok(toSender(row), "Sender saved."));
      },
    );
  }

  routes.put(
    "/consignments/senders/:id",
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "Changes a sender's details with the consignments form",
        params: senderIdParams,
        body: consignmentSenderRequest,
        response: senderAnswer,
      },
    },
    async (request) => {
      const row = await updateConsignmentSender(app.db, userOf(request), request.params.id, request.body);
      return ok(toSender(row), "Sender saved.");
    },
  );

  routes.get(
    "/agents/senders",
    {
      preValidation: app.requireAuth(["agent"]),
      schema: {
        tags: TAGS,
        summary: "The agent's senders, paginated (spec §7 agent senders)",
        querystring: senderListQuery.omit({ service: true }),
        response: senderPage,
      },
    },
    async (request) => list(request, request.query),
  );

  routes.put(
    "/consignments/quotation/:id/add-sender",
    {
      preValidation: signedIn,
      schema: {
        tags: ["quotations"],
        summary: "Names the sender of an open consignment quotation; answers what the next steps send",
        params: senderIdParams,
        body: addSenderRequest,
        response: { 200: successEnvelope(quotationSelection) },
      },
    },
    async (request) => {
      const context: PricingContext = { db: app.db, rates: app.rates, language: request.ctx.language };
      const selection = await addSenderToQuotation(
        context,
        userOf(request),
        request.params.id,
        request.body.sender_id,
      );
      return ok(selection, "Sender added.");
    },
  );
}
