import { appInfo } from "@vela/shared/app-info";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isSandboxedProduction } from "../config";
import { ok, okSchema } from "../http/envelope";
import { AppError } from "../http/errors";

const healthData = z.object({
  status: z.literal("ok"),
  database: z.object({
    kind: z.enum(["pglite", "postgres"]),
    reachable: z.literal(true),
    latency_ms: z.number(),
  }),
  uptime_s: z.number(),
});

const pingData = z.object({ status: z.literal("ok") });

export async function healthRoutes(app: FastifyInstance) {
  // The cheapest answer the API gives: no database, no work, but every hook and plugin a public
  // route passes through (request context, auth, rate limit, serializer). Load balancers can ask it
  // whether the process answers; bench/calculator.mjs measures routes against it.
  app.withTypeProvider<ZodTypeProvider>().get(
    "/ping",
    {
      schema: {
        tags: ["health"],
        summary: "Answers at once, touching nothing: whether the process is up and serving",
        response: { 200: okSchema(pingData) },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return ok({ status: "ok" as const }, "pong");
    },
  );

  // The SPA asks once per visit whether to show the staging banner ("Sandbox: no real money moves").
  const info = { sandbox: isSandboxedProduction(app.config) };
  app.withTypeProvider<ZodTypeProvider>().get(
    "/app-info",
    {
      schema: {
        tags: ["health"],
        summary:
          "What the SPA needs to know about this server: whether it runs sandbox providers in production",
        response: { 200: okSchema(appInfo) },
      },
    },
    async (_request, reply) => {
      // Fixed for the life of the process; a new deploy (a new process) may change it.
      reply.header("Cache-Control", "no-cache");
      return ok(info);
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    "/health",
    {
      config: { rateLimit: false },
      schema: {
        tags: ["health"],
        summary: "Liveness and database reachability (503 when the database does not answer)",
        response: { 200: okSchema(healthData) },
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
