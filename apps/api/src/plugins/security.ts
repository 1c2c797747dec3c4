import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";
import type { Config } from "../config";
import { TooManyRequestsError } from "../http/errors";

/** Security headers with a CSP the SPA and the API docs work under, and the global rate limit. */
export const securityPlugin = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    await app.register(helmet, {
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
