import * as contract from "@vela/shared/contract/health";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { isSandboxedProduction } from "../config";
import { contractSchema, urlOf } from "../http/contract";
import { ok } from "../http/envelope";
import { AppError } from "../http/errors";

const TAGS = ["health"];

export async function healthRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The cheapest answer the API gives: no database, no work, but every hook and plugin a public
  // route passes through (request context, auth, rate limit, serializer). Load balancers can ask it
  // whether the process answers; bench/calculator.mjs measures routes against it.
  routes.get(
    urlOf(contract.ping),
    {
      schema: {
        tags: TAGS,
        summary: "Answers at once, touching nothing: whether the process is up and serving",
        ...contractSchema(contract.ping),
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return ok({ status: "ok" as const }, "pong");
    },
  );

  // The SPA asks once per visit whether to show the staging banner ("Sandbox: no real money moves").
  const info = { sandbox: isSandboxedProduction(app.config) };
  routes.get(
    urlOf(contract.getAppInfo),
    {
      schema: {
        tags: TAGS,
        summary:
          "What the SPA needs to know about this server: whether it runs sandbox providers in production",
        ...contractSchema(contract.getAppInfo),
      },
    },
    async (_request, reply) => {
      // Fixed for the life of the process; a new deploy (a new process) may change it.
      reply.header("Cache-Control", "no-cache");
      return ok(info);
    },
  );

  routes.get(
    urlOf(contract.health),
    {
      config: { rateLimit: false },
      schema: {
        tags: TAGS,
        summary: "Liveness and database reachability (503 when the database does not answer)",
        ...contractSchema(contract.health),
      },
    },
    async (_request, reply) => {
      const startedAt = performance.now();
      const reachable = await app.database.ping().then(
        () => true,
        () => false,
      );
      reply.header("Cache-Control", "no-store");
      if (!reachable) throw new AppError(503, "Database unreachable.");
      return ok(
        {
          status: "ok" as const,
          database: {
            kind: app.database.kind,
            reachable: true as const,
            latency_ms: Math.round((performance.now() - startedAt) * 100) / 100,
          },
          uptime_s: Math.round(process.uptime()),
        },
        "Healthy",
      );
    },
  );
}
