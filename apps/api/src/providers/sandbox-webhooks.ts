import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client";

/**
 * The sandbox providers' webhooks, signed like a real gateway's: `vela-signature: sha256=<hex HMAC-SHA256
 * of the raw body with SANDBOX_WEBHOOK_SECRET>`, POSTed to `/api/payments/webhooks/{provider}`.
 * A webhook is a row of `sandbox_webhooks` written with the change it reports (same transaction or
 * statement), delivered at once when the change comes from a sandbox page, and otherwise (and again
 * after a failure, with backoff) by the sweeper.
 */
export const WEBHOOK_PROVIDERS = ["cards", "banks", "praxis", "d24", "paypal"] as const;
export type WebhookProvider = (typeof WEBHOOK_PROVIDERS)[number];
export const SIGNATURE_HEADER = "vela-signature";

/** After this many failed attempts a webhook is left undelivered (polling still finds the state). */
const MAX_ATTEMPTS = 12;

export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/** Whether `header` is the signature of `body`, compared in constant time. */
export function signatureMatches(secret: string, body: string, header: string | undefined): boolean {
  if (typeof header !== "string") return false;
  const expected = Buffer.from(signBody(secret, body));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The JSON body of a correctly signed webhook, or null (bad signature, not JSON, not an object). */
export function verifiedBody(
  secret: string,
  rawBody: string,
  signature: string | undefined,
): Record<string, unknown> | null {
  if (!signatureMatches(secret, rawBody, signature)) return null;
  try {
    const body: unknown = JSON.parse(rawBody);
    return typeof body === "object" && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A random id with a prefix ("auth_3f9c…"). */
export const sandboxId = (prefix: string, bytes = 12) => `${prefix}_${randomBytes(bytes).toString("hex")}`;

/** Posts one signed body to our API; answers the HTTP status (app.inject in the app). */
export type WebhookPoster = (provider: WebhookProvider, body: string, signature: string) => Promise<number>;

export type SandboxWebhooks = {
  /** Writes a webhook through `db` (a transaction: it exists only if the change commits); answers its id. */
  record(db: Db, provider: WebhookProvider, payload: Record<string, unknown>): Promise<bigint>;
  /** Tries to deliver one webhook now (if it is due and not delivered); true once delivered. */
  attempt(id: bigint): Promise<boolean>;
  /** Delivers every due webhook; answers how many were delivered. */
  deliverDue(): Promise<number>;
  /** What posts a webhook (app.inject into our API); tests may replace it to capture or refuse deliveries. */
  poster: WebhookPoster;
};

export function createSandboxWebhooks(options: {
  db: Db;
  secret: string;
  post: WebhookPoster;
  log: { warn(object: unknown, message: string): void };
}): SandboxWebhooks {
  const { db, secret, log } = options;
  const webhooks: SandboxWebhooks = {
    poster: options.post,
    async record(executor, provider, payload) {
      const [row] = await queryRows<{ id: string | bigint }>(
        executor,
        sql`insert into sandbox_webhooks (provider, body) values (${provider}, ${JSON.stringify(payload)}) returning id`,
      );
      if (!row) throw new Error("sandbox webhook not recorded");
      return BigInt(row.id);
    },
    async attempt(id) {
      // Claims the attempt (the next one is due after a backoff) so two sweepers never post it twice.
      const [claimed] = await queryRows<{ provider: WebhookProvider; body: string }>(
        db,
        sql`update sandbox_webhooks
            set attempts = attempts + 1,
                next_attempt_at = now() + least(power(2, attempts), 300) * interval '1 second'
            where id = ${id} and delivered_at is null and next_attempt_at <= now() and attempts < ${MAX_ATTEMPTS}
            returning provider, body`,
      );
      if (!claimed) return false;
      let status = 0;
      try {
        status = await webhooks.poster(claimed.provider, claimed.body, signBody(secret, claimed.body));
      } catch (error) {
        log.warn({ err: error, webhook: String(id) }, "sandbox webhook delivery failed");
      }
      const delivered = status >= 200 && status < 300;
      await db.execute(
        sql`update sandbox_webhooks set last_status = ${status},
            delivered_at = ${delivered ? sql`now()` : sql`null`} where id = ${id}`,
      );
      if (!delivered)
        log.warn({ webhook: String(id), status }, "sandbox webhook not accepted; retrying later");
      return delivered;
    },
    async deliverDue() {
      const due = await queryRows<{ id: string | bigint }>(
        db,
        sql`select id from sandbox_webhooks
            where delivered_at is null and next_attempt_at <= now() and attempts < ${MAX_ATTEMPTS}
            order by id limit 50`,
      );
      let delivered = 0;
      for (const row of due) if (await webhooks.attempt(BigInt(row.id))) delivered += 1;
      return delivered;
    },
  };
  return webhooks;
}
