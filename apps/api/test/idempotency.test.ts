import { and, count, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildApp } from "../src/app";
import { queryRows } from "../src/db/client";
import { currencies, idempotencyKeys, ledgerAccounts, postings } from "../src/db/schema/index";
import { ok, okSchema } from "../src/http/envelope";
import { balanceOf, ensureAccount, postEntry } from "../src/ledger/ledger";
import { currentAuth } from "../src/plugins/auth";
import { IDEMPOTENCY_MESSAGES, requestDb } from "../src/plugins/idempotency";
import { bearer, registerClient } from "./auth-support";
import { clearingAccount, openFreshDatabase, type TestApp, testConfig } from "./helper";

// Proves the Idempotency-Key contract every money-moving POST relies on: a repeat answers the first
// response (Idempotency-Hit: true) and moves no money; the same key for a different request is a
// 422; keys belong to one user; the claim, the work and the stored answer commit together, so a
// failure after the work (a throw, an answer that cannot be stored, a killed connection) leaves
// neither the work nor the key behind and the retry runs once; a repeat that arrives while the first
// still runs waits for its answer; and, on real PostgreSQL, ten simultaneous requests with one key
// post exactly one journal entry.

/** What the test routes let a test steer: failures, a gate that holds the handler, what it saw. */
type RouteControls = {
  /** Throw this many times, after the money has moved. */
  failuresLeft: number;
  /** Answer this many times with a note the key's row refuses to store (a trigger of the test's). */
  unstorableLeft: number;
  gate: Promise<void> | null;
  runs: number;
  /** The PostgreSQL backend of the last run's transaction. */
  backendPid: number | null;
};

/**
 * A money-moving route as the real ones will be: signed-in only, idempotent, posting a deposit from
 * a clearing account into the caller's wallet (a negative amount withdraws) and answering the balance.
 */
/** Holds every handler at the gate until the returned function releases them. */
function closeGate(controls: RouteControls): () => void {
  let release = () => {};
  controls.gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return release;
}

function addTestRoutes(app: FastifyInstance, controls: RouteControls) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    "/api/test/deposit",
    {
      config: { idempotent: true },
      preValidation: app.requireAuth(),
      schema: {
        body: z.object({ amount_minor: z.string().regex(/^-?[1-9]\d{0,15}$/) }),
        response: {
          201: okSchema(z.object({ entry_id: z.string(), balance_minor: z.string(), note: z.string() })),
        },
      },
    },
    async (request, reply) => {
      controls.runs++;
      // Everything through the request's transaction: the claim, the work and the answer commit together.
      const db = requestDb(request);
      if (app.database.kind === "postgres") {
        const [row] = await queryRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`);
        controls.backendPid = row?.pid ?? null;
      }
      if (controls.gate) await controls.gate;
      const { user } = currentAuth(request);
      const [usd] = await db.select().from(currencies).where(eq(currencies.iso, "USD"));
      if (!usd) throw new Error("no USD in the seed");
      const clearing = await clearingAccount(db, usd.id, "bank-transfer");
      const wallet = await ensureAccount(db, {
        kind: "customer_wallet",
        currencyId: usd.id,
        userId: user.id,
      });
      const amountMinor = BigInt(request.body.amount_minor);
      const entryId = await postEntry(db, {
        kind: "deposit",
        legs: [
          { accountId: clearing, amountMinor: -amountMinor },
          { accountId: wallet, amountMinor },
        ],
      });
      const balance = await balanceOf(db, wallet);
      // Failures after the money moved: the worst moment for a crash.
      if (controls.failuresLeft > 0) {
        controls.failuresLeft--;
        throw new Error("the payment provider timed out");
      }
      const note = controls.unstorableLeft > 0 ? UNSTORABLE : "ok";
      if (controls.unstorableLeft > 0) controls.unstorableLeft--;
      reply.code(201);
      return ok({ entry_id: entryId.toString(), balance_minor: balance.toString(), note }, "Deposited.");
    },
  );
  // Idempotent but open to anyone, to show that an anonymous caller cannot use a key.
  typed.post(
    "/api/test/open",
    { config: { idempotent: true }, schema: { body: z.object({ note: z.string() }) } },
    async () => ok({ done: true }),
  );
}

/**
 * A note whose answer cannot be stored. Any JSON answer can be (it is kept as its text), so the
 * test's database refuses this one with a trigger, as a full disk or a lost connection would.
 */
const UNSTORABLE = "unstorable-answer";
const REFUSE_UNSTORABLE = [
  `create function refuse_unstorable() returns trigger language plpgsql as $$
   begin
     if new.response_body::text like '%${UNSTORABLE}%' then raise exception 'cannot store this answer'; end if;
     return new;
   end $$`,
  `create trigger refuse_unstorable before update on idempotency_keys
   for each row execute function refuse_unstorable()`,
];

async function buildIdempotentApp(options: { waitForInProgressMs?: number }, controls: RouteControls) {
  const app = await buildApp({
    config: testConfig(),
    database: await openFreshDatabase(),
    idempotency: options,
  });
  for (const statement of REFUSE_UNSTORABLE) await app.db.execute(sql.raw(statement));
  addTestRoutes(app, controls);
  await app.ready();
  return app;
}

/** The user's USD wallet balance in minor units, 0 before the wallet exists. */
async function walletBalance(app: TestApp, userId: number): Promise<bigint> {
  const [row] = await app.db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .innerJoin(currencies, eq(currencies.id, ledgerAccounts.currencyId))
    .where(
      and(
        eq(ledgerAccounts.kind, "customer_wallet"),
        eq(ledgerAccounts.userId, userId),
        eq(currencies.iso, "USD"),
      ),
    );
  return row ? balanceOf(app.db, row.id) : 0n;
}

async function journalCount(app: TestApp): Promise<number> {
  const [row] = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from journal_entries`);
  return row?.n ?? 0;
}

async function keyRows(app: TestApp, key: string) {
  return app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
}

// Concurrency needs real connections: PGlite has one, so those parts need TEST_DATABASE_URL.
const serverUrl = process.env.TEST_DATABASE_URL;

let keyCounter = 0;
const freshKey = () => `key-${Date.now().toString(36)}-${keyCounter++}`;

describe("Idempotency-Key on a money-moving POST", () => {
  const controls: RouteControls = {
    failuresLeft: 0,
    unstorableLeft: 0,
    gate: null,
    runs: 0,
    backendPid: null,
  };
  let app: TestApp;
  let token: string;
  let userId: number;

  const deposit = (amountMinor: string, key?: string, as = token) =>
    app.inject({
      method: "POST",
      url: "/api/test/deposit",
      headers: bearer(as, key === undefined ? {} : { "idempotency-key": key }),
      payload: { amount_minor: amountMinor },
    });

  beforeAll(async () => {
    // A short wait, so the test of a request still in progress answers 409 within seconds, yet long
    // enough that a repeat outlasts the first request on a loaded machine.
    app = await buildIdempotentApp({ waitForInProgressMs: 4_000 }, controls);
    const { session } = await registerClient(app);
    token = session.token;
    userId = session.user.id;
  });
  afterAll(() => app?.close());

  it("replays the first answer with Idempotency-Hit and moves the money once", async () => {
    const key = freshKey();
    const before = await walletBalance(app, userId);
    const first = await deposit("1500", key);
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotency-hit"]).toBeUndefined();
    expect(first.json()).toMatchObject({ success: true, message: "Deposited." });

    const second = await deposit("1500", key);
    expect(second.statusCode).toBe(201);
    expect(second.headers["idempotency-hit"]).toBe("true");
    expect(second.headers["content-type"]).toContain("application/json");
    expect(second.json()).toEqual(first.json());
    expect(await walletBalance(app, userId)).toBe(before + 1500n);

    const [row] = await keyRows(app, key);
    expect(row).toMatchObject({
      scope: String(userId),
      method: "POST",
      path: "/api/test/deposit",
      statusCode: 201,
    });
    expect(row?.completedAt).toBeInstanceOf(Date);
  });

  it("treats the same body with its keys in another order as the same request", async () => {
    const key = freshKey();
    const first = await app.inject({
      method: "POST",
      url: "/api/test/open",
      headers: bearer(token, { "idempotency-key": key, "content-type": "application/json" }),
      payload: '{"note":"a"}',
    });
    const second = await app.inject({
      method: "POST",
      url: "/api/test/open",
      headers: bearer(token, { "idempotency-key": key, "content-type": "application/json" }),
      payload: '{ "note" : "a" }',
    });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers["idempotency-hit"]).toBe("true");
  });

  it("runs every time without the header", async () => {
    const before = await walletBalance(app, userId);
    expect((await deposit("100")).statusCode).toBe(201);
    expect((await deposit("100")).statusCode).toBe(201);
    expect(await walletBalance(app, userId)).toBe(before + 200n);
  });

  it("leaves routes that did not opt in alone, unknown ones included", async () => {
    const headers = bearer(token, { "idempotency-key": "bad key\u0001" });
    const health = await app.inject({ method: "GET", url: "/api/health", headers });
    expect(health.statusCode).toBe(200);
    expect(health.headers["idempotency-hit"]).toBeUndefined();
    const unknown = await app.inject({ method: "POST", url: "/api/nonexistent", headers, payload: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: "Not found." });
  });

  it("refuses the same key with a different body or path with 422, moving nothing", async () => {
    const key = freshKey();
    expect((await deposit("700", key)).statusCode).toBe(201);
    const before = await walletBalance(app, userId);

    const otherBody = await deposit("701", key);
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toEqual({
      success: false,
      message: IDEMPOTENCY_MESSAGES.mismatch,
      errors: { "Idempotency-Key": [IDEMPOTENCY_MESSAGES.mismatch] },
    });
    expect(otherBody.headers["idempotency-hit"]).toBeUndefined();

    const otherPath = await app.inject({
      method: "POST",
      url: "/api/test/open",
      headers: bearer(token, { "idempotency-key": key }),
      payload: { note: "x" },
    });
    expect(otherPath.statusCode).toBe(422);
    expect(otherPath.json().message).toBe(IDEMPOTENCY_MESSAGES.mismatch);
    expect(await walletBalance(app, userId)).toBe(before);
    // The stored answer is untouched: the original request still replays.
    expect((await deposit("700", key)).headers["idempotency-hit"]).toBe("true");
  });

  it.each([
    ["empty", ""],
    ["256 characters", "k".repeat(256)],
    ["a space", "two words"],
    ["a control character", "bad\u0001key"],
    ["DEL", "bad\u007fkey"],
    ["non-ASCII", "clé-unique"],
  ])("refuses a key that is %s with 422 and claims nothing", async (_name, key) => {
    const before = await walletBalance(app, userId);
    const response = await deposit("300", key);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      success: false,
      message: "The given data was invalid.",
      errors: { "Idempotency-Key": [IDEMPOTENCY_MESSAGES.badKey] },
    });
    expect(await walletBalance(app, userId)).toBe(before);
  });

  it("accepts a key of 255 visible characters", async () => {
    const key = freshKey().padStart(255, "!~");
    expect(key).toHaveLength(255);
    expect((await deposit("5", key)).statusCode).toBe(201);
    expect((await deposit("5", key)).headers["idempotency-hit"]).toBe("true");
  });

  it("keeps each user's keys apart", async () => {
    const key = freshKey();
    const other = (await registerClient(app)).session;
    const mineBefore = await walletBalance(app, userId);

    expect((await deposit("900", key)).statusCode).toBe(201);
    const theirs = await deposit("4000", key, other.token);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers["idempotency-hit"]).toBeUndefined();
    expect(theirs.json().data.balance_minor).toBe("4000");
    expect(await walletBalance(app, other.user.id)).toBe(4000n);
    expect(await walletBalance(app, userId)).toBe(mineBefore + 900n);
  });

  it("refuses a key from an anonymous caller", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/test/open",
      headers: { "idempotency-key": freshKey() },
      payload: { note: "hello" },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ "Idempotency-Key": [IDEMPOTENCY_MESSAGES.anonymous] });
  });

  it("asks for a session before judging the key", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/test/deposit",
      headers: { "idempotency-key": "" },
      payload: { amount_minor: "1" },
    });
    expect(response.statusCode).toBe(401);
  });

  it("claims nothing for a body the route refuses", async () => {
    const key = freshKey();
    const response = await deposit("0", key);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty("amount_minor");
    expect(await keyRows(app, key)).toEqual([]);
    expect((await deposit("10", key)).statusCode).toBe(201);
  });

  it("keeps neither the work nor the key when the handler fails after moving money, so the retry runs once", async () => {
    const key = freshKey();
    const before = await walletBalance(app, userId);
    const entriesBefore = await journalCount(app);
    controls.failuresLeft = 1;
    const failed = await deposit("250", key);
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ success: false, message: "Unexpected error, try again." });
    expect(await keyRows(app, key)).toEqual([]);
    expect(await walletBalance(app, userId)).toBe(before);
    expect(await journalCount(app)).toBe(entriesBefore);

    const retried = await deposit("250", key);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers["idempotency-hit"]).toBeUndefined();
    const replayed = await deposit("250", key);
    expect(replayed.headers["idempotency-hit"]).toBe("true");
    expect(replayed.json()).toEqual(retried.json());
    expect(await walletBalance(app, userId)).toBe(before + 250n);
    expect(await journalCount(app)).toBe(entriesBefore + 1);
  });

  it("commits nothing when the answer cannot be stored with the work", async () => {
    const key = freshKey();
    const before = await walletBalance(app, userId);
    const entriesBefore = await journalCount(app);
    controls.unstorableLeft = 1;
    const failed = await deposit("275", key);
    expect(failed.statusCode).toBe(500);
    expect(await keyRows(app, key)).toEqual([]);
    expect(await walletBalance(app, userId)).toBe(before);
    expect(await journalCount(app)).toBe(entriesBefore);

    const retried = await deposit("275", key);
    expect(retried.statusCode).toBe(201);
    expect(retried.json().data.note).toBe("ok");
    expect((await deposit("275", key)).headers["idempotency-hit"]).toBe("true");
    expect(await walletBalance(app, userId)).toBe(before + 275n);
  });

  it("stores a 4xx answer and replays it too", async () => {
    const key = freshKey();
    const balance = await walletBalance(app, userId);
    const refused = await deposit(`-${balance + 1n}`, key);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ success: false, message: "Insufficient funds." });

    // Money arrives meanwhile; the key still answers what it answered first.
    expect((await deposit("100000")).statusCode).toBe(201);
    const replayed = await deposit(`-${balance + 1n}`, key);
    expect(replayed.statusCode).toBe(422);
    expect(replayed.headers["idempotency-hit"]).toBe("true");
    expect(replayed.json()).toEqual(refused.json());
    expect(await walletBalance(app, userId)).toBe(balance + 100000n);
  });

  it("makes a repeat wait for the first request and replay its answer", async () => {
    const key = freshKey();
    const before = await walletBalance(app, userId);
    const release = closeGate(controls);
    const runsBefore = controls.runs;
    try {
      const first = deposit("333", key);
      // The first holds its claim (uncommitted) once its handler runs.
      await waitFor(async () => controls.runs > runsBefore);
      const repeat = deposit("333", key);
      setTimeout(release, 200);
      const [firstResponse, repeatResponse] = await Promise.all([first, repeat]);
      expect(firstResponse.statusCode).toBe(201);
      expect(repeatResponse.statusCode).toBe(201);
      expect(repeatResponse.headers["idempotency-hit"]).toBe("true");
      expect(repeatResponse.json()).toEqual(firstResponse.json());
      expect(controls.runs - runsBefore).toBe(1);
      expect(await walletBalance(app, userId)).toBe(before + 333n);
    } finally {
      controls.gate = null;
      release();
    }
  });

  // PGlite has one connection, so a repeat there simply queues behind the first request's transaction.
  it.skipIf(!serverUrl)("answers 409 when the first request is still running after the wait", async () => {
    const key = freshKey();
    const release = closeGate(controls);
    const runsBefore = controls.runs;
    try {
      const first = deposit("444", key);
      await waitFor(async () => controls.runs > runsBefore);
      const repeat = await deposit("444", key);
      expect(repeat.statusCode).toBe(409);
      expect(repeat.json()).toEqual({ success: false, message: IDEMPOTENCY_MESSAGES.inProgress });
      // Nothing was committed yet, so a different body cannot be told apart until the first ends.
      expect((await deposit("445", key)).statusCode).toBe(409);
      release();
      expect((await first).statusCode).toBe(201);
      expect((await deposit("444", key)).headers["idempotency-hit"]).toBe("true");
      expect((await deposit("445", key)).statusCode).toBe(422);
      expect(controls.runs - runsBefore).toBe(1);
    } finally {
      controls.gate = null;
      release();
    }
  });

  it("lets a key older than 24 hours be used again, for any request", async () => {
    const key = freshKey();
    expect((await deposit("50", key)).statusCode).toBe(201);
    await app.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    const before = await walletBalance(app, userId);
    const reused = await deposit("60", key);
    expect(reused.statusCode).toBe(201);
    expect(reused.headers["idempotency-hit"]).toBeUndefined();
    expect(await walletBalance(app, userId)).toBe(before + 60n);
    expect((await deposit("60", key)).headers["idempotency-hit"]).toBe("true");
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

if (!serverUrl) {
  console.warn(
    "SKIPPED idempotency concurrency suite: it needs real PostgreSQL. Set TEST_DATABASE_URL=postgres://… to run it.",
  );
}

describe.skipIf(!serverUrl)("Idempotency-Key under concurrency (PostgreSQL, real HTTP)", () => {
  const controls: RouteControls = {
    failuresLeft: 0,
    unstorableLeft: 0,
    gate: null,
    runs: 0,
    backendPid: null,
  };
  let app: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    app = await buildIdempotentApp({}, controls);
    if (app.database.kind !== "postgres") throw new Error("expected PostgreSQL");
    baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => app?.close());

  it("runs ten simultaneous requests with one key once, and answers all ten alike", async () => {
    const { session } = await registerClient(app);
    const key = freshKey();
    // Held until all ten are in flight, so they truly meet at the key rather than arrive in turn.
    const release = closeGate(controls);
    const requests = Array.from({ length: 10 }, () =>
      fetch(`${baseUrl}/api/test/deposit`, {
        method: "POST",
        headers: { ...bearer(session.token, { "idempotency-key": key }), "content-type": "application/json" },
        body: JSON.stringify({ amount_minor: "12345" }),
      }).then(async (response) => ({
        status: response.status,
        hit: response.headers.get("idempotency-hit"),
        body: await response.json(),
      })),
    );
    setTimeout(release, 300);
    const answers = await Promise.all(requests);
    controls.gate = null;

    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(answers.filter((answer) => answer.hit === null)).toHaveLength(1);
    expect(answers.filter((answer) => answer.hit === "true")).toHaveLength(9);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]?.body);
    expect(controls.runs).toBe(1);

    const wallet = await app.db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, "customer_wallet"), eq(ledgerAccounts.userId, session.user.id)));
    expect(wallet).toHaveLength(1);
    expect(await balanceOf(app.db, wallet[0]!.id)).toBe(12345n);
    const [entries] = await app.db
      .select({ n: count() })
      .from(postings)
      .where(eq(postings.accountId, wallet[0]?.id ?? 0n));
    expect(entries?.n).toBe(1);
    const [journal] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from journal_entries`,
    );
    expect(journal?.n).toBe(1);
  });
  it("leaves no key in progress and no money moved when the connection dies after the work", async () => {
    const { session } = await registerClient(app);
    const key = freshKey();
    const send = () =>
      fetch(`${baseUrl}/api/test/deposit`, {
        method: "POST",
        headers: { ...bearer(session.token, { "idempotency-key": key }), "content-type": "application/json" },
        body: JSON.stringify({ amount_minor: "777" }),
      });
    const entriesBefore = await journalCount(app);
    const release = closeGate(controls);
    const runsBefore = controls.runs;
    controls.backendPid = null;
    let first: Response;
    try {
      const pending = send();
      await waitFor(async () => controls.runs > runsBefore && controls.backendPid !== null);
      // The transaction holding the claim is killed, as a crash of the server or of PostgreSQL would.
      await app.db.execute(sql`select pg_terminate_backend(${controls.backendPid})`);
      release();
      first = await pending;
    } finally {
      controls.gate = null;
      release();
    }
    expect(first.status).toBe(500);
    expect(await keyRows(app, key)).toEqual([]);
    expect(await walletBalance(app, session.user.id)).toBe(0n);
    expect(await journalCount(app)).toBe(entriesBefore);

    const retried = await send();
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotency-hit")).toBeNull();
    const replayed = await send();
    expect(replayed.headers.get("idempotency-hit")).toBe("true");
    expect(await walletBalance(app, session.user.id)).toBe(777n);
    expect(await journalCount(app)).toBe(entriesBefore + 1);
    const [row] = await keyRows(app, key);
    expect(row?.statusCode).toBe(201);
  });
});
