import type { IncomingMessage, ServerResponse } from "node:http";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import { Redis } from "ioredis";
import type { Config } from "../config";
import { TooManyRequestsError } from "../http/errors";

/** Helmet's options: a CSP the SPA and the API docs work under, and its usual hardening headers. */
function helmetOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes and injects CSS variables at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The flags are images the SPA loads from the same origin; nothing else needs cross-origin access.
    crossOriginResourcePolicy: { policy: "same-origin" },
    hsts: config.NODE_ENV === "production" ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/**
 * The headers helmet sets for our options, recorded by running its middleware once against a
 * response that only takes headers. With no nonces and no per-request directives, they are the
 * same for every request.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(config))(
    {} as IncomingMessage,
    // Helmet only calls setHeader and removeHeader, which this recorder has.
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

/**
 * Security headers with a CSP the SPA and the API docs work under, `no-store` on API answers, and
 * the global rate limit.
 */
export const securityPlugin = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    // Helmet's headers for our options, worked out once. @fastify/helmet calls helmet(options) on
    // every request, parsing the CSP directives and building its middlewares again each time
    // (about a tenth of a public route's CPU time); the answer never changes, so it is recorded
    // here from helmet itself and each reply gets the same headers.
    const headers = securityHeaders(config);
    app.addHook("onRequest", async (_request, reply) => {
      reply.headers(headers);
    });

    // An API answer may carry a token (sign-in, refresh, two-step, recovery) or someone's data
    // (every answer to a request with a session), which no browser or shared cache may keep
    // (RFC 6749 §5.1, RFC 9111 §5.2.2.5). So every /api answer, errors included, is `no-store`
    // unless its route declared it the same for everyone with `public` (reference data, flags).
    app.addHook("onSend", async (request, reply) => {
      if (!request.url.startsWith("/api/")) return;
      const declared = reply.getHeader("cache-control");
      if (typeof declared === "string" && /\b(public|no-store)\b/.test(declared)) return;
      reply.header("Cache-Control", "no-store");
    });

    const redis = config.REDIS_URL
      ? new Redis(config.REDIS_URL, {
          connectTimeout: 2000,
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
        })
      : undefined;
    if (redis) app.addHook("onClose", async () => void (await redis.quit()));
    await app.register(rateLimit, {
      global: true,
      max: config.RATE_LIMIT_MAX,
      timeWindow: config.RATE_LIMIT_WINDOW_MS,
      ...(redis ? { redis, nameSpace: "vela-rl:" } : {}),
      // A Redis outage must not take the API down: count nothing rather than refuse everything.
      skipOnError: true,
      // The SPA's files and the flag images are static and cacheable; the limit guards the API.
      allowList: (request) => !request.url.startsWith("/api/") || request.url.startsWith("/api/flags/"),
      errorResponseBuilder: (_request, context) =>
        new TooManyRequestsError("Too many requests, try again later.", context.ttl / 1000),
    });
  },
  { name: "security" },
);
