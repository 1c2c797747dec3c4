import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { errorEnvelope } from "@vela/shared/api";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createJsonSchemaTransform } from "fastify-type-provider-zod";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyHeaderSchema } from "./idempotency";
import { requestHeadersSchema } from "./request-context";

export const DOCS_PREFIX = "/api/docs";

const zodTransform = createJsonSchemaTransform({
  skipList: [
    DOCS_PREFIX,
    `${DOCS_PREFIX}/`,
    `${DOCS_PREFIX}/json`,
    `${DOCS_PREFIX}/yaml`,
    `${DOCS_PREFIX}/*`,
  ],
});

/** What a route opted into idempotency (`config: { idempotent: true }`) also accepts. */
const idempotentHeadersSchema = requestHeadersSchema.extend({
  [IDEMPOTENCY_KEY_HEADER]: idempotencyKeyHeaderSchema.optional(),
});

/**
 * The OpenAPI document, generated from the zod schemas every route declares, browsable at
 * /api/docs. Every operation also lists the spec's request headers and the error shape, and an
 * idempotent route its `Idempotency-Key`, which one plugin handles for all routes rather than each
 * route declaring them again (the idempotency plugin checks the key itself, so this is documentation
 * only and changes no validation).
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "Vela API",
          version: "1.0.0",
          description:
            "Money transfers and multi-currency wallets. Success: `{ success: true, message, data }`; " +
            "failure: `{ success: false, message, errors? }` (errors only for validation, as `{ field: [messages] }`).",
        },
        servers: [],
      },
      transform: (document) =>
        zodTransform({
          ...document,
          schema: document.schema && {
            headers: document.route.config?.idempotent ? idempotentHeadersSchema : requestHeadersSchema,
            ...document.schema,
            response: Object.assign({ default: errorEnvelope }, document.schema.response),
          },
        }),
    });
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      staticCSP: true,
      uiConfig: { docExpansion: "list", deepLinking: true },
    });
  },
  { name: "openapi" },
);
