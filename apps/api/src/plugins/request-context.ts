import { CLIENTS, DEFAULT_LANGUAGE, LANGUAGES, type Language, ROLES, type Role } from "@vela/shared/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import { BadRequestError } from "../http/errors";

/** What the spec's request headers (§7) say, parsed once per request. The auth work gives them meaning. */
export type RequestContext = {
  language: Language;
  client: (typeof CLIENTS)[number] | null;
  /** The role the caller claims; the session decides the real one and refuses a mismatch. */
  role: Role | null;
  grant: string | null;
  bearerToken: string | null;
};

declare module "fastify" {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

const MAX_TOKEN_LENGTH = 4096;
const MAX_LANGUAGE_LENGTH = 16;

/** The request headers of spec §7, also listed on every operation of the OpenAPI document. */
export const requestHeadersSchema = z.object({
  language: z
    .string()
    .max(MAX_LANGUAGE_LENGTH)
    .optional()
    .describe("Answer language: en or es; anything else falls back to en."),
  client: z.enum(CLIENTS).optional().describe("The calling application; the SPA sends WEB."),
  role: z.enum(ROLES).optional().describe("The role stored by the SPA; must agree with the session."),
  grant: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.:-]+$/, "must be letters, digits, '_', '.', ':' or '-'")
    .optional()
    .describe("The stored auth type, sent when it holds a value; must agree with the session."),
  authorization: z
    .string()
    .max(MAX_TOKEN_LENGTH + 7)
    .regex(/^Bearer [A-Za-z0-9._~+/=-]+$/, "must be 'Bearer <token>'")
    .optional()
    .describe("Bearer access token."),
});

type HeaderName = keyof z.infer<typeof requestHeadersSchema>;

const HEADER_MESSAGES: Record<HeaderName, string> = {
  language: "The language header must be at most 16 characters.",
  client: `The client header must be one of ${CLIENTS.join(", ")}.`,
  role: `The role header must be one of ${ROLES.join(", ")}.`,
  grant: "The grant header must be 1 to 64 letters, digits, '_', '.', ':' or '-'.",
  authorization: "The Authorization header must be 'Bearer <token>'.",
};

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function parseLanguage(value: string | undefined): Language {
  const tag = value?.trim().toLowerCase().slice(0, 2);
  return LANGUAGES.find((language) => language === tag) ?? DEFAULT_LANGUAGE;
}

const KNOWN_CLIENTS = new Set<string>(CLIENTS);
const KNOWN_ROLES = new Set<string>(ROLES);

/**
 * The context of a request whose headers are plainly valid without zod: no token and no grant
 * (those have patterns to check), a client and a role from their lists, a language header short
 * enough. Null sends the request through the schema, so every refusal keeps its message. Public
 * pages send just these, and this runs before every route.
 */
function plainContext(request: FastifyRequest, language: Language): RequestContext | null {
  if (headerValue(request, "authorization") !== undefined || headerValue(request, "grant") !== undefined)
    return null;
  const languageHeader = headerValue(request, "language");
  if (languageHeader !== undefined && languageHeader.length > MAX_LANGUAGE_LENGTH) return null;
  const client = headerValue(request, "client");
  if (client !== undefined && !KNOWN_CLIENTS.has(client)) return null;
  const role = headerValue(request, "role");
  if (role !== undefined && !KNOWN_ROLES.has(role)) return null;
  return {
    language,
    client: (client as RequestContext["client"] | undefined) ?? null,
    role: (role as Role | undefined) ?? null,
    grant: null,
    bearerToken: null,
  };
}

export const requestContextPlugin = fp(
  async (app: FastifyInstance) => {
    // Fastify wants a placeholder of the decorated type; the onRequest hook below sets it first.
    app.decorateRequest("ctx", null as unknown as RequestContext);
    app.addHook("onRequest", async (request) => {
      const language = parseLanguage(headerValue(request, "language"));
      const plain = plainContext(request, language);
      if (plain) {
        request.ctx = plain;
        return;
      }
      // The language is known first, so even a header error below answers in the caller's language.
      request.ctx = { language, client: null, role: null, grant: null, bearerToken: null };
      const parsed = requestHeadersSchema.safeParse({
        language: headerValue(request, "language"),
        client: headerValue(request, "client"),
        role: headerValue(request, "role"),
        grant: headerValue(request, "grant"),
        authorization: headerValue(request, "authorization"),
      });
      if (!parsed.success) {
        const failed = new Set(parsed.error.issues.map((issue) => issue.path[0]));
        const errors = Object.fromEntries(
          requestHeadersSchema
            .keyof()
            .options.filter((name) => failed.has(name))
            .map((name) => [name, [HEADER_MESSAGES[name]]]),
        );
        throw new BadRequestError("Invalid request headers.", errors);
      }
      const { client, role, grant, authorization } = parsed.data;
      request.ctx = {
        language,
        client: client ?? null,
        role: role ?? null,
        grant: grant ?? null,
        bearerToken: authorization ? authorization.slice("Bearer ".length) : null,
      };
    });
  },
  { name: "request-context" },
);
