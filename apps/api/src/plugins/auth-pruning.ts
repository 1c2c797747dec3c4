import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { pruneAttempts } from "../auth/attempts";
import { pruneThrottles } from "../auth/throttles";
import type { Db } from "../db/client";

export type AuthPruningOptions = {
  /** How often the API deletes brute-force records whose time has passed. */
  intervalMs?: number;
  /** Rows per DELETE: each statement stays short, whatever piled up. */
  batchSize?: number;
  /** Batches per table per run, so one run is bounded too; what is left waits for the next. */
  maxBatches?: number;
};

const DEFAULTS = { intervalMs: 60_000, batchSize: 1_000, maxBatches: 50 } as const;

/**
 * Deletes, in bounded batches, the `auth_attempts` no window counts and the `auth_throttles` with no
 * lock or wait in force: without it every probe of a made-up address would stay for ever. Answers
 * how many rows went from each table.
 */
export async function pruneAuthRecords(
  db: Db,
  { batchSize = DEFAULTS.batchSize, maxBatches = DEFAULTS.maxBatches }: AuthPruningOptions = {},
) {
  const drain = async (prune: (db: Db, batchSize: number) => Promise<number>) => {
    let total = 0;
    for (let batch = 0; batch < maxBatches; batch++) {
      const deleted = await prune(db, batchSize);
      total += deleted;
      if (deleted < batchSize) break;
    }
    return total;
  };
  return { attempts: await drain(pruneAttempts), throttles: await drain(pruneThrottles) };
}

/**
 * Runs `pruneAuthRecords` every `intervalMs` in the API process. Every instance may run it at once:
 * the batches skip rows another instance holds. The timer is unref'd (it never keeps the process
 * alive), a run never overlaps the one before, and closing the app stops the timer and waits for a
 * run in progress, before the database closes.
 */
export const authPruningPlugin = fp<AuthPruningOptions>(
  async (app: FastifyInstance, options) => {
    const intervalMs = options.intervalMs ?? DEFAULTS.intervalMs;
    let running: Promise<void> | null = null;
    const tick = () => {
      if (running) return;
      running = pruneAuthRecords(app.db, options)
        .then((pruned) => {
          if (pruned.attempts + pruned.throttles > 0) app.log.debug({ pruned }, "auth records pruned");
        })
        .catch((error: unknown) => app.log.error({ err: error }, "auth records not pruned"))
        .finally(() => {
          running = null;
        });
    };
    let timer: NodeJS.Timeout | null = null;
    app.addHook("onReady", async () => {
      timer = setInterval(tick, intervalMs).unref();
    });
    app.addHook("preClose", async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  },
  { name: "auth-pruning", dependencies: ["database"] },
);
