import { createHash } from "node:crypto";
import { and, eq, gt, isNotNull, isNull, type SQL, sql, TransactionRollbackError } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import type { Db } from "../db/client";
import { sqlState } from "../db/errors";
import { idempotencyKeys } from "../db/schema/index";
import { isPooled } from "../db/transactions";
import { ConflictError, InvalidDataError } from "../http/errors";
import { shareCorridorCache } from "../pricing/corridors";

/**
 * Idempotency for money-moving requests (ARCHITECTURE §4 and §7; STYLE habit 6).
 *
 * A route opts in with its route config, so the promise sits next to the route it covers:
 *
 *   app.post("/wallet/deposit", { config: { idempotent: true }, preValidation: app.requireAuth(), … },
 *     async (request) => deposit({ db: requestDb(request), … }, command))
 *
 * A route option rather than an exported preHandler because the plugin needs hooks that must agree
 * (the raw body before validation, the claim before the handler, the stored answer on the way out);
 * a config flag turns them all on at once and cannot be half-applied.
 *
 * With an `Idempotency-Key` header (1–255 visible ASCII characters) the request runs in one database
 * transaction that holds the claim, the work and the answer: the plugin opens it, inserts the key's
 * row inside it, the handler does its work through `requestDb(request)` (that transaction), and the
 * answer is written to the row just before COMMIT. So the record and the work commit together or
 * not at all: a crash, a killed connection or a failure anywhere before the commit leaves neither
 * (the key is free and nothing happened), and after the commit a repeat always finds the answer.
 * No row is ever committed "in progress".
 *
 * - The answer is stored when it is a 2xx or a 4xx. A 4xx is a refusal: the work done before it is
 *   rolled back (to a savepoint taken after the claim) and only the refusal is kept and replayed.
 *   Anything else (5xx, an unexpected throw, a failure storing the answer or committing) rolls the
 *   whole transaction back and answers 500, so the client may retry and the retry runs once.
 *   A route whose refusal must keep a write (a wrong code's counted try) moves the savepoint past
 *   it with `keepOnRefusal(request)`.
 * - A repeat is answered from the row with `Idempotency-Hit: true` without running the handler.
 *   A repeat that arrives while the first request is running waits on the key's row (its insert
 *   meets the first one's uncommitted row in the primary key) for up to `waitForInProgressMs`, 10 s
 *   by default, then replays the committed answer, runs itself if the first rolled back, or answers
 *   409 when the first is still running.
 * - Scope: the signed-in user's id. An anonymous caller sending the header is refused (422) rather
 *   than scoped by IP or by nothing: an IP scope breaks retries across networks, and a shared scope
 *   would let one stranger read another's stored answer by guessing their key.
 * - Same key, different request (method, path with query, canonical JSON of the body as sent): 422.
 * - Keys live 24 hours: a row created longer ago is claimed afresh by the next request with its key,
 *   whatever its body, so clients must not reuse a key within a day for a different request.
 * - Replays answer the stored status and body only (no other headers): the body's text as first
 *   sent (kept as a JSON string in the jsonb column), so a replay is the first answer byte for byte.
 * - On PGlite (one connection) the transaction holds the database for the whole request: a handler
 *   must use `requestDb(request)` for every query, or it waits for itself.
 *
 * A route whose work must commit on its own (it calls a provider, which must not run inside a
 * database transaction, and keeps what the provider said even when it answers a refusal: the
 * payments) opts in with `config: { idempotent: "own-transactions" }`. The claim is then a committed
 * row without an answer, taken in one statement before the handler runs (which works through the
 * app's pool, `requestDb` answering `app.db`); the answer, 2xx or 4xx, is written to it before it
 * leaves; a 5xx deletes the claim, so the retry runs. A repeat that finds the claim unanswered polls
 * it for up to `waitForInProgressMs` and then replays the answer byte for byte (or answers 409), so
 * copies sent together all hear the first answer. A claim left unanswered by a crash is taken over
 * after `CLAIM_LEASE_SECONDS`; the route's own record of the key (the payment's) answers that retry.
 */

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route moves money: an `Idempotency-Key` header makes repeats answer the first response.
     * `"own-transactions"`: the handler commits its own work (provider calls); see the plugin's notes.
     */
    idempotent?: boolean | typeof OWN_TRANSACTIONS;
  }
  interface FastifyRequest {
    /** This request's claim on its Idempotency-Key; null when it has none or is a replay. */
    idempotency: IdempotencyClaim | null;
  }
}

export type IdempotencyPluginOptions = {
  /** How long a repeat waits for the first request with its key to finish before answering 409. */
  waitForInProgressMs?: number;
};

type OpenTransaction = {
  tx: Db;
  /** Commits (true) or rolls back (false) and resolves when PostgreSQL has answered. */
  end: (commit: boolean) => Promise<void>;
};

type IdempotencyClaim = {
  scope: string;
  key: string;
  /** The body as the client sent it, captured before validation replaces it with the parsed one. */
  rawBody: unknown;
  /** The transaction holding the claim while this request owns the key; null before and after. */
  open: OpenTransaction | null;
  /** Own-transactions mode: the committed claim's created_at (as text) while this request owns it. */
  committed: string | null;
};

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const IDEMPOTENCY_HIT_HEADER = "Idempotency-Hit";
const KEY_TTL_HOURS = 24;
const DEFAULT_WAIT_MS = 10_000;
const WORK_SAVEPOINT = "idempotent_work";
export const OWN_TRANSACTIONS = "own-transactions";
/** How long an unanswered committed claim (own-transactions mode) stands before a retry may take it over. */
export const CLAIM_LEASE_SECONDS = 120;
/** How often a repeat looks again at a committed claim that has no answer yet. */
const POLL_MS = { first: 10, max: 100 } as const;

/** The header's rule, exported so the OpenAPI document can list it on idempotent routes. */
export const idempotencyKeyHeaderSchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, "Must be 1 to 255 visible ASCII characters.")
  .describe("Makes a money-moving request safe to retry: a repeat answers the first response.");

export const IDEMPOTENCY_MESSAGES = {
  badKey: "Must be 1 to 255 visible ASCII characters.",
  anonymous: "An Idempotency-Key needs a signed-in caller.",
  mismatch: "This Idempotency-Key was already used for a different request.",
  inProgress: "A request with this Idempotency-Key is still in progress.",
} as const;

/** JSON with object keys sorted at every depth, so equal bodies hash equally however they are ordered. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
}

function requestHash(method: string, url: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method}\n${url}\n${canonicalJson(body ?? null)}`)
    .digest("hex");
}

type StoredRow = { requestHash: string; statusCode: number | null; responseBody: unknown };

/**
 * Opens a transaction that outlives this call: Drizzle's transaction is a callback, so the callback
 * hands its transaction out and then waits for `end` to say how it finishes.
 */
function openTransaction(db: Db): Promise<OpenTransaction> {
  return new Promise((resolveOpen, rejectOpen) => {
    let decide: (commit: boolean) => void = () => {};
    const decided = new Promise<boolean>((resolve) => {
      decide = resolve;
    });
    const finished = db.transaction(async (tx) => {
      shareCorridorCache(tx, db);
      resolveOpen({ tx, end });
      if (!(await decided)) tx.rollback();
    });
    // BEGIN itself failed: nobody has the transaction yet, so the opener hears of it.
    finished.catch(rejectOpen);
    async function end(commit: boolean) {
      decide(commit);
      try {
        await finished;
      } catch (error) {
        if (!commit && error instanceof TransactionRollbackError) return;
        throw error;
      }
    }
  });
}

/** A request's claim on its key: who, which key, and what it asks. */
type KeyClaim = { scope: string; key: string; method: string; path: string; requestHash: string };

/** The row a claim leaves when it takes a key over: this request, no answer yet, claimed at `claimedAt`. */
const reclaimed = (row: KeyClaim, claimedAt: SQL) => ({
  method: row.method,
  path: row.path,
  requestHash: row.requestHash,
  statusCode: null,
  responseBody: null,
  createdAt: claimedAt,
  completedAt: null,
});

/**
 * Claims the key inside `tx`: inserts its row, or takes over a row older than the TTL, in one
 * statement. A row another request is still writing makes this wait (the primary key) until that
 * transaction ends. Answers null when this request now owns the key, else the committed row.
 */
async function claimOrRead(tx: Db, row: KeyClaim): Promise<StoredRow | null> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values(row)
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.key],
      set: reclaimed(row, sql`now()`),
      setWhere: sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${KEY_TTL_HOURS})`,
    })
    .returning({ key: idempotencyKeys.key })
    // Named statements (db/prepared.ts): every idempotent request runs this and the answer's update.
    .prepare("claim_idempotency_key")
    .execute();
  if (claimed.length > 0) return null;
  const existing = await readKey(tx, row.scope, row.key);
  if (!existing) throw new Error("idempotency row vanished under its lock");
  return existing;
}

/**
 * Own-transactions mode: claims the key with a committed row (no answer yet) in one statement, or
 * takes over a row older than the TTL or an unanswered one older than the lease. Answers the claim's
 * created_at as text (what later statements match on, so a taken-over claim is not written by its
 * first owner), or null when someone else holds the key.
 */
async function claimCommitted(db: Db, row: KeyClaim): Promise<string | null> {
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values(row)
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.key],
      set: reclaimed(row, sql`clock_timestamp()`),
      setWhere: sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${KEY_TTL_HOURS})
        or (${idempotencyKeys.statusCode} is null
          and ${idempotencyKeys.createdAt} < now() - make_interval(secs => ${CLAIM_LEASE_SECONDS}))`,
    })
    .returning({ createdAt: sql<string>`${idempotencyKeys.createdAt}::text` });
  return claimed?.createdAt ?? null;
}

async function readKey(db: Db, scope: string, key: string): Promise<StoredRow | null> {
  const [row] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      statusCode: idempotencyKeys.statusCode,
      responseBody: idempotencyKeys.responseBody,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  return row ?? null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The database a route's handler works through: the request's idempotency transaction when it holds
 * a claim, else the app's pool. Routes with `config: { idempotent: true }` pass this to their services.
 */
export function requestDb(request: FastifyRequest): Db {
  return request.idempotency?.open?.tx ?? request.server.db;
}

/**
 * Keeps what the request has written so far through a refusal: the work savepoint moves here, so a
 * 4xx answer rolls back only what comes after. For a count that must stand whatever the answer (a
 * wrong confirmation code's try); it still commits only with the key's answer. A no-op without a claim.
 */
export async function keepOnRefusal(request: FastifyRequest) {
  const open = request.idempotency?.open;
  if (!open) return;
  const statements = [`release savepoint ${WORK_SAVEPOINT}`, `savepoint ${WORK_SAVEPOINT}`];
  if (isPooled(request.server.db)) {
    await open.tx.execute(sql.raw(statements.join("; ")));
  } else {
    for (const statement of statements) await open.tx.execute(sql.raw(statement));
  }
}

function headerKey(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  // Node joins repeated headers with ", ", which the rule then refuses (a space is not visible).
  return Array.isArray(value) ? value.join(", ") : value;
}

function replay(reply: FastifyReply, stored: StoredRow & { statusCode: number }) {
  // Sent as text so neither the route's serializer nor the translating hook touches it again. The
  // answer is kept as its text (a JSON string); rows written before that kept the parsed body.
  const body = stored.responseBody;
  return reply
    .code(stored.statusCode)
    .header(IDEMPOTENCY_HIT_HEADER, "true")
    .type("application/json; charset=utf-8")
    .send(body === null ? "" : typeof body === "string" ? body : JSON.stringify(body));
}

/** Same key, another request: 422. */
function mismatch(): never {
  throw new InvalidDataError(
    { "Idempotency-Key": [IDEMPOTENCY_MESSAGES.mismatch] },
    IDEMPOTENCY_MESSAGES.mismatch,
  );
}

export const idempotencyPlugin = fp<IdempotencyPluginOptions>(
  async (app: FastifyInstance, { waitForInProgressMs = DEFAULT_WAIT_MS }) => {
    app.decorateRequest("idempotency", null);

    // Before validation, because the zod validator replaces the body with its parsed output: the
    // hash must be of what the client sent, not of what our schema made of it.
    app.addHook("preValidation", async (request) => {
      if (!request.routeOptions.config.idempotent) return;
      const key = headerKey(request);
      if (key === undefined) return;
      request.idempotency = { scope: "", key, rawBody: request.body, open: null, committed: null };
    });

    // After authentication (preValidation) and validation, so a refused or malformed request never
    // claims a key; before the route's own preHandlers and handler, which are what must run once.
    app.addHook("preHandler", async (request, reply) => {
      const claim = request.idempotency;
      if (!claim) return;
      if (!idempotencyKeyHeaderSchema.safeParse(claim.key).success) {
        request.idempotency = null;
        throw new InvalidDataError({ "Idempotency-Key": [IDEMPOTENCY_MESSAGES.badKey] });
      }
      if (!request.auth) {
        request.idempotency = null;
        throw new InvalidDataError({ "Idempotency-Key": [IDEMPOTENCY_MESSAGES.anonymous] });
      }
      claim.scope = String(request.auth.user.id);
      const row = {
        scope: claim.scope,
        key: claim.key,
        method: request.method,
        path: request.url,
        requestHash: requestHash(request.method, request.url, claim.rawBody),
      };

      if (request.routeOptions.config.idempotent === OWN_TRANSACTIONS) {
        // Copies sent together: one claims, the others poll until its answer is written.
        const deadline = Date.now() + waitForInProgressMs;
        for (let pause: number = POLL_MS.first; ; pause = Math.min(pause * 2, POLL_MS.max)) {
          const token = await claimCommitted(app.db, row);
          if (token !== null) {
            claim.committed = token;
            return;
          }
          const stored = await readKey(app.db, row.scope, row.key);
          if (stored && stored.requestHash !== row.requestHash) {
            request.idempotency = null;
            mismatch();
          }
          if (stored?.statusCode != null) {
            request.idempotency = null;
            return replay(reply, { ...stored, statusCode: stored.statusCode });
          }
          if (Date.now() >= deadline) {
            request.idempotency = null;
            throw new ConflictError(IDEMPOTENCY_MESSAGES.inProgress);
          }
          // No row (the first one failed and freed the key): claim again at once.
          if (stored) await sleep(pause);
        }
      }

      const open = await openTransaction(app.db);
      let stored: StoredRow | null;
      try {
        // Bounds the wait for a first request still holding the key; the work itself waits as usual.
        await open.tx.execute(
          sql.raw(`set local lock_timeout = ${Math.max(1, Math.round(waitForInProgressMs))}`),
        );
        stored = await claimOrRead(open.tx, row);
        if (stored === null) {
          // On a pool, both in one round trip (a query without parameters may hold several
          // statements there); PGlite's extended protocol takes one statement per query.
          if (isPooled(app.db)) {
            await open.tx.execute(sql.raw(`set local lock_timeout to default; savepoint ${WORK_SAVEPOINT}`));
          } else {
            await open.tx.execute(sql`set local lock_timeout to default`);
            await open.tx.execute(sql.raw(`savepoint ${WORK_SAVEPOINT}`));
          }
          claim.open = open;
          return;
        }
      } catch (error) {
        request.idempotency = null;
        await open.end(false).catch(() => {});
        if (sqlState(error) === "55P03") throw new ConflictError(IDEMPOTENCY_MESSAGES.inProgress);
        throw error;
      }
      // Someone else's committed answer: nothing of ours to keep.
      request.idempotency = null;
      await open.end(false);
      if (stored.requestHash !== row.requestHash) mismatch();
      // Only rows left by the design before migration 0009 can be committed without an answer.
      if (stored.statusCode === null) throw new ConflictError(IDEMPOTENCY_MESSAGES.inProgress);
      return replay(reply, { ...stored, statusCode: stored.statusCode });
    });

    // The answer is stored and the transaction committed before the answer leaves, so a client that
    // retries the moment it hears back is replayed, and a client that hears a success can rely on it.
    app.addHook("onSend", async (request, reply, payload) => {
      const claim = request.idempotency;
      if (claim?.committed) {
        await settleCommitted(request, claim, reply.statusCode, payload);
        return payload;
      }
      const open = request.idempotency?.open;
      if (!open || !claim) return payload;
      claim.open = null;
      const status = reply.statusCode;
      if (status >= 500 || status < 200 || (status >= 300 && status < 400)) {
        await open.end(false).catch((error) => {
          request.log.error({ err: error }, "could not roll back an idempotent request");
        });
        return payload;
      }
      try {
        // A refusal keeps nothing of the work, only the refusal (and clears a failed statement).
        if (status >= 400) await open.tx.execute(sql.raw(`rollback to savepoint ${WORK_SAVEPOINT}`));
        await open.tx
          .update(idempotencyKeys)
          .set({ statusCode: status, responseBody: storableBody(payload), completedAt: sql`now()` })
          .where(and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key)))
          .prepare("store_idempotent_answer")
          .execute();
        await open.end(true);
      } catch (error) {
        // Nothing is committed (or PostgreSQL lost the connection, which rolls back): the work and
        // the record go together, and the client hears a 500 it may retry.
        await open.end(false).catch(() => {});
        throw error;
      }
      return payload;
    });

    // A last guard: a request that never reached onSend must not keep its transaction open.
    app.addHook("onResponse", async (request) => {
      const claim = request.idempotency;
      if (claim?.committed) await settleCommitted(request, claim, 500, null);
      const open = request.idempotency?.open;
      if (!open || !request.idempotency) return;
      request.idempotency.open = null;
      await open.end(false).catch(() => {});
    });
  },
  { name: "idempotency", dependencies: ["database", "auth", "error-handler"] },
);

/**
 * The answer to keep: its exact text as a JSON string, so a replay sends the same bytes (a jsonb
 * object would come back with its keys reordered). Money routes answer JSON; anything else is null.
 */
function storableBody(payload: unknown): unknown {
  const text =
    typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : null;
  if (text === null || text === "") return null;
  try {
    JSON.parse(text);
    return text;
  } catch {
    return null;
  }
}

/**
 * Own-transactions mode, as the answer leaves: a 2xx or 4xx is written to this request's committed
 * claim; anything else deletes it, so the key is free for the retry. A claim taken over meanwhile
 * (its created_at changed) is left to its new owner.
 */
async function settleCommitted(
  request: FastifyRequest,
  claim: IdempotencyClaim,
  status: number,
  payload: unknown,
) {
  const token = claim.committed;
  if (token === null) return;
  claim.committed = null;
  const ours = and(
    eq(idempotencyKeys.scope, claim.scope),
    eq(idempotencyKeys.key, claim.key),
    sql`${idempotencyKeys.createdAt} = ${token}::timestamptz`,
    isNull(idempotencyKeys.statusCode),
  );
  const db = request.server.db;
  try {
    if ((status >= 200 && status < 300) || (status >= 400 && status < 500)) {
      await db
        .update(idempotencyKeys)
        .set({ statusCode: status, responseBody: storableBody(payload), completedAt: sql`now()` })
        .where(ours);
    } else {
      await db.delete(idempotencyKeys).where(ours);
    }
  } catch (error) {
    // The work is done and answered; a repeat waits for the lease and the route's own record answers.
    request.log.error({ err: error }, "could not record an idempotent answer");
  }
}

/**
 * Whether a key's answer is stored (not expired): the plugin replays it without the handler, so a
 * route's own pre-checks (the withdrawal's IP try) may leave such a request alone.
 */
export async function isAnsweredKey(db: Db, owner: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, String(owner)),
        eq(idempotencyKeys.key, key),
        isNotNull(idempotencyKeys.statusCode),
        gt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEY_TTL_HOURS})`),
      ),
    );
  return row !== undefined;
}
