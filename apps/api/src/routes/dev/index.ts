import { outboxMessage } from "@vela/shared/auth";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok, okSchema } from "../../http/envelope";
import { latestOutboxMessages } from "../../providers/outbox";

/**
 * Development-only tools (the outbox); not registered in production. Without SMTP or an SMS
 * gateway, codes land in the outbox, and this is how a developer or a browser test reads them.
 */
export async function devRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    "/outbox",
    {
      schema: {
        tags: ["development"],
        summary: "E-mail and SMS that were kept instead of sent, newest first (never in production)",
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) }),
        response: { 200: okSchema(z.array(outboxMessage)) },
      },
    },
    async (request) => {
      return ok(await latestOutboxMessages(app.db, request.query.limit));
    },
  );
}
