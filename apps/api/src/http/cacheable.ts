import type { FastifyReply } from "fastify";

/** Reference data changes only with a deploy; let browsers and CDNs keep it for an hour. */
export function cacheable(reply: FastifyReply) {
  reply.header("Cache-Control", "public, max-age=3600, stale-while-revalidate=86400");
  reply.header("Vary", "language");
}
