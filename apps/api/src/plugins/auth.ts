import type { Role } from "@vela/shared/api";
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { mayMoveMoney, VERIFY_PHONE_TEXT } from "../auth/money-rule";
import { createSecrets, type Secrets } from "../auth/secrets";
import { type Authenticated, resolveAccessToken } from "../auth/sessions";
import type { Config } from "../config";
import { NotAllowedError, UnauthenticatedError } from "../http/errors";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    secrets: Secrets;
    /** A preValidation hook that lets only signed-in users through, of the given roles when listed. */
    requireAuth: (roles?: readonly Role[]) => preValidationAsyncHookHandler;
    /**
     * requireAuth, then the money-moving rule (auth/money-rule.ts): for the routes that create a
     * money-moving quotation or transaction; 403 with the rule's message for an unverified phone.
     */
    requireMoneyMover: (roles?: readonly Role[]) => preValidationAsyncHookHandler;
  }
  interface FastifyRequest {
    /** The session behind the bearer token; null for anonymous callers. */
    auth: Authenticated | null;
    /** Why a presented token did not give a session. */
    authProblem: "expired" | "invalid" | null;
  }
}

/** The signed-in caller; throws 401 when there is none. For handlers behind requireAuth. */
export function currentAuth(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new UnauthenticatedError();
  return request.auth;
}

/** Marks a preValidation hook that refuses callers without a session (the OpenAPI document reads it). */
const SESSION_REQUIRED = Symbol("vela.sessionRequired");

/**
 * Marks a preValidation hook as requiring a session: requireAuth's hooks are marked, and a guard
 * that wraps one (a service's permission check) marks itself, so the document names the bearer
 * scheme on exactly the operations that refuse anonymous callers.
 */
export function sessionRequired<T extends (...args: never[]) => unknown>(hook: T): T {
  return Object.assign(hook, { [SESSION_REQUIRED]: true });
}

/** Whether a route's preValidation refuses callers without a session. */
export function requiresSession(route: Pick<RouteOptions, "preValidation">): boolean {
  const hooks = [route.preValidation ?? []].flat();
  return hooks.some((hook) => typeof hook === "function" && SESSION_REQUIRED in hook);
}

/**
 * Sessions and the services identity needs. Every request with a bearer token is resolved to its
 * session; the `role` and `grant` headers must then agree with the session's role, or the request
 * is refused before any handler runs (a lying header never escalates and never changes anything).
 */
export const authPlugin = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    app.decorate("config", config);
    app.decorate("secrets", createSecrets(config));
    app.decorateRequest("auth", null);
    app.decorateRequest("authProblem", null);

    app.addHook("preValidation", async (request) => {
      const token = request.ctx.bearerToken;
      if (!token || !request.url.startsWith("/api/")) return;
      const resolved = await resolveAccessToken(app.db, token);
      if (typeof resolved === "string") {
        request.authProblem = resolved;
        return;
      }
      request.auth = resolved;
      const { role, grant } = request.ctx;
      if ((role && role !== resolved.user.role) || (grant && grant !== resolved.user.role)) {
        throw new NotAllowedError("The role or grant header does not match your session.");
      }
    });

    const signedIn = (request: FastifyRequest, roles?: readonly Role[]) => {
      if (!request.auth) {
        throw new UnauthenticatedError(
          request.authProblem === "expired" ? "Your session has expired." : "Unauthenticated.",
        );
      }
      if (roles && !roles.includes(request.auth.user.role)) {
        throw new NotAllowedError("Your account type cannot use this.");
      }
      return request.auth;
    };
    app.decorate("requireAuth", (roles?: readonly Role[]) =>
      sessionRequired(async (request: FastifyRequest) => {
        signedIn(request, roles);
      }),
    );
    app.decorate("requireMoneyMover", (roles?: readonly Role[]) =>
      sessionRequired(async (request: FastifyRequest) => {
        if (!mayMoveMoney(signedIn(request, roles).user)) throw new NotAllowedError(VERIFY_PHONE_TEXT.en);
      }),
    );
  },
  { name: "auth", dependencies: ["database", "request-context", "providers"] },
);
