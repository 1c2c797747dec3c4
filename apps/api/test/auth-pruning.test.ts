import { and, count, eq, inArray, like, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginLockSubject } from "../src/auth/accounts";
import { authAttempts, authThrottles } from "../src/db/schema/index";
import { pruneAuthRecords } from "../src/plugins/auth-pruning";
import { uniqueEmail } from "./auth-support";
import { buildTestApp, type TestApp } from "./helper";

// Proves that brute-force records do not pile up for ever: tries no window counts any more and
// throttle rows with no lock or wait in force are deleted in bounded batches, by a timer in the API
// process that instances may run together, while live rows (a lock in force above all) stay.
let app: TestApp;

beforeAll(async () => {
  // The timer is left at its default (a minute): these tests prune by hand and count what went.
  app = await buildTestApp();
});
afterAll(() => app.close());

const minutesAgo = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;
const minutesAhead = (minutes: number) => sql`now() + make_interval(mins => ${minutes})`;

let ipCounter = 0;
/** An address no other test uses, so counts stay this test's own. */
const freshIp = () => `198.51.100.${ipCounter++ % 250}-${Date.now().toString(36)}`;

async function attemptsFrom(ip: string) {
  const [row] = await app.db.select({ n: count() }).from(authAttempts).where(eq(authAttempts.ip, ip));
  return row?.n ?? 0;
}

async function throttleSubjects(prefix: string) {
  const rows = await app.db
    .select({ subject: authThrottles.subject })
    .from(authThrottles)
    .where(like(authThrottles.subject, `${prefix}%`));
  return rows.map((row) => row.subject).sort();
}

async function insertAttempts(ip: string, n: number, minutesOld: number) {
  await app.db.insert(authAttempts).values(
    Array.from({ length: n }, () => ({
      kind: "login",
      ip,
      subject: null,
      succeeded: false,
      createdAt: minutesAgo(minutesOld),
    })),
  );
}

describe("pruning brute-force records", () => {
  it("deletes what a probe of a made-up address left once its windows have ended", async () => {
    const email = uniqueEmail("nobody");
    const ip = "203.0.113.77";
    const probe = await app.inject({
      method: "POST",
      url: "/api/authentication/login",
      payload: { email, password: "Not-The-Password-1" },
      remoteAddress: ip,
    });
    expect(probe.statusCode).toBe(401);
    const subject = loginLockSubject(app.secrets, email);
    const lockRow = and(eq(authThrottles.kind, "login"), eq(authThrottles.subject, subject));
    expect(await attemptsFrom(ip)).toBe(1);
    expect(await app.db.select().from(authThrottles).where(lockRow)).toHaveLength(1);

    // Still inside the windows: nothing goes.
    await pruneAuthRecords(app.db);
    expect(await attemptsFrom(ip)).toBe(1);
    expect(await app.db.select().from(authThrottles).where(lockRow)).toHaveLength(1);

    // Sixteen minutes later (past the 15-minute window and the 15-minute idle time): both go.
    await app.db
      .update(authAttempts)
      .set({ createdAt: minutesAgo(16) })
      .where(eq(authAttempts.ip, ip));
    await app.db
      .update(authThrottles)
      .set({ updatedAt: minutesAgo(16) })
      .where(lockRow);
    await pruneAuthRecords(app.db);
    expect(await attemptsFrom(ip)).toBe(0);
    expect(await app.db.select().from(authThrottles).where(lockRow)).toEqual([]);
  });

  it("keeps tries still inside a window and deletes the older ones", async () => {
    const ip = freshIp();
    await insertAttempts(ip, 3, 16);
    await insertAttempts(ip, 2, 14);
    await pruneAuthRecords(app.db);
    expect(await attemptsFrom(ip)).toBe(2);
  });

  it("never prunes a lock or a wait in force, however old its last try", async () => {
    const prefix = `keep-${Date.now().toString(36)}-`;
    const row = (
      name: string,
      values: { kind?: string; failures?: number; blockedUntil?: SQL; updatedAt?: SQL },
    ) => ({
      kind: "login",
      subject: `${prefix}${name}`,
      failures: 0,
      updatedAt: minutesAgo(60),
      ...values,
    });
    await app.db
      .insert(authThrottles)
      .values([
        row("lock-in-force", { failures: 5, blockedUntil: minutesAhead(10) }),
        row("wait-in-force", { kind: "recovery-send", blockedUntil: minutesAhead(1) }),
        row("counting-lately", { failures: 4, updatedAt: minutesAgo(1) }),
        row("lock-run-out", { failures: 5, blockedUntil: minutesAgo(45) }),
        row("wait-run-out", { kind: "recovery-send", blockedUntil: minutesAgo(59) }),
        row("counting-idle", { failures: 4 }),
        row("released", { failures: 0 }),
      ]);
    await pruneAuthRecords(app.db);
    expect(await throttleSubjects(prefix)).toEqual(
      ["counting-lately", "lock-in-force", "wait-in-force"].map((name) => `${prefix}${name}`),
    );
  });

  it("works in bounded batches", async () => {
    const ip = freshIp();
    await insertAttempts(ip, 30, 20);
    const first = await pruneAuthRecords(app.db, { batchSize: 4, maxBatches: 2 });
    expect(first.attempts).toBeLessThanOrEqual(8);
    expect(await attemptsFrom(ip)).toBeGreaterThanOrEqual(22);
    await pruneAuthRecords(app.db, { batchSize: 4, maxBatches: 100 });
    expect(await attemptsFrom(ip)).toBe(0);
  });

  it("may run on several instances at once: each row goes once, nobody fails or waits", async () => {
    const ip = freshIp();
    await insertAttempts(ip, 400, 20);
    const prefix = `many-${Date.now().toString(36)}-`;
    await app.db.insert(authThrottles).values(
      Array.from({ length: 200 }, (_, index) => ({
        kind: "login",
        subject: `${prefix}${index}`,
        failures: 2,
        updatedAt: minutesAgo(30),
      })),
    );
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => pruneAuthRecords(app.db, { batchSize: 25, maxBatches: 100 })),
    );
    expect(await attemptsFrom(ip)).toBe(0);
    expect(await throttleSubjects(prefix)).toEqual([]);
    // Between them they deleted every row made here (old rows of other tests may go too).
    expect(runs.reduce((sum, run) => sum + run.attempts, 0)).toBeGreaterThanOrEqual(400);
    expect(runs.reduce((sum, run) => sum + run.throttles, 0)).toBeGreaterThanOrEqual(200);
  });
});

describe("the pruning timer", () => {
  it("runs in the API process and stops when the app closes", async () => {
    const timed = await buildTestApp({}, { authPruning: { intervalMs: 50 } });
    try {
      const ip = "192.0.2.10";
      await timed.db.insert(authAttempts).values({
        kind: "login",
        ip,
        subject: null,
        succeeded: false,
        createdAt: minutesAgo(30),
      });
      const deadline = Date.now() + 5_000;
      let left = 1;
      while (left > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const [row] = await timed.db
          .select({ n: count() })
          .from(authAttempts)
          .where(inArray(authAttempts.ip, [ip]));
        left = row?.n ?? 0;
      }
      expect(left).toBe(0);
    } finally {
      // Closing waits for a run in progress and clears the timer: the database closes under no query.
      await timed.close();
    }
  });
});
