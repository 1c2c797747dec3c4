import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { NotFoundError } from "../../http/errors";
import { GATEWAY_NAMES } from "../../providers/gateways/hosted-gateway";
import { GATEWAY_TITLES, type SandboxGateways } from "../../providers/gateways/sandbox-gateways";
import { escapeHtml, formatMinor, renderPage, sendPage } from "./page";

const TAGS = ["sandbox"];

const sessionParams = z.object({
  gateway: z.enum(GATEWAY_NAMES),
  sessionId: z.string().regex(/^gs_(praxis|d24|paypal)_[0-9a-f]{24}$/),
});

/** The hosted gateways' sandbox pages (praxis, d24, PayPal): Approve, Decline or Cancel. */
export async function sandboxGatewayRoutes(
  app: FastifyInstance,
  { gateways }: { gateways: SandboxGateways },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    "/sandbox/gateways/:gateway/:sessionId",
    {
      schema: {
        tags: TAGS,
        summary: "A hosted gateway's sandbox payment page (HTML)",
        params: sessionParams,
        produces: ["text/html"],
      },
    },
    async (request, reply) => {
      const { gateway, sessionId } = request.params;
      const session = await gateways.session(gateway, sessionId);
      if (!session) throw new NotFoundError("The payment session was not found.");
      const pending = session.status === "pending";
      const title = GATEWAY_TITLES[gateway];
      const body = `
<dl>
  <dt>Pay</dt><dd>${escapeHtml(formatMinor(session.amountMinor, session.currency))}</dd>
  <dt>To</dt><dd>Vela</dd>
  <dt>Customer</dt><dd>${escapeHtml(session.customerName)}</dd>
  <dt>Status</dt><dd class="status">${escapeHtml(session.status)}</dd>
</dl>
${
  pending
    ? `<p class="note">Sandbox: choose what the customer does on ${escapeHtml(title)}'s page.</p>
<form method="post" class="actions">
  <button class="primary" type="submit" name="outcome" value="approve">Approve payment</button>
  <button class="danger" type="submit" name="outcome" value="decline">Decline</button>
  <button class="secondary" type="submit" name="outcome" value="cancel">Cancel and return</button>
</form>`
    : `<p>This payment is finished.</p>
<form method="post" class="actions"><button class="secondary" type="submit" name="outcome" value="return">Return to the merchant</button></form>`
}`;
      return sendPage(
        reply,
        renderPage({ title: `Pay with ${title}`, brand: title, body }),
        session.returnUrl,
      );
    },
  );

  routes.post(
    "/sandbox/gateways/:gateway/:sessionId",
    {
      schema: {
        tags: TAGS,
        summary: "Answers a hosted gateway's page: webhook to our API, then back to the return URL",
        params: sessionParams,
        body: z.object({ outcome: z.enum(["approve", "decline", "cancel", "return"]) }),
      },
    },
    async (request, reply) => {
      const { gateway, sessionId } = request.params;
      const { outcome } = request.body;
      const session = await gateways.session(gateway, sessionId);
      if (!session) throw new NotFoundError("The payment session was not found.");
      const { returnUrl } =
        outcome === "return" ? session : await gateways.complete(gateway, sessionId, outcome);
      return reply.redirect(returnUrl, 303);
    },
  );
}
