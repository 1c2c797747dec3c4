import * as contract from "@vela/shared/contract/senders";
import { SENDER_SERVICES, type SenderListQuery } from "@vela/shared/senders";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { contractRoutes, fixedEndpoint } from "../../http/contract";
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
  updateBasicSender,
  updateConsignmentSender,
} from "../../senders/service";

const TAGS = ["senders"];

/**
 * Senders (spec §7 Senders): the signed-in user's list, create, toggle and delete; each service's
 * list and form; the agent's paginated list; and naming a quotation's sender.
 */
export async function senderRoutes(app: FastifyInstance) {
  const signedIn = app.requireAuth();
  const serve = contractRoutes(app, { tags: TAGS, preValidation: signedIn });
  const userOf = (request: FastifyRequest) => currentAuth(request).user;

  const list = async (request: FastifyRequest, query: SenderListQuery) => {
    const { rows, total } = await listUserSenders(app.db, userOf(request), query);
    return ok(page(rows.map(toSender), total, query.page, query.per_page));
  };

  serve(
    contract.getSenders,
    { summary: "The user's senders, 10 a page (a client's own profile first)" },
    async (request) => list(request, request.query),
  );

  serve(
    contract.createSender,
    { summary: "Adds a sender with the full identity form (as for consignments)" },
    async (request, reply) => {
      const row = await createSender(app.db, userOf(request), "consignments", request.body);
      return reply.status(201).send(ok(toSender(row), "Sender saved."));
    },
  );

  serve(
    contract.toggleSender,
    { summary: "Enables a disabled sender or disables an enabled one" },
    async (request) => {
      const row = await toggleUserSender(app.db, userOf(request), request.params.id);
      return ok(toSender(row), row.isActive ? "Sender enabled." : "Sender disabled.");
    },
  );

  serve(
    contract.deleteSender,
    { summary: "Deletes a sender (orders that name it keep it)" },
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
    serve(listed, { summary: `The user's senders kept for the ${service} service` }, async (request) =>
      list(request, { ...request.query, service }),
    );

    serve(
      created,
      {
        summary:
          service === "consignments"
            ? "Adds a sender for consignments: identity document, date of birth (18+), address"
            : `Adds a sender for the ${service} service: name and an e-mail address or phone number`,
      },
      async (request, reply) => {
        const row = await createSender(app.db, userOf(request), service, request.body);
        return reply.status(201).send(ok(toSender(row), "Sender saved."));
      },
    );
  }

  serve(
    contract.updateConsignmentSender,
    { summary: "Changes a sender's details with the consignments form" },
    async (request) => {
      const row = await updateConsignmentSender(app.db, userOf(request), request.params.id, request.body);
      return ok(toSender(row), "Sender saved.");
    },
  );

  for (const service of SENDER_SERVICES) {
    if (service === "consignments") continue;
    serve(
      fixedEndpoint(contract.updateServiceSender, "service", service),
      { summary: `Changes a sender with the ${service} form (an identity document given is checked)` },
      async (request) => {
        const user = userOf(request);
        const row = await updateBasicSender(app.db, user, service, request.params.id, request.body);
        return ok(toSender(row), "Sender saved.");
      },
    );
  }

  serve(
    contract.getAgentSenders,
    {
      summary: "The agent's senders, paginated (spec §7 agent senders)",
      preValidation: app.requireAuth(["agent"]),
    },
    async (request) => list(request, request.query),
  );

  serve(
    contract.addSenderToQuotation,
    {
      summary: "Names the sender of an open consignment quotation; answers what the next steps send",
      tags: ["quotations"],
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
