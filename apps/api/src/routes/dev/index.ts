import { outboxMessage } from "@vela/shared/auth";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { decideHit } from "../../compliance/sanctions/decide";
import { listHits } from "../../compliance/sanctions/repository";
import { SCREENING_HIT_STATUSES } from "../../db/schema/index";
import { ok, okSchema } from "../../http/envelope";
import { resumeHeldOrder } from "../../orders/jobs";
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

  // The review queue of sanctions screening, so a developer or a browser test can clear or confirm
  // a hit; the back office will call the same service (compliance/sanctions/holds/decide.ts).
  routes.get(
    "/screening-hits",
    {
      schema: {
        tags: ["development"],
        summary: "Sanctions screening hits, newest first (never in production)",
        querystring: z.object({
          status: z.enum(SCREENING_HIT_STATUSES).optional(),
          order_id: z.coerce.number().int().positive().optional(),
        }),
        response: { 200: okSchema(z.array(screeningHit)) },
      },
    },
    async (request) => {
      const hits = await listHits(app.db, { status: request.query.status, orderId: request.query.order_id });
      return ok(hits.map(hitAnswer));
    },
  );

  routes.post(
    "/screening-hits/:id/:decision",
    {
      schema: {
        tags: ["development"],
        summary: "Clears or confirms a sanctions screening hit (never in production)",
        params: z.object({ id: z.coerce.number().int().positive(), decision: z.enum(["clear", "confirm"]) }),
        body: z
          .object({
            reviewer: z.string().trim().min(1).max(100).optional(),
            note: z.string().max(1000).optional(),
          })
          .optional(),
        response: { 200: okSchema(z.array(screeningHit)) },
      },
    },
    async (request) => {
      const decided = await decideHit(
        { db: app.db, resumeOrder: resumeHeldOrder(app.jobs) },
        {
          hitId: request.params.id,
          decision: request.params.decision,
          reviewer: request.body?.reviewer ?? "developer",
          note: request.body?.note ?? null,
        },
      );
      return ok(decided.map(hitAnswer));
    },
  );
}

const screeningHit = z.object({
  id: z.number(),
  status: z.enum(SCREENING_HIT_STATUSES),
  subject_kind: z.string(),
  subject_id: z.number(),
  screened_name: z.string(),
  matched_name: z.string(),
  entry_uid: z.number(),
  entry_name: z.string(),
  score: z.string(),
  order_id: z.number().nullable(),
  reviewer: z.string().nullable(),
});

const hitAnswer = (hit: Awaited<ReturnType<typeof listHits>>[number]) => ({
  id: hit.id,
  status: hit.status,
  subject_kind: hit.subjectKind,
  subject_id: hit.subjectId,
  screened_name: hit.screenedName,
  matched_name: hit.matchedName,
  entry_uid: hit.entryUid,
  entry_name: hit.entryName,
  score: hit.score,
  order_id: hit.orderId,
  reviewer: hit.reviewer,
});
