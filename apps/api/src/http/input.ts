import type { FastifyInstance, FastifySchemaCompiler, FastifySchemaValidationError } from "fastify";
import { validatorCompiler as zodValidatorCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";
import { InvalidDataError } from "./errors";

/**
 * Bad bytes are bad input. PostgreSQL refuses a NUL character in text (a 500 if it gets that far)
 * and cannot store a string that is not valid Unicode, so the one check below refuses both, for
 * every string of the query, the path parameters and the body, before the route's schema runs:
 * a 422 naming the field. The parsers feed it: the query-string parser turns a percent-encoding
 * that is not UTF-8 into an ill-formed string, and the JSON parser refuses bytes that are not UTF-8.
 */
export const BAD_TEXT_MESSAGE = "Must be text without NUL characters or invalid UTF-8.";

/** A lone low surrogate: ill-formed UTF-16, so the check refuses the value it marks. */
const UNDECODABLE_MARK = "\uDC00";

const MAX_DEPTH = 64;

// A surrogate without its pair: the string has no UTF-8 form.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isBadText(value: string): boolean {
  return value.includes("\u0000") || LONE_SURROGATE.test(value);
}

/** The paths (["a", "b", "0"]) of the strings, values or keys, in `value` that are not clean text. */
export function findBadText(value: unknown, path: string[] = [], found: string[][] = []): string[][] {
  if (typeof value === "string") {
    if (isBadText(value)) found.push(path);
  } else if (path.length >= MAX_DEPTH) {
    return found;
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) findBadText(item, [...path, String(index)], found);
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (isBadText(key)) found.push(path);
      else findBadText(item, [...path, key], found);
    }
  }
  return found;
}

/**
 * The zod validator compiler (fastify-type-provider-zod) with the bad-text check in front. Fastify
 * reports its issues like any validation failure, so the error handler answers 422 with `errors`
 * by field (400 for headers, which Node already keeps free of NUL).
 */
export const validatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data: unknown) => {
    const bad = findBadText(data);
    if (bad.length === 0) return validate(data);
    const error: FastifySchemaValidationError[] = bad.map((path) => ({
      keyword: "bad_text",
      instancePath: path.map((segment) => `/${segment}`).join(""),
      schemaPath: "#",
      params: {},
      message: BAD_TEXT_MESSAGE,
    }));
    return { error };
  };
};

function decodeComponent(raw: string): string {
  const spaced = raw.includes("+") ? raw.replaceAll("+", " ") : raw;
  if (!spaced.includes("%")) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return `${UNDECODABLE_MARK}${spaced}`;
  }
}

/**
 * The query-string parser: like Fastify's (repeated keys become arrays), except that a value whose
 * percent-encoding is not UTF-8 ("%FF", "%E2%82", a lone "%") is marked rather than kept as its raw
 * text, so the check above refuses it instead of a route storing "%FF".
 */
export function parseQueryString(query: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = Object.create(null);
  for (const part of query.split("&")) {
    if (part === "") continue;
    const equals = part.indexOf("=");
    const key = decodeComponent(equals === -1 ? part : part.slice(0, equals));
    const value = decodeComponent(equals === -1 ? "" : part.slice(equals + 1));
    const existing = result[key];
    if (existing === undefined) result[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else result[key] = [existing, value];
  }
  return result;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/**
 * JSON bodies are read as bytes and decoded strictly: Node's default decoding would quietly turn
 * bytes that are not UTF-8 into U+FFFD and store them. The rest is Fastify's own JSON parser
 * (prototype-poisoning protection, empty-body and syntax errors).
 */
export function registerJsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(new InvalidDataError({ body: [BAD_TEXT_MESSAGE] }), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
