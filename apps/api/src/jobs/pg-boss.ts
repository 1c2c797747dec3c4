import PgBoss from "pg-boss";
import plans from "pg-boss/src/plans.js";
import type { Database, Db } from "../db/client";
import type { JobOptions, JobQueue } from "./queue";

/**
 * The job queue on pg-boss (ARCHITECTURE §5): jobs are rows in the `pgboss` schema of our own
 * database, so a job sent inside a transaction exists exactly when that transaction commits, a failed
 * job is retried with backoff, and pending work survives a restart and is shared by every instance.
 *
 * pg-boss never opens its own connections: its `db` option runs every statement through the app's
 * database (the node-postgres pool, or the embedded PGlite), and `send(…, { db: tx })` through the
 * caller's transaction.
 */
export const JOBS_SCHEMA = "pgboss";

/** What pg-boss runs its SQL through. */
type BossDb = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/** The app's database as pg-boss's executor. */
export function databaseExecutor(database: Database, log?: QueueLog): BossDb & { close(): void } {
  const { driver } = database;
  const run: BossDb["executeSql"] =
    driver.kind === "postgres"
      ? // Without values node-postgres uses the simple protocol, which runs pg-boss's multi-statement scripts.
        (text, values) => driver.pool.query(text, values as unknown[])
      : async (text, values) => {
          if (values && values.length > 0) return driver.client.query(text, values);
          // Schema scripts are several statements: exec runs them all; answer the last one's rows.
          const results = await driver.client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        };
  let closed = false;
  return {
    executeSql: async (text, values) => {
      if (!LEFT_UNAWAITED.has(text)) return run(text, values);
      // pg-boss marks a job completed or failed without awaiting it, so a failure here (the database
      // closed as the app stops, a lost connection) would be an unhandled rejection, which ends the
      // process. Not recording the outcome is safe: the job stays active, expires and runs again.
      if (closed) return NOTHING_MARKED;
      try {
        return await run(text, values);
      } catch (error) {
        log?.warn({ err: error }, "could not record a job's outcome; it will expire and run again");
        return NOTHING_MARKED;
      }
    },
    close: () => {
      closed = true;
    },
  };
}

/** The statements pg-boss runs without awaiting them: a job's completion and its failure. */
const LEFT_UNAWAITED = new Set([plans.completeJobs(JOBS_SCHEMA), plans.failJobsById(JOBS_SCHEMA)]);
/** Their answer when nothing was marked (pg-boss reads the count of jobs affected). */
const NOTHING_MARKED = { rows: [{ count: "0" }] };

type Queryable = { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * A caller's transaction (or the drizzle database) as pg-boss's executor. pg-boss's SQL uses one
 * positional parameter in several places with different casts, which only its own numbering types
 * right, so it runs on the connection underneath drizzle's transaction (node-postgres's client or
 * PGlite's transaction, both `query(text, values)`), in the same transaction.
 */
export function transactionExecutor(tx: Db): BossDb {
  const client = (tx as unknown as { session?: { client?: Partial<Queryable> } }).session?.client;
  if (!client || typeof client.query !== "function")
    throw new Error("the job queue cannot reach this transaction's connection");
  const queryable = client as Queryable;
  return {
    executeSql: async (text, values) => {
      const result = await queryable.query(text, values ?? []);
      return { rows: result.rows };
    },
  };
}

type QueueLog = {
  error(object: unknown, message: string): void;
  warn(object: unknown, message: string): void;
};

export type PgBossQueueOptions = {
  database: Database;
  /** How often an idle worker looks for new jobs (pg-boss's minimum is 0.5). */
  pollingSeconds: number;
  /** Where failures of the queue itself and of handlers are reported. */
  log: QueueLog;
  /** Retry defaults for jobs that do not say: 8 retries, about 1 s, 2 s, 4 s … 2 min apart (4 min in all). */
  retryLimit?: number;
  retryDelaySeconds?: number;
};

export type PgBossQueue = JobQueue & {
  /** Stops fetching, waits up to `timeoutMs` for the running jobs, then leaves the rest for later. */
  stop(timeoutMs?: number): Promise<void>;
  /** The pg-boss instance, for tests and tools (counts, job states). */
  boss: PgBoss;
};

/**
 * "At most one queued job with this key" for any queue: pg-boss 10 only enforces a singleton key per
 * queue policy, so one partial unique index over waiting jobs does it for every queue (its insert is
 * ON CONFLICT DO NOTHING, so a second send with the key is dropped, and a retried job does not clash).
 */
const SINGLETON_INDEX = `CREATE UNIQUE INDEX IF NOT EXISTS vela_job_singleton_created
  ON ${JOBS_SCHEMA}.job (name, singleton_key) WHERE state = 'created' AND singleton_key IS NOT NULL`;

export async function startPgBossQueue(options: PgBossQueueOptions): Promise<PgBossQueue> {
  const { database, pollingSeconds, log } = options;
  const executor = databaseExecutor(database, log);
  const boss = new PgBoss({
    db: executor as PgBoss.Db,
    schema: JOBS_SCHEMA,
    // Cron schedules are not used; maintenance (expiry, archiving) runs every few minutes.
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: 300,
    retryLimit: options.retryLimit ?? 8,
    retryDelay: options.retryDelaySeconds ?? 1,
    retryBackoff: true,
    // A handler still running after this counts as failed and is retried.
    expireInSeconds: 15 * 60,
    archiveCompletedAfterSeconds: 3600,
  });
  boss.on("error", (error) => log.error({ err: error }, "job queue error"));
  await boss.start();
  await executor.executeSql(SINGLETON_INDEX);

  // Queues (pg-boss 10 needs one before its first job) known to exist, created outside any transaction.
  const known = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (known.has(name)) return;
    await boss.createQueue(name);
    known.add(name);
  };
  /**
   * Inside a caller's transaction on PGlite the database is busy with that transaction until it ends,
   * so a missing queue is created in the transaction itself (and not remembered: it may roll back).
   */
  const ensureQueueIn = async (name: string, tx: BossDb) => {
    if (known.has(name)) return;
    if (database.kind === "postgres") return ensureQueue(name);
    const { rows } = await tx.executeSql(`SELECT 1 FROM ${JOBS_SCHEMA}.queue WHERE name = $1`, [name]);
    if (rows.length === 0)
      await tx.executeSql(`SELECT ${JOBS_SCHEMA}.create_queue($1, $2)`, [name, { policy: "standard" }]);
  };

  const workers: string[] = [];
  let stopped = false;

  const queue: PgBossQueue = {
    boss,
    async send(name, data, jobOptions: JobOptions = {}) {
      const tx = jobOptions.db ? transactionExecutor(jobOptions.db) : undefined;
      if (tx) await ensureQueueIn(name, tx);
      else await ensureQueue(name);
      const sendOptions: PgBoss.SendOptions = {};
      if (tx) sendOptions.db = tx as PgBoss.Db;
      if (jobOptions.startAfterSeconds && jobOptions.startAfterSeconds > 0)
        sendOptions.startAfter = Math.ceil(jobOptions.startAfterSeconds);
      if (jobOptions.singletonKey) sendOptions.singletonKey = jobOptions.singletonKey;
      if (jobOptions.retryLimit !== undefined) sendOptions.retryLimit = jobOptions.retryLimit;
      await boss.send(name, data, sendOptions);
    },
    async work(name, handler) {
      await ensureQueue(name);
      const id = await boss.work<Record<string, unknown>>(
        name,
        { pollingIntervalSeconds: pollingSeconds, batchSize: 1 },
        async (jobs) => {
          for (const job of jobs) {
            try {
              await handler(job.data as Parameters<typeof handler>[0]);
            } catch (error) {
              log.warn({ err: error, job: name, jobId: job.id }, "job failed; it will be retried");
              throw error;
            }
          }
        },
      );
      workers.push(id);
    },
    async stop(timeoutMs = 10_000) {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      // A handler still running past the timeout finishes after the database has closed.
      executor.close();
    },
  };
  return queue;
}
