import * as contract from "@vela/shared/contract/recipients";
import { INVITATION_TOKEN_HEADER } from "@vela/shared/external-recipients";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { contractRoutes } from "../../http/contract";
import { ok, page } from "../../http/envelope";
import { currentAuth } from "../../plugins/auth";
import {
  confirmRecipient,
  describeInvitation,
  externalForm,
  listInvitations,
  receivingOptionsOf,
  sendLinks,
  submitExternalRecipient,
} from "../../recipients/external/service";

const ownerTags = ["recipients"];
const publicTags = ["external recipients"];
/**
 * The token of the public endpoints, in a header so it never appears in a URL (access logs,
 * proxies, browser history). Any text is accepted here: a malformed token answers the same 404 as
 * an unknown or used one.
 */
const tokenHeaders = z.object({
  [INVITATION_TOKEN_HEADER]: z.string().optional().describe("The token from the invitation link's fragment"),
});

/**
 * External recipients (spec §7): the owner's send-link, invitation list and confirmation under
 * /recipients, and the public endpoints under /external-recipients that the link's page calls
 * with the token in `x-invitation-token`.
 */
export async function externalRecipientRoutes(app: FastifyInstance) {
  const serve = contractRoutes(app, { tags: ownerTags, preValidation: app.requireAuth() });
  const servePublic = contractRoutes(app, { tags: publicTags });
  const tokenOf = (request: FastifyRequest) => {
    const value = request.headers[INVITATION_TOKEN_HEADER];
    return typeof value === "string" ? value : undefined;
  };
  // What a token unlocks is nobody else's: never kept by a cache.
  const noStore = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    reply.header("Cache-Control", "no-store");
    return payload;
  };

  serve(
    contract.sendInvitationLinks,
    { summary: "E-mails each person a single-use link (7 days) to fill in their own recipient details" },
    async (request, reply) => {
      const { user } = currentAuth(request);
      const invitations = await sendLinks(
        { db: app.db, email: app.email, publicAppUrl: app.config.PUBLIC_APP_URL },
        { id: user.id, firstName: user.firstName, lastName: user.lastName, countryId: user.countryId },
        request.body,
        request.ctx.language,
      );
      const message = invitations.length === 1 ? "We sent the link." : "We sent the links.";
      return reply.status(201).send(ok(invitations, message));
    },
  );

  serve(
    contract.getInvitations,
    { summary: "The caller's recipient invitations and where each stands, newest first" },
    async (request) => {
      const { user } = currentAuth(request);
      const { rows, total } = await listInvitations(app.db, user.id, request.query);
      return ok(page(rows, total, request.query.page, request.query.per_page));
    },
  );

  serve(
    contract.confirmInvitation,
    { summary: "Accepts the details a link brought in: the recipient becomes active" },
    async (request) => {
      const { user } = currentAuth(request);
      return ok(await confirmRecipient(app.db, user.id, request.body.invitation_id), "Recipient confirmed.");
    },
  );

  servePublic(
    contract.getExternalInvitation,
    {
      summary: "Who the link is for and who sent it (first name and last initial only)",
      onSend: noStore,
      schema: { headers: tokenHeaders },
    },
    async (request) => ok(await describeInvitation(app.db, tokenOf(request), request.ip)),
  );

  servePublic(
    contract.getExternalReceivingOptions,
    {
      summary: "The countries, currencies and delivery methods the link's recipient may choose",
      onSend: noStore,
      schema: { headers: tokenHeaders },
    },
    async (request) =>
      ok(await receivingOptionsOf(app.db, tokenOf(request), request.ip, request.ctx.language)),
  );

  servePublic(
    contract.getExternalForm,
    {
      summary: "The recipient form for the chosen destination, method and recipient type",
      onSend: noStore,
      schema: { headers: tokenHeaders },
    },
    async (request) =>
      ok(
        await externalForm({ db: app.db }, tokenOf(request), request.ip, request.query, request.ctx.language),
      ),
  );

  servePublic(
    contract.submitExternalRecipient,
    {
      summary:
        "Saves the person's own details as the owner's recipient (inactive until confirmed); the link is used up",
      onSend: noStore,
      schema: { headers: tokenHeaders },
    },
    async (request, reply) => {
      const answer = await submitExternalRecipient(
        { db: app.db },
        tokenOf(request),
        request.ip,
        request.body,
        request.ctx.language,
      );
      return reply.status(201).send(ok(answer, "Thank you. Your details were sent."));
    },
  );
}
