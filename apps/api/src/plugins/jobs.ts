import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config";
import { startPgBossQueue } from "../jobs/pg-boss";
import "../jobs/queue";

export type JobsPluginOptions = { config: Config };

/**
 * Decorates `app.jobs`: the pg-boss queue on the app's database (jobs/pg-boss.ts). Modules register
 * their handlers with `app.jobs.work` while the app is built; closing the app stops fetching and
 * waits for running jobs before the database closes (preClose runs before any onClose hook).
 */
export const jobsPlugin = fp<JobsPluginOptions>(
  async (app: FastifyInstance, { config }) => {
    const queue = await startPgBossQueue({
      database: app.database,
      pollingSeconds: config.JOBS_POLLING_SECONDS,
      log: app.log,
    });
    app.decorate("jobs", queue);
    app.addHook("preClose", async () => queue.stop());
  },
  { name: "jobs", dependencies: ["database"] },
);
