import { sql } from "drizzle-orm";
import plans from "pg-boss/src/plans.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { type Database, queryRows } from "../src/db/client";
import { databaseExecutor, JOBS_SCHEMA, type PgBossQueue } from "../src/jobs/pg-boss";
import { FX_TEST_CLOCK, openFreshDatabase, testConfig } from "./helper";

// The job queue (pg-boss on the app's own database): a job sent in a transaction exists only if it
// commits, a throwing handler is retried with backoff, and a job left by one app is worked by the
// next one built on the same database (a restart).
let database: Database;

const buildOn = async (db: Database) => {
  const app = await buildApp({
    config: testConfig({ JOBS_POLLING_SECONDS: "0.5" }),
    database: db,
    closeDatabase: false,
    fx: FX_TEST_CLOCK,
  });
  await app.ready();
  return app;
};

const waitFor = async <T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

type JobRow = { state: string; retry_count: number; data: Record<string, unknown> };
const jobsNamed = (db: Database, name: string) =>
  queryRows<JobRow>(
    db.db,
    sql`select state::text as state, retry_count, data from pgboss.job where name = ${name} order by created_on`,
  );

beforeAll(async () => {
  database = await openFreshDatabase();
});
afterAll(() => database.close());

describe("app.jobs", () => {
  it("enqueues inside the caller's transaction: rolled back, no job; committed, a job", async () => {
    const app = await buildOn(database);
    try {
      await expect(
        app.db.transaction(async (tx) => {
          await app.jobs.send("test.tx", { n: 1 }, { db: tx });
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      expect(await jobsNamed(database, "test.tx")).toEqual([]);

      await app.db.transaction(async (tx) => {
        await app.jobs.send("test.tx", { n: 2 }, { db: tx, startAfterSeconds: 3600 });
      });
      const rows = await jobsNamed(database, "test.tx");
      expect(rows.map((row) => row.data)).toEqual([{ n: 2 }]);
      expect(rows[0]?.state).toBe("created");
    } finally {
      await app.close();
    }
  });

  it("keeps at most one waiting job per singleton key", async () => {
    const app = await buildOn(database);
    try {
      for (const n of [1, 2, 3])
        await app.jobs.send("test.single", { n }, { singletonKey: "order:1", startAfterSeconds: 3600 });
      await app.jobs.send("test.single", { n: 4 }, { singletonKey: "order:2", startAfterSeconds: 3600 });
      await app.jobs.send("test.single", { n: 5 }, { startAfterSeconds: 3600 });
      await app.jobs.send("test.single", { n: 6 }, { startAfterSeconds: 3600 });
      const rows = await jobsNamed(database, "test.single");
      expect(rows.map((row) => row.data.n)).toEqual([1, 4, 5, 6]);
    } finally {
      await app.close();
    }
  });

  it("retries a throwing handler with backoff until it succeeds", async () => {
    const app = await buildOn(database);
    try {
      const attempts: number[] = [];
      await app.jobs.work<{ value: string }>("test.retry", async (data) => {
        expect(data.value).toBe("x");
        attempts.push(Date.now());
        if (attempts.length < 3) throw new Error(`attempt ${attempts.length} fails`);
      });
      await app.jobs.send("test.retry", { value: "x" }, { retryLimit: 3 });
      await waitFor(async () => {
        const [row] = await jobsNamed(database, "test.retry");
        return row?.state === "completed" ? row : undefined;
      }, 30_000);
      expect(attempts).toHaveLength(3);
      const [first = 0, second = 0, third = 0] = attempts;
      // retryDelay 1 s with backoff (and pg-boss's jitter): 1–2 s, then 2–4 s.
      expect(second - first).toBeGreaterThanOrEqual(900);
      expect(third - second).toBeGreaterThanOrEqual(1900);
      const [row] = await jobsNamed(database, "test.retry");
      expect(row?.retry_count).toBe(2);
    } finally {
      await app.close();
    }
  }, 40_000);

  it("gives up after retryLimit: the job ends failed", async () => {
    const app = await buildOn(database);
    try {
      let calls = 0;
      await app.jobs.work("test.fail", async () => {
        calls += 1;
        throw new Error("never works");
      });
      await app.jobs.send("test.fail", {}, { retryLimit: 0 });
      const row = await waitFor(async () => {
        const [job] = await jobsNamed(database, "test.fail");
        return job?.state === "failed" ? job : undefined;
      });
      expect(row.retry_count).toBe(0);
      expect(calls).toBe(1);
    } finally {
      await app.close();
    }
  });

  it("survives a restart: a job sent before closing is worked by the next app", async () => {
    const first = await buildOn(database);
    await first.jobs.send("test.restart", { order: 7 }, { startAfterSeconds: 1 });
    await first.close();

    const second = await buildOn(database);
    try {
      const seen: unknown[] = [];
      await second.jobs.work("test.restart", async (data) => {
        seen.push(data);
      });
      await waitFor(() => (seen.length > 0 ? seen : undefined));
      expect(seen).toEqual([{ order: 7 }]);
      // The queue marks the job completed just after its handler returns.
      const row = await waitFor(async () => {
        const [job] = await jobsNamed(database, "test.restart");
        return job?.state === "completed" ? job : undefined;
      });
      expect(row.data).toEqual({ order: 7 });
    } finally {
      await second.close();
    }
  });

  it("stops cleanly: closing waits for a running job", async () => {
    const app = await buildOn(database);
    let finished = false;
    await app.jobs.work("test.slow", async () => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      finished = true;
    });
    await app.jobs.send("test.slow", {});
    await waitFor(async () => {
      const [job] = await jobsNamed(database, "test.slow");
      return job?.state === "active" ? job : undefined;
    });
    await app.close();
    expect(finished).toBe(true);
    const [row] = await jobsNamed(database, "test.slow");
    expect(row?.state).toBe("completed");
    expect((app.jobs as PgBossQueue).boss).toBeDefined();
  });

  it("never leaves an unhandled rejection when a job's outcome cannot be recorded (pg-boss does not await it)", async () => {
    // pg-boss records a job's completion or failure without awaiting the statement: were it to reject
    // (the database closed as the app stops, a lost connection), the process would end.
    const closing = await openFreshDatabase();
    const logged: string[] = [];
    const executor = databaseExecutor(closing, {
      error: (_object, message) => logged.push(message),
      warn: (_object, message) => logged.push(message),
    });
    const fail = plans.failJobsById(JOBS_SCHEMA);
    const complete = plans.completeJobs(JOBS_SCHEMA);
    await closing.close();
    const ids = ["00000000-0000-4000-8000-000000000000"];
    await expect(executor.executeSql(fail, ["test.gone", ids, null])).resolves.toEqual({
      rows: [{ count: "0" }],
    });
    await expect(executor.executeSql(complete, ["test.gone", ids, null])).resolves.toEqual({
      rows: [{ count: "0" }],
    });
    expect(logged).toEqual([
      "could not record a job's outcome; it will expire and run again",
      "could not record a job's outcome; it will expire and run again",
    ]);
    // Any other statement still fails for its caller to handle.
    await expect(executor.executeSql("select 1")).rejects.toThrow();
    // Once the queue has stopped, late outcomes are not even tried.
    executor.close();
    await expect(executor.executeSql(fail, ["test.gone", ids, null])).resolves.toEqual({
      rows: [{ count: "0" }],
    });
    expect(logged).toHaveLength(2);
  });
});
