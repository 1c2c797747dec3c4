import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import type { Db } from "../db/client";
import { idempotencyKeys } from "../db/schema/index";
import { ConflictError, InvalidDataError } from "../http/errors";

/**
 * Idempotency for money-moving requests (ARCHITECTURE §4; STYLE habit 6).
 *
 * A route opts in with its route config, so the promise sits next to the route it covers:
 *
 *   app.post("/wallet/deposit", { config: { idempotent: true }, preValidation: app.requireAuth(), … }, handler)
 *
 * A route option rather than an exported preHandler because the plugin needs three hooks that must
 * agree (the raw body before validation, the claim before the handler, the stored answer on the way
 * out); a config flag turns all three on at once and cannot be half-applied.
 *
 * With an `Idempotency-Key` header (1–255 visible ASCII characters) the first request claims the key
 * by inserting its row before the handler runs; the answer is stored when it is a 2xx or 4xx, and a
 * repeat is answered from the row with `Idempotency-Hit: true` without running the handler again.
 * A 5xx (including any unexpected throw) deletes the row, so the client may retry. Without the header
 * the route runs as usual.
 *
 * - Scope: the signed-in user's id. An anonymous caller sending the header is refused (422) rather
 *   than scoped by IP or by nothing: an IP scope breaks retries across networks, and a shared scope
 *   would let one stranger read another's stored answer by guessing their key.
 * - Same key, different request (method, path with query, canonical JSON of the body as sent): 422.
 * - A repeat that finds the first request still running polls until it finishes (up to
 *   `waitForInProgressMs`, 10 s by default) and then replays its answer, or 409 when it is still
 *   running. If the first request failed with a 5xx meanwhile, the repeat claims the key and runs.
 * - Keys live 24 hours: a row created longer ago is claimed afresh by the next request with its key,
 *   whatever its body, so clients must not reuse a key within a day for a different request.
 *   A row left in progress by a crashed process therefore blocks its key (409) for at most a day;
 *   that is the price of never running a money movement twice.
 * - Replays answer the stored status and JSON body only (no other headers). The body comes back from
 *   a jsonb column, so its keys may be in another order than the first answer's, never other values.
 */

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route moves money: an `Idempotency-Key` header makes repeats answer the first response. */
    idempotent?: boolean;
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

type IdempotencyClaim = {
  scope: string;
  key: string;
  /** The body as the client sent it, captured before validation replaces it with the parsed one. */
  rawBody: unknown;
  /** True once this request owns the key's row and must store or release it. */
  isOwner: boolean;
  isSettled: boolean;
};

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const IDEMPOTENCY_HIT_HEADER = "Idempotency-Hit";
const KEY_TTL_HOURS = 24;
const DEFAULT_WAIT_MS = 10_000;
const POLL_FIRST_MS = 20;
const POLL_MAX_MS = 250;

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type StoredRow = { requestHash: string; statusCode: number | null; responseBody: unknown };

/**
 * Claims the key: inserts its row, or takes over a row older than the TTL, in one statement so two
 * racing requests cannot both win. Answers null when this request now owns the key, else the row.
 */
async function claimOrRead(
  db: Db,
  row: { scope: string; key: string; method: string; path: string; requestHash: string },
): Promise<StoredRow | null | "vanished"> {
  const claimed = await db
    .insert(idempotencyKeys)
    .values(row)
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.key],
      set: {
        method: row.method,
        path: row.path,
        requestHash: row.requestHash,
        statusCode: null,
        responseBody: null,
        createdAt: sql`now()`,
        completedAt: null,
      },
      setWhere: sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${KEY_TTL_HOURS})`,
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return null;
  const [existing] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      statusCode: idempotencyKeys.statusCode,
      responseBody: idempotencyKeys.responseBody,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, row.scope), eq(idempotencyKeys.key, row.key)));
  // The first request failed and released the key between our two statements: try again.
  return existing ?? "vanished";
}

function headerKey(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  // Node joins repeated headers with ", ", which the rule then refuses (a space is not visible).
  return Array.isArray(value) ? value.join(", ") : value;
}

function replay(reply: FastifyReply, stored: StoredRow & { statusCode: number }) {
  // Sent as text so neither the route's serializer nor the translating hook touches it again.
  return reply
    .code(stored.statusCode)
    .header(IDEMPOTENCY_HIT_HEADER, "true")
    .type("application/json; charset=utf-8")
    .send(stored.responseBody === null ? "" : JSON.stringify(stored.responseBody));
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
      request.idempotency = { scope: "", key, rawBody: request.body, isOwner: false, isSettled: false };
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

      const deadline = Date.now() + waitForInProgressMs;
      let pollMs = POLL_FIRST_MS;
      for (;;) {
        const stored = await claimOrRead(app.db, row);
        if (stored === null) {
          claim.isOwner = true;
          return;
        }
        if (stored !== "vanished") {
          if (stored.requestHash !== row.requestHash) {
            request.idempotency = null;
            throw new InvalidDataError(
              { "Idempotency-Key": [IDEMPOTENCY_MESSAGES.mismatch] },
              IDEMPOTENCY_MESSAGES.mismatch,
            );
          }
          if (stored.statusCode !== null) {
            request.idempotency = null;
            return replay(reply, { ...stored, statusCode: stored.statusCode });
          }
          if (Date.now() >= deadline) {
            request.idempotency = null;
            throw new ConflictError(IDEMPOTENCY_MESSAGES.inProgress);
          }
          await sleep(Math.min(pollMs, Math.max(0, deadline - Date.now())));
          pollMs = Math.min(pollMs * 2, POLL_MAX_MS);
        }
      }
    });

    // Stored before the answer leaves, so a client that retries the moment it hears back is replayed.
    app.addHook("onSend", async (request, reply, payload) => {
      const claim = request.idempotency;
      if (!claim?.isOwner || claim.isSettled) return payload;
      claim.isSettled = true;
      const where = and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));
      const status = reply.statusCode;
      try {
        if (status >= 500 || status < 200 || (status >= 300 && status < 400)) {
          await app.db.delete(idempotencyKeys).where(where);
          return payload;
        }
        await app.db
          .update(idempotencyKeys)
          .set({ statusCode: status, responseBody: storableBody(payload), completedAt: sql`now()` })
          .where(where);
      } catch (error) {
        // The answer still goes out. The row stays "in progress", so repeats get 409 until it
        // expires: when in doubt whether money moved, refusing is safe and running again is not.
        request.log.error({ err: error }, "could not store the idempotent answer");
      }
      return payload;
    });
  },
  { name: "idempotency", dependencies: ["database", "auth", "error-handler"] },
);

/** The serialized answer as JSON to keep; money routes answer JSON, anything else is kept as null. */
function storableBody(payload: unknown): unknown {
  const text =
    typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : null;
  if (text === null || text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
