import * as contract from "@vela/shared/contract/senders";
import { SENDER_SERVICES, type SenderListQuery } from "@vela/shared/senders";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { contractSchema, fixedEndpoint, urlOf } from "../../http/contract";
import { ok, page } from "../../http/envelope";
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

/**
 * Senders (spec §7 Senders): the signed-in user's list, create, toggle and delete; each service's
 * list and form; the agent's paginated list; and naming a quotation's sender.
 */
export async function senderRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = app.requireAuth();
  const userOf = (request: FastifyRequest) => currentAuth(request).user;

  const list = async (request: FastifyRequest, query: SenderListQuery) => {
    const { rows, total } = await listUserSenders(app.db, userOf(request), query);
    return ok(page(rows.map(toSender), total, query.page, query.per_page));
  };

  routes.get(
    urlOf(contract.getSenders),
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "The user's senders, 10 a page (a client's own profile first)",
        ...contractSchema(contract.getSenders),
      },
    },
    async (request) => list(request, request.query),
  );

  routes.post(
    urlOf(contract.createSender),
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "Adds a sender with the full identity form (as for consignments)",
        ...contractSchema(contract.createSender),
      },
    },
    async (request, reply) => {
      const row = await createSender(app.db, userOf(request), "consignments", request.body);
      return reply.status(201).send(ok(toSender(row), "Sender saved."));
    },
  );

  routes.patch(
    urlOf(contract.toggleSender),
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "Enables a disabled sender or disables an enabled one",
        ...contractSchema(contract.toggleSender),
      },
    },
    async (request) => {
      const row = await toggleUserSender(app.db, userOf(request), request.params.id);
      return ok(toSender(row), row.isActive ? "Sender enabled." : "Sender disabled.");
    },
  );

  routes.delete(
    urlOf(contract.deleteSender),
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "Deletes a sender (orders that name it keep it)",
        ...contractSchema(contract.deleteSender),
      },
    },
    async (request) => {
      await deleteUserSender(app.db, userOf(request), request.params.id);
      return ok(null, "Sender deleted.");
    },
  );

  for (const service of SENDER_SERVICES) {
    // Consignments' senders take the full identity form; the other services' the short one.
    const [listed, created] =
      service === "consignments"
        ? [contract.getConsignmentSenders, contract.createConsignmentSender]
        : [
            fixedEndpoint(contract.getServiceSenders, "service", service),
            fixedEndpoint(contract.createServiceSender, "service", service),
          ];
    routes.get(
      urlOf(listed),
      {
        preValidation: signedIn,
        schema: {
          tags: TAGS,
          summary: `The user's senders kept for the ${service} service`,
          ...contractSchema(listed),
        },
      },
      async (request) => list(request, { ...request.query, service }),
    );

    routes.post(
      urlOf(created),
      {
        preValidation: signedIn,
        schema: {
          tags: TAGS,
          summary:
            service === "consignments"
              ? "Adds a sender for consignments: identity document, date of birth (18+), address"
              : `Adds a sender for the ${service} service: name and an e-mail address or phone number`,
          ...contractSchema(created),
        },
      },
      async (request, reply) => {
        const row = await createSender(app.db, userOf(request), service, request.body);
        return reply.status(201).send(ok(toSender(row), "Sender saved."));
      },
    );
  }

  routes.put(
    urlOf(contract.updateConsignmentSender),
    {
      preValidation: signedIn,
      schema: {
        tags: TAGS,
        summary: "Changes a sender's details with the consignments form",
        ...contractSchema(contract.updateConsignmentSender),
      },
    },
    async (request) => {
      const row = await updateConsignmentSender(app.db, userOf(request), request.params.id, request.body);
      return ok(toSender(row), "Sender saved.");
    },
  );

  routes.get(
    urlOf(contract.getAgentSenders),
    {
      preValidation: app.requireAuth(["agent"]),
      schema: {
        tags: TAGS,
        summary: "The agent's senders, paginated (spec §7 agent senders)",
        ...contractSchema(contract.getAgentSenders),
      },
    },
    async (request) => list(request, request.query),
  );

  routes.put(
    urlOf(contract.addSenderToQuotation),
    {
      preValidation: signedIn,
      schema: {
        tags: ["quotations"],
        summary: "Names the sender of an open consignment quotation; answers what the next steps send",
        ...contractSchema(contract.addSenderToQuotation),
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
