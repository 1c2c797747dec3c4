import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/**
 * The repository root, found by walking up from this module (which runs from src/ under tsx and
 * from dist/ once bundled), so `./var/`, the migrations and the SPA build resolve from any cwd.
 */
function findRepoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "apps", "api", "drizzle"))) {
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error("Cannot find the repository root (apps/api/drizzle) above this module");
    dir = parent;
  }
  return dir;
}
export const REPO_ROOT = findRepoRoot();
export const MIGRATIONS_DIR = path.join(REPO_ROOT, "apps", "api", "drizzle");

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

/**
 * Every provider a sandbox can stand in for, by the variable that chooses it, with what it is. One
 * list serves the production rule (configSchema refuses each sandbox unless ALLOW_SANDBOX_PROVIDERS),
 * the staging warning (plugins/providers.ts) and the SPA's banner (GET /api/app-info): a new kind
 * (identity verification) joins all three with its line here.
 */
const SANDBOXABLE_PROVIDERS = {
  CARD_PROVIDER: { sandbox: "no card is really charged", fix: "a real card processor" },
  BANK_PROVIDER: { sandbox: "no bank transfer really moves", fix: "real bank rails" },
  GATEWAY_PROVIDER: { sandbox: "anyone may approve a gateway payment", fix: "real hosted gateways" },
  PAYOUT_PROVIDER: { sandbox: "no payout is really paid", fix: "a real payout partner" },
  TOPUP_PROVIDER: { sandbox: "no phone is really topped up", fix: "a real top-up aggregator" },
  GIFTCARD_PROVIDER: { sandbox: "its gift card codes are made up", fix: "a real gift card aggregator" },
  BILL_PROVIDER: { sandbox: "no bill is really paid", fix: "a real bill payment aggregator" },
  VERIFICATION_PROVIDER: {
    sandbox: "anyone may pass identity verification with its test values",
    fix: "VERIFICATION_PROVIDER=sumsub",
  },
  FX_PROVIDER: { sandbox: "its exchange rates are made up", fix: "FX_PROVIDER=ecb" },
} as const;

export type SandboxVariable = keyof typeof SANDBOXABLE_PROVIDERS;

/** The variables whose provider is a sandbox in this configuration, in the list's order. */
export function sandboxesInUse(config: Record<SandboxVariable, string>): SandboxVariable[] {
  return (Object.keys(SANDBOXABLE_PROVIDERS) as SandboxVariable[]).filter(
    (variable) => config[variable] === "sandbox",
  );
}

/**
 * Whether sandbox routes (/api/sandbox/*) and sandbox providers may serve: always outside
 * production; in production only on a staging server that opted in with ALLOW_SANDBOX_PROVIDERS.
 */
export const sandboxesAllowed = (config: Pick<Config, "NODE_ENV" | "ALLOW_SANDBOX_PROVIDERS">) =>
  config.NODE_ENV !== "production" || config.ALLOW_SANDBOX_PROVIDERS;

/**
 * A production server running sandboxes (the staging opt-in): no real money moves. It logs so at
 * start and the SPA shows it on every page; development and test run sandboxes without saying so.
 */
export const isSandboxedProduction = (config: Config) =>
  config.NODE_ENV === "production" && sandboxesInUse(config).length > 0;

const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("0.0.0.0"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** A PostgreSQL URL selects the node-postgres pool; without it the embedded PGlite database is used. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
    /** Where PGlite keeps its files; "memory://" keeps them in memory only. */
    PGLITE_DATA_DIR: z
      .string()
      .min(1)
      .default(path.join(REPO_ROOT, "var", "pglite")),
    /** With a Redis URL the rate limiter counts in Redis, shared by every instance. */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
      .optional(),
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
    /** Run migrations (and the idempotent seed) when the server starts. */
    MIGRATE_ON_START: booleanFlag.default(true),
    SEED_ON_START: booleanFlag.default(true),
    /** The built SPA; served with history fallback when present. */
    WEB_DIST_DIR: z
      .string()
      .min(1)
      .default(path.join(REPO_ROOT, "apps", "web", "dist")),
    /** Behind a load balancer, trust X-Forwarded-For for the client IP (rate limits, logs). */
    TRUST_PROXY: booleanFlag.default(false),
    /**
     * Keys the HMAC of verification codes and the encryption of authenticator secrets. Required in
     * production; elsewhere a fixed development value stands in, so a new clone runs unconfigured.
     */
    APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /** Lifetime of an access token; the refresh token renews it. */
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(31_536_000).default(2_592_000),
    /** smtp(s)://user:pass@host:port: e-mail goes out through it; without it e-mail lands in the outbox. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Vela <no-reply@vela.example>"),
    /** An HTTPS endpoint of an SMS gateway (POST {to, text}); without it SMS lands in the outbox. */
    SMS_WEBHOOK_URL: z.url().optional(),
    /**
     * How long the SMS gateway or the mail server may take before a send counts as failed (each of
     * connecting, the greeting and any silence for SMTP; the whole request for the gateway).
     */
    MESSAGE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
    /** Where exchange rates come from: a sandbox feed moving around a snapshot, or the ECB's daily file. */
    FX_PROVIDER: z.enum(["sandbox", "ecb"]).default("sandbox"),
    /** The sandbox feed's seed: the same seed and time give the same rates. */
    FX_SANDBOX_SEED: z.string().min(1).max(100).default("vela"),
    /** The sandbox's largest move per five-minute step, in basis points; 0 holds the snapshot still. */
    FX_SANDBOX_STEP_BPS: z.coerce.number().min(0).max(100).default(5),
    /** How often the rate table is reloaded; unset: every minute for the sandbox, every hour for the ECB. */
    FX_REFRESH_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
    /** A table older than this is not quoted on (five days covers the ECB's Easter weekend). */
    FX_MAX_AGE_SECONDS: z.coerce.number().int().min(60).default(432_000),
    /** How often a job looks again at an order waiting on its payment or payout (orders/jobs.ts). */
    ORDERS_POLL_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
    /** The ECB daily reference-rate file (eurofxref-daily.xml). */
    FX_ECB_URL: z.url().default("https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml"),
    /**
     * The origin people open the SPA at (https://app.example.com), for links sent by e-mail (a
     * recipient's invitation). Unset: http://localhost:PORT, which only works on this machine.
     */
    PUBLIC_APP_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    /** How often an idle job worker looks for new jobs, in seconds (pg-boss's minimum is 0.5). */
    JOBS_POLLING_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
    /**
     * A staging server's opt-in: production starts with sandbox providers (every page then says "no
     * real money moves"). Without it production refuses to start while any provider is a sandbox.
     */
    ALLOW_SANDBOX_PROVIDERS: booleanFlag.default(false),
    /** Which card processor, bank rails, hosted gateways and payout partner: only the sandboxes exist yet. */
    CARD_PROVIDER: z.enum(["sandbox"]).default("sandbox"),
    BANK_PROVIDER: z.enum(["sandbox"]).default("sandbox"),
    GATEWAY_PROVIDER: z.enum(["sandbox"]).default("sandbox"),
    PAYOUT_PROVIDER: z.enum(["sandbox"]).default("sandbox"),
    /** Which phone top-up, gift card and bill payment aggregators (issue 11): only the sandboxes exist yet. */
    TOPUP_PROVIDER: z.enum(["sandbox"]).default("sandbox"),
    GIFTCARD_PROVIDER: z.enum(["sandbox"]).default("sandbox"),
    BILL_PROVIDER: z.enum(["sandbox"]).default("sandbox"),
    /**
     * Where `npm run sanctions:import` reads OFAC's SDN files (sdn.csv, alt.csv, add.csv): a base
     * URL, or else a folder; with neither, the fictional development list shipped in
     * apps/api/data/sanctions/dev (which development and tests also load into an empty list at start).
     */
    SANCTIONS_LIST_URL: z
      .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
      .optional(),
    SANCTIONS_LIST_DIR: z.string().min(1).optional(),
    /** The name score (0 to 1) from which a screened name goes to review (compliance/sanctions/service.ts). */
    SANCTIONS_MATCH_THRESHOLD: z.coerce.number().min(0.5).max(1).default(0.9),
    /**
     * From how much a day (USD-equivalent, one walk-in customer across every agent) an agent's order
     * needs the customer's identity document on the sender (compliance/walk-in.ts).
     */
    WALK_IN_ID_THRESHOLD_USD: z.coerce.number().int().min(1).max(1_000_000).default(3000),
    /** Signs the sandbox providers' webhooks (vela-signature: sha256=<hex HMAC of the raw body>). */
    SANDBOX_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
    /** How long a sandbox ACH debit stays pending before it settles (or returns, for the test accounts). */
    SANDBOX_ACH_SETTLE_SECONDS: z.coerce.number().int().min(0).max(604_800).default(5),
    /** How long a sandbox payout is processing before it is paid (or ready for pickup, or fails). */
    SANDBOX_PAYOUT_SECONDS: z.coerce.number().int().min(0).max(604_800).default(5),
    /** How long a cash-pickup payout waits, once available, before the recipient collects it. */
    SANDBOX_PICKUP_SECONDS: z.coerce.number().int().min(0).max(604_800).default(60),
    /**
     * Identity verification (issue 20): the sandbox (its SDK page decides by test values) or Sumsub,
     * with the app token and secret key that sign its API requests and the secret of its webhooks.
     */
    VERIFICATION_PROVIDER: z.enum(["sandbox", "sumsub"]).default("sandbox"),
    SUMSUB_APP_TOKEN: z.string().min(1).optional(),
    SUMSUB_SECRET_KEY: z.string().min(1).optional(),
    SUMSUB_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://api.sumsub.com"),
    SUMSUB_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
    /** Lifetime of an SDK access token (Sumsub's ttlInSecs). */
    VERIFICATION_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(600),
    /** SDK access tokens one person may be issued in an hour. */
    VERIFICATION_TOKENS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
    /** Days after an applicant's final review its uploaded images are deleted. */
    VERIFICATION_IMAGE_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
    /**
     * Scales the sandbox's webhook retries (Sumsub's +5 min, +1 h, +5 h, +18 h). Unset: 1 in
     * production, 0.01 elsewhere (+3 s, +36 s, +3 min, +11 min).
     */
    VERIFICATION_WEBHOOK_RETRY_SCALE: z.coerce.number().min(0).max(1).optional(),
    /** How long the sandbox's manual review (REVIEW) and fraud finding (FRAUD) take, in seconds. */
    VERIFICATION_SANDBOX_REVIEW_SECONDS: z.coerce.number().int().min(0).max(86_400).default(5),
    /** How often the sandboxes deliver what is due (ACH settlements, webhooks to retry); 0 turns it off. */
    SANDBOX_SWEEP_SECONDS: z.coerce.number().min(0).max(3600).default(1),
  })
  .superRefine((config, context) => {
    if (config.VERIFICATION_PROVIDER === "sumsub") {
      for (const variable of ["SUMSUB_APP_TOKEN", "SUMSUB_SECRET_KEY", "SUMSUB_WEBHOOK_SECRET"] as const) {
        if (!config[variable])
          context.addIssue({
            code: "custom",
            path: [variable],
            message: "is required with VERIFICATION_PROVIDER=sumsub",
          });
      }
    }
    if (config.NODE_ENV !== "production") return;
    if (!config.APP_SECRET) {
      context.addIssue({ code: "custom", path: ["APP_SECRET"], message: "is required in production" });
    }
    // Without a real transport, messages (one-time codes among them) would be kept readable in the
    // outbox table, which only development reads: production refuses to start instead.
    if (!config.SMTP_URL) {
      context.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message: "is required in production (e-mail codes are never kept in the outbox there)",
      });
    }
    if (!config.SMS_WEBHOOK_URL) {
      context.addIssue({
        code: "custom",
        path: ["SMS_WEBHOOK_URL"],
        message: "is required in production (SMS codes are never kept in the outbox there)",
      });
    }
    // A sandbox in production would let anyone "pay" through its public approve pages: refused,
    // one line per sandbox, unless a staging server opted in.
    if (!config.ALLOW_SANDBOX_PROVIDERS) {
      for (const variable of sandboxesInUse(config)) {
        context.addIssue({
          code: "custom",
          path: [variable],
          message: `is a sandbox in production (${SANDBOXABLE_PROVIDERS[variable].sandbox}); set ${SANDBOXABLE_PROVIDERS[variable].fix}, or ALLOW_SANDBOX_PROVIDERS=true on a staging server`,
        });
      }
    } else if (!config.SANDBOX_WEBHOOK_SECRET && sandboxesInUse(config).some((v) => v !== "FX_PROVIDER")) {
      // The development value is public: with it anyone could sign a "payment captured" webhook.
      context.addIssue({
        code: "custom",
        path: ["SANDBOX_WEBHOOK_SECRET"],
        message:
          "is required on a staging server (the development value would let anyone sign the sandboxes' webhooks)",
      });
    }
  })
  .transform((config) => ({
    ...config,
    PUBLIC_APP_URL: (config.PUBLIC_APP_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ""),
    SANDBOX_WEBHOOK_SECRET: config.SANDBOX_WEBHOOK_SECRET ?? "vela-sandbox-webhook-secret",
    VERIFICATION_WEBHOOK_RETRY_SCALE:
      config.VERIFICATION_WEBHOOK_RETRY_SCALE ?? (config.NODE_ENV === "production" ? 1 : 0.01),
  }));

export type Config = z.infer<typeof configSchema>;

/** Raised when the environment is invalid; its message lists one line per problem. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads and validates the configuration from environment variables (empty strings count as unset). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = configSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  return result.data;
}
