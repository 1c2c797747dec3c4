import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import {
  DEFAULT_LANGUAGE,
  type ErrorEnvelope,
  LANGUAGES,
  type Language,
  UNEXPECTED_ERROR_MESSAGE,
} from "@vela/shared/api";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AmountLimitError, AppError, type FieldErrors } from "../http/errors";
import { translate, translateErrors } from "../http/messages";

type ValidationIssue = { instancePath?: string; message?: string; params?: Record<string, unknown> };

/** Turns a schema validation failure into `{ field: [messages] }`, fields named as the client sent them. */
function fieldErrors(issues: ValidationIssue[], context: string | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = (issue.instancePath ?? "").replace(/^\//, "").replaceAll("/", ".");
    const field = path || context || "body";
    const message = issue.message ?? "is invalid";
    errors[field] = [...(errors[field] ?? []), message];
  }
  return errors;
}

// Framework errors that are the client's fault, with the message we answer instead of theirs.
const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "Malformed JSON in request body.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "Request body is empty.",
  FST_ERR_CTP_BODY_TOO_LARGE: "Request body is too large.",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "Malformed JSON in request body.",
};

/**
 * The caller's language. Errors found before the request context exists (the framework errors
 * below) read the header themselves.
 */
function languageOf(request: FastifyRequest): Language {
  if (request.ctx) return request.ctx.language;
  const header = request.headers.language;
  const tag = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase().slice(0, 2);
  return LANGUAGES.find((language) => language === tag) ?? DEFAULT_LANGUAGE;
}

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  message: string,
  errors?: FieldErrors,
  data?: Pick<ErrorEnvelope, "limit">,
) {
  const language = languageOf(request);
  return reply
    .status(status)
    .type("application/json; charset=utf-8")
    .send({
      success: false,
      message: translate(message, language),
      ...(errors ? { errors: translateErrors(errors, language) } : {}),
      ...data,
    });
}

/**
 * The one error handler: every failure leaves as `{ success: false, message, errors? }`.
 * Validation failures are 422 (400 for headers), malformed bodies 400, and a 5xx never shows
 * its stack or SQL: the log keeps them under the request id.
 */
export type ErrorHandlerOptions = {
  /**
   * Translates the display vocabulary an answer carries (display/display-text.ts), given where the
   * app is assembled: that vocabulary belongs to the domains, which plugins do not import.
   */
  localizeDisplay: <T>(value: T, language: Language) => T;
};

export const errorHandlerPlugin = fp(
  async (app: FastifyInstance, { localizeDisplay }: ErrorHandlerOptions) => {
    // Success messages are translated on the way out too, so handlers keep writing plain English;
    // so are the delivery methods and arrival times priced data carries and the currencies.
    app.addHook("preSerialization", async (request, _reply, payload: unknown) => {
      const language = request.ctx?.language ?? "en";
      if (language === "en" || typeof payload !== "object" || payload === null) return payload;
      const localized = localizeDisplay(payload, language);
      const message = (localized as { message?: unknown }).message;
      return typeof message === "string"
        ? { ...localized, message: translate(message, language) }
        : localized;
    });
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        // A typed 5xx is a service we depend on failing (a gateway, the rate feed): operators need it.
        if (error.statusCode >= 500) request.log.warn({ err: error }, "a provider failed");
        if (error.headers) reply.headers(error.headers);
        const data = error instanceof AmountLimitError ? { limit: error.limit } : undefined;
        return send(reply, request, error.statusCode, error.message, error.errors, data);
      }
      if (Array.isArray(error.validation)) {
        const status = error.validationContext === "headers" ? 400 : 422;
        return send(
          reply,
          request,
          status,
          "The given data was invalid.",
          fieldErrors(error.validation, error.validationContext),
        );
      }
      const knownMessage = error.code ? CLIENT_ERROR_MESSAGES[error.code] : undefined;
      if (knownMessage) return send(reply, request, error.statusCode ?? 400, knownMessage);
      if (error.statusCode === 429) return send(reply, request, 429, "Too many requests, try again later.");
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        // Other framework 4xx (unsupported method, bad URL encoding): their messages hold no secrets.
        return send(reply, request, error.statusCode, error.message);
      }
      request.log.error({ err: error }, "unhandled error");
      return send(reply, request, 500, UNEXPECTED_ERROR_MESSAGE);
    });
  },
  { name: "error-handler" },
);

// Errors the router meets before any route or hook runs, with the status and message we answer.
const ROUTER_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: "Malformed URL encoding." },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: "A path parameter is too long." },
};

/**
 * Fastify's `frameworkErrors`: the router's own failures (a path that does not decode, an
 * over-long path parameter) answer the envelope rather than Fastify's default shape.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = error.code ? ROUTER_ERRORS[error.code] : undefined;
  if (known) return send(reply, request, known.status, known.message);
  request.log.error({ err: error }, "framework error");
  return send(reply, request, 500, UNEXPECTED_ERROR_MESSAGE);
}

/**
 * Fastify's `clientErrorHandler`, for what Node's HTTP parser refuses before Fastify sees a request
 * (headers or a query string over the 16 KiB limit, a request that does not parse, a timeout). No
 * header has been read, so the answer is in English; the connection is closed, as Node does.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, message] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "The request's headers or URL are too large."]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "The request took too long to arrive."]
        : [400, "Malformed request."];
  this.log.debug({ err: error }, "client error");
  if (socket.writable) {
    const body = JSON.stringify({ success: false, message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
