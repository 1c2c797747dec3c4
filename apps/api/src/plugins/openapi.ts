import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { errorEnvelope } from "@vela/shared/api";
import type { FastifyInstance, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { createJsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiresSession } from "./auth";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyHeaderSchema } from "./idempotency";
import openapiTags from "./openapi-tags.json";
import { requestHeadersSchema } from "./request-context";

export const DOCS_PREFIX = "/api/docs";

/** The security scheme every operation behind a session names. */
export const BEARER_SCHEME = "bearerAuth";

/**
 * Development tools, not part of the contract clients are generated from: never documented,
 * whether or not they are registered in this environment.
 */
const UNDOCUMENTED_PREFIXES = ["/api/sandbox/", "/api/dev/"];

/**
 * Every tag an operation may carry (openapi-tags.json), in the order the docs list them. An
 * operation whose tag is not here fails the OpenAPI test and Spectral's operation-tag-defined rule.
 */
export const OPENAPI_TAGS = z
  .array(z.strictObject({ name: z.string(), description: z.string() }))
  .parse(openapiTags);

const zodTransform = createJsonSchemaTransform({
  skipList: [
    DOCS_PREFIX,
    `${DOCS_PREFIX}/`,
    `${DOCS_PREFIX}/json`,
    `${DOCS_PREFIX}/yaml`,
    `${DOCS_PREFIX}/*`,
  ],
});

/**
 * The spec's request headers as documented: all but `authorization`, which the bearer security
 * scheme describes (OpenAPI tools ignore an Authorization header parameter). The request context
 * still checks the header's shape at run time.
 */
const documentedHeadersSchema = requestHeadersSchema.omit({ authorization: true });

/** What a route opted into idempotency (`config: { idempotent: true }`) also accepts. */
const idempotentHeadersSchema = documentedHeadersSchema.extend({
  [IDEMPOTENCY_KEY_HEADER]: idempotencyKeyHeaderSchema.optional(),
});

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A stable camelCase operationId from the method and path, for routes that do not set one:
 * `GET /api/orders/{id}/details` is `getOrdersByIdDetails`. Renaming a path renames its id, as it
 * renames the operation for every generated client anyway.
 */
export function derivedOperationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, "")
    .split("/")
    .filter(Boolean)
    .flatMap((segment) => {
      const parameter = /^[:{](.+?)}?$/.exec(segment)?.[1];
      const parts = (parameter ?? segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
      return parameter ? ["By", ...parts.map(pascal)] : parts.map(pascal);
    });
  return `${method.toLowerCase()}${words.join("")}`;
}

/** The document's info; its contact is added once the configuration is known. */
const info = {
  title: "Vela API",
  version: "1.0.0",
  description:
    "Money transfers and multi-currency wallets. Success: `{ success: true, message, data }`; " +
    "failure: `{ success: false, message, errors? }` (errors only for validation, as `{ field: [messages] }`). " +
    "Operations behind a session take the `token` a sign-in, sign-up or refresh answers, as " +
    "`Authorization: Bearer <token>`. Answers are `Cache-Control: no-store` except public reference data.",
};

type TransformInput = Parameters<typeof zodTransform>[0] & { route: RouteOptions };

/** Adds what every documented operation shares before the zod schemas become JSON Schema. */
function transformRoute(document: TransformInput) {
  const { schema, url, route } = document;
  if (!schema || UNDOCUMENTED_PREFIXES.some((prefix) => url.startsWith(prefix))) {
    return zodTransform({ ...document, schema: { ...schema, hide: true } });
  }
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  const baseHeaders = route.config?.idempotent ? idempotentHeadersSchema : documentedHeadersSchema;
  // A route's own headers (an invitation token, a required key) add to the spec's, not replace them.
  const ownHeaders = schema.headers instanceof z.ZodObject ? schema.headers : undefined;
  return zodTransform({
    ...document,
    schema: {
      operationId: derivedOperationId(String(method), url),
      ...schema,
      headers: ownHeaders ? baseHeaders.extend(ownHeaders.shape) : baseHeaders,
      security: requiresSession(route) ? [{ [BEARER_SCHEME]: [] }] : [],
      response: Object.assign({ default: errorEnvelope }, schema.response),
    },
  });
}

/**
 * The OpenAPI document, generated from the zod schemas every route declares, browsable at
 * /api/docs. Conventions (docs/ARCHITECTURE.md): each route's schema gives a `summary` and `tags`
 * (declared in OPENAPI_TAGS); this transform adds what all share: an operationId derived from the
 * method and path (unless the route sets one), the bearer scheme as `security` when the route's
 * preValidation requires a session, the spec's request headers, `Idempotency-Key` on a route that
 * opted into idempotency, and the error shape. The sandbox and development tools are left out.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info,
        // Every path starts with /api: the document is served by, and describes, this server.
        servers: [{ url: "/", description: "This server" }],
        tags: OPENAPI_TAGS,
        components: {
          securitySchemes: {
            [BEARER_SCHEME]: {
              type: "http",
              scheme: "bearer",
              description:
                "The access token (`token`) a sign-in, sign-up or refresh answers; its `refresh_token` renews it.",
            },
          },
        },
      },
      transform: (document) => transformRoute(document as TransformInput),
      // Where people reach the product is known once the configuration is (the auth plugin's).
      transformObject: (document) => {
        if (!("openapiObject" in document)) return document.swaggerObject;
        const { openapiObject } = document;
        const contact = { name: "Vela", url: `${app.config.PUBLIC_APP_URL}/contact-us` };
        return { ...openapiObject, info: { ...info, contact } };
      },
    });
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      staticCSP: true,
      uiConfig: { docExpansion: "list", deepLinking: true },
    });
  },
  { name: "openapi" },
);
