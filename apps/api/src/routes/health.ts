import * as contract from "@vela/shared/contract/health";
import type { FastifyInstance } from "fastify";
import { isSandboxedProduction } from "../config";
import { contractRoutes } from "../http/contract";
import { ok } from "../http/envelope";
import { AppError } from "../http/errors";

const TAGS = ["health"];

export async function healthRoutes(app: FastifyInstance) {
  const serve = contractRoutes(app, { tags: TAGS });
  // The cheapest answer the API gives: no database, no work, but every hook and plugin a public
  // route passes through (request context, auth, rate limit, serializer). Load balancers can ask it
  // whether the process answers; bench/calculator.mjs measures routes against it.
  serve(
    contract.ping,
    { summary: "Answers at once, touching nothing: whether the process is up and serving" },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return ok({ status: "ok" as const }, "pong");
    },
  );

  // The SPA asks once per visit whether to show the staging banner ("Sandbox: no real money moves").
  const info = { sandbox: isSandboxedProduction(app.config) };
  serve(
    contract.getAppInfo,
    {
      summary:
        "What the SPA needs to know about this server: whether it runs sandbox providers in production",
    },
    async (_request, reply) => {
      // Fixed for the life of the process; a new deploy (a new process) may change it.
      reply.header("Cache-Control", "no-cache");
      return ok(info);
    },
  );

  serve(
    contract.health,
    {
      summary: "Liveness and database reachability (503 when the database does not answer)",
      config: { rateLimit: false },
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
