import { cardToken, cardTokenRequest } from "@vela/shared/contract/payments";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok, okSchema } from "../../http/envelope";
import { NotFoundError } from "../../http/errors";
import type { SandboxCards } from "../../providers/cards/sandbox-cards";
import { escapeHtml, formatMinor, renderPage, sendPage } from "./page";

const TAGS = ["sandbox"];

/** The tokenisation's request and answer are the contract's: the SPA posts cards to it directly. */
export { cardToken, cardTokenRequest };

const authorizationParams = z.object({ authorizationId: z.string().regex(/^auth_[0-9a-f]{24}$/) });

/**
 * The card sandbox's own endpoints, as a processor hosts them: tokenisation (the browser posts the
 * card here and our API only ever sees the token) and the 3-D Secure challenge page.
 */
export async function sandboxCardRoutes(app: FastifyInstance, { cards }: { cards: SandboxCards }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    "/sandbox/cards/tokens",
    {
      schema: {
        tags: TAGS,
        summary: "The card sandbox's tokenisation: a card (number, expiry, CVC) for a single-use token",
        body: cardTokenRequest,
        response: { 200: okSchema(cardToken) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(await cards.tokenize(request.body));
    },
  );

  routes.get(
    "/sandbox/cards/3ds/:authorizationId",
    {
      schema: {
        tags: TAGS,
        summary: "The card sandbox's 3-D Secure challenge page (HTML)",
        params: authorizationParams,
        produces: ["text/html"],
      },
    },
    async (request, reply) => {
      const challenge = await cards.challenge(request.params.authorizationId);
      if (!challenge) throw new NotFoundError("The card authorization was not found.");
      const pending = challenge.status === "requires_action";
      const body = `
<dl>
  <dt>Amount</dt><dd>${escapeHtml(formatMinor(challenge.amountMinor, challenge.currency))}</dd>
  <dt>Status</dt><dd class="status">${escapeHtml(challenge.status.replace("_", " "))}</dd>
</dl>
${
  pending
    ? `<p>Your bank asks you to confirm this card payment.</p>
<p class="note">Sandbox: choose the outcome the card holder's bank would give.</p>
<form method="post" class="actions">
  <button class="primary" type="submit" name="outcome" value="approve">Complete authentication</button>
  <button class="danger" type="submit" name="outcome" value="fail">Fail authentication</button>
</form>`
    : `<p>This authentication is finished.</p>
<form method="post" class="actions"><button class="secondary" type="submit" name="outcome" value="return">Return to the merchant</button></form>`
}`;
      return sendPage(
        reply,
        renderPage({ title: "3-D Secure verification", brand: "Cards", body }),
        challenge.returnUrl,
      );
    },
  );

  routes.post(
    "/sandbox/cards/3ds/:authorizationId",
    {
      schema: {
        tags: TAGS,
        summary: "Answers the 3-D Secure challenge: webhook to our API, then back to the return URL",
        params: authorizationParams,
        body: z.object({ outcome: z.enum(["approve", "fail", "return"]) }),
      },
    },
    async (request, reply) => {
      const { outcome } = request.body;
      const challenge = await cards.challenge(request.params.authorizationId);
      if (!challenge) throw new NotFoundError("The card authorization was not found.");
      const { returnUrl } =
        outcome === "return"
          ? challenge
          : await cards.completeChallenge(request.params.authorizationId, outcome);
      return reply.redirect(returnUrl, 303);
    },
  );
}
