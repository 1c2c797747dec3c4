import type { Db } from "../db/client";

/**
 * Work that waits on a provider runs as jobs in a PostgreSQL-backed queue (ARCHITECTURE §5): retried
 * with backoff, kept across restarts, shared by every API instance. `app.jobs` (plugins/jobs.ts).
 */
export type JobOptions = {
  /** The transaction to enqueue in, so a job exists exactly when the work that made it commits. */
  db?: Db;
  startAfterSeconds?: number;
  /** At most one queued job with this key (e.g. one payout job per order). */
  singletonKey?: string;
  retryLimit?: number;
};

export type JobQueue = {
  send(name: string, data: Record<string, unknown>, options?: JobOptions): Promise<void>;
  work<T extends Record<string, unknown>>(name: string, handler: (data: T) => Promise<void>): Promise<void>;
};

declare module "fastify" {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}
