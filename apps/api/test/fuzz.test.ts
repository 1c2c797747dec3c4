import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerClient } from "./auth-support";
import { buildTestApp, type TestApp } from "./helper";

// Proves that no malformed request gets a 5xx or an answer outside the error envelope: for every
// operation of the OpenAPI document (the built app's own /api/docs/json), at least 30 requests
// built from its schemas (wrong types, missing and extra fields, huge strings, NUL bytes, unicode,
// negative, NaN and 1e309 amounts, arrays for objects, bad JSON, wrong content types, long and odd
// path parameters), each sent with and without a session. The generator is seeded (FUZZ_SEED,
// printed on failure), so a failure replays exactly.
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CASES_PER_OPERATION = 30;
/** Each operation also gets at least this many one-field mutations beyond the generic cases. */
const FIELD_MUTATIONS_MIN = 10;

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minimum?: number;
  maxLength?: number;
};
type Parameter = { in: "path" | "query" | "header"; name: string; required?: boolean; schema: JsonSchema };
type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
};
/** One malformed request: what replaces the path parameters, the query string and the body. */
type Case = {
  name: string;
  pathValues?: Record<string, string>;
  query?: string;
  body?: { contentType: string; payload: string | Buffer } | null;
  headers?: Record<string, string>;
};

/** A small seeded generator (mulberry32), so every run sends the same requests. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
type Random = ReturnType<typeof randomSource>;

// A raw JSON number JSON.stringify cannot write: the placeholder is swapped for the text.
const RAW_1E309 = "__RAW_1E309__";
const RAW_MINUS_1E309 = "__RAW_MINUS_1E309__";
const toJson = (value: unknown) =>
  JSON.stringify(value).replaceAll(`"${RAW_1E309}"`, "1e309").replaceAll(`"${RAW_MINUS_1E309}"`, "-1e309");

const ODD_STRINGS = [
  "",
  " ",
  "x".repeat(100_000),
  "\u0000",
  "abc\u0000def",
  "\ud800",
  "\udfff tail",
  "😀".repeat(40),
  "Ω≈ç√∫˜µ≤≥÷",
  "\u202eevil\u202c",
  "\ufeffBOM",
  "Z̷̢̛a̸͝l̴g̶o̵",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "#{7*7}{{7*7}}",
  "%00%FF",
  "../../../etc/passwd",
  "null",
  "true",
];
const ODD_AMOUNTS = [
  "-1",
  "-100.00",
  "0",
  "-0",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  "-1e309",
  "1e-309",
  "0x10",
  "1,000.00",
  "100.123456789",
  "99999999999999999999999999999999",
  " 100 ",
  "١٠٠",
  "100abc",
  ".5",
  "5.",
];
const ODD_NUMBERS = [
  -1,
  0,
  -0,
  1.5,
  -1e308,
  1e308,
  2 ** 31,
  2 ** 53 + 2,
  Number.MAX_VALUE,
  RAW_1E309,
  RAW_MINUS_1E309,
];
const WRONG_TYPES: unknown[] = [12345, true, false, null, {}, [], ["a", "b"], { nested: { a: 1 } }, [[[]]]];
const ODD_PATH_VALUES = [
  "-1",
  "0",
  "1.5",
  "1e309",
  "NaN",
  "%00",
  "%FF",
  "%E2%82",
  "%F0%9F%98%80",
  "a".repeat(250),
  "..%2F..%2Fetc",
  "99999999999999999999",
  "%20",
  "null",
  "%2e%2e",
];

/** A plausible value for a schema: the baseline the mutations start from, so handlers run. */
function plausible(schema: JsonSchema | undefined, name: string, random: Random): unknown {
  if (!schema) return "abc";
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return random.pick(schema.enum);
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants?.length) return plausible(random.pick(variants), name, random);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const result: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        result[key] = plausible(property, key, random);
      }
      return result;
    }
    case "array":
      return [plausible(schema.items, name, random)];
    case "integer":
    case "number":
      return random.pick([1, 2, 3, 10, 100, 233, 142]);
    case "boolean":
      return true;
    default:
      return plausibleString(schema, name, random);
  }
}

function plausibleString(schema: JsonSchema, name: string, random: Random): string {
  if (schema.pattern === "^\\d{6}$") return "123456";
  if (schema.pattern?.startsWith("^\\+")) return "+1";
  if (schema.format === "email" || name.includes("email")) return `fuzz.${random.int(1e9)}@example.com`;
  if (schema.format === "date" || name.includes("date")) return "1990-01-31";
  if (name.includes("amount")) return random.pick(["100", "100.50", "2500"]);
  if (name.includes("password")) return "Tangerine-Orbit-42";
  if (name.includes("phone_number")) return "2025550143";
  if (name.includes("token")) return "t".repeat(40);
  return random.pick(["abc", "Ana", "WELCOME10", "1"]);
}

/** The replacements tried for one field, by the kind of value it holds. */
function mutationsFor(schema: JsonSchema | undefined, name: string): unknown[] {
  const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  const numeric = type === "integer" || type === "number" || name.includes("amount") || name.endsWith("_id");
  return [
    ...WRONG_TYPES,
    ...ODD_STRINGS,
    ...(numeric ? [...ODD_NUMBERS, ...ODD_AMOUNTS] : ODD_NUMBERS.slice(0, 3)),
  ];
}

function operationsOf(document: {
  paths: Record<string, Record<string, Omit<Operation, "method" | "path">>>;
}) {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const operation = raw as {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      };
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (operation.parameters ?? []).filter((parameter) => parameter.in !== "header"),
        body: operation.requestBody?.content?.["application/json"]?.schema ?? null,
      });
    }
  }
  return operations;
}

/** Percent-encodes, writing a lone surrogate as the bytes CESU-8 would use (not valid UTF-8). */
function encodeComponent(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((char) => {
        const code = char.charCodeAt(0);
        if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(char);
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join("");
      })
      .join("");
  }
}

const encodeQuery = (values: Record<string, unknown>) =>
  Object.entries(values)
    .map(([key, value]) => `${encodeComponent(key)}=${encodeComponent(String(value))}`)
    .join("&");

const jsonBody = (value: unknown) => ({ contentType: "application/json", payload: toJson(value) });

/** At least CASES_PER_OPERATION malformed requests for an operation, the same for a given seed. */
function casesFor(operation: Operation, random: Random): Case[] {
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === "query");
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === "path");
  const baseQuery = Object.fromEntries(
    queryParameters.map((parameter) => [parameter.name, plausible(parameter.schema, parameter.name, random)]),
  );
  const baseBody = operation.body ? plausible(operation.body, "body", random) : {};
  const basePath = Object.fromEntries(
    pathParameters.map((parameter) => [
      parameter.name,
      String(plausible(parameter.schema, parameter.name, random)),
    ]),
  );
  const base: Case = {
    name: "plausible",
    pathValues: basePath,
    query: encodeQuery(baseQuery),
    body: jsonBody(baseBody),
  };

  const hasBody = operation.method !== "GET";
  const bodyCases: Case[] = [
    {
      ...base,
      name: "extra fields",
      body: jsonBody({ ...(baseBody as object), extra: "x", __extra__: [1] }),
    },
    { ...base, name: "array for the object", body: jsonBody([baseBody]) },
    { ...base, name: "a string body", body: jsonBody("just a string") },
    { ...base, name: "a null body", body: { contentType: "application/json", payload: "null" } },
    { ...base, name: "bad JSON", body: { contentType: "application/json", payload: '{"send_amount": 1,' } },
    { ...base, name: "JSON NaN", body: { contentType: "application/json", payload: '{"send_amount": NaN}' } },
    { ...base, name: "empty JSON body", body: { contentType: "application/json", payload: "" } },
    { ...base, name: "text/plain", body: { contentType: "text/plain", payload: toJson(baseBody) } },
    {
      ...base,
      name: "form-encoded",
      body: { contentType: "application/x-www-form-urlencoded", payload: "a=1&b=2" },
    },
    {
      ...base,
      name: "multipart garbage",
      body: { contentType: "multipart/form-data; boundary=x", payload: "--x\r\nzz" },
    },
    { ...base, name: "XML", body: { contentType: "application/xml", payload: "<a>1</a>" } },
    {
      ...base,
      name: "bytes that are not UTF-8",
      body: {
        contentType: "application/json",
        payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      },
    },
    {
      ...base,
      name: "deep nesting",
      body: { contentType: "application/json", payload: `${"[".repeat(5000)}${"]".repeat(5000)}` },
    },
    {
      ...base,
      name: "1e309 everywhere",
      body: jsonBody(
        Object.fromEntries(Object.keys(operation.body?.properties ?? {}).map((key) => [key, RAW_1E309])),
      ),
    },
  ];
  const cases: Case[] = [
    base,
    { ...base, name: "missing every field", query: "", body: jsonBody({}) },
    ...(hasBody ? bodyCases : []),
    { ...base, name: "huge query", query: `${base.query}&search=${"q".repeat(8000)}&${"k=v&".repeat(500)}` },
    {
      ...base,
      name: "every query value twice",
      query: queryParameters.length ? `${base.query}&${base.query}` : "a=1&a=2",
    },
    {
      ...base,
      name: "odd headers",
      headers: { language: "es", client: "WEB", "idempotency-key": "\u00e9\u00e9" },
    },
    { ...base, name: "idempotency key", headers: { "idempotency-key": `fuzz-${random.int(1e9)}` } },
  ];

  // Long and odd path parameters (and, for operations without any, odd query values).
  const oddPathValues = [...ODD_PATH_VALUES];
  for (let index = 0; index < 6; index += 1) {
    const value = oddPathValues.splice(random.int(oddPathValues.length), 1)[0] ?? "x";
    if (pathParameters.length) {
      const parameter = random.pick(pathParameters);
      cases.push({
        ...base,
        name: `path ${parameter.name}=${value.slice(0, 20)}`,
        pathValues: { ...basePath, [parameter.name]: value },
      });
    } else {
      cases.push({ ...base, name: `query junk ${value.slice(0, 20)}`, query: `${base.query}&junk=${value}` });
    }
  }

  // One field at a time replaced by a wrong type, an odd string or an odd amount; fields drawn
  // from the body and the query.
  const fields: { where: "body" | "query"; name: string; schema: JsonSchema | undefined }[] = [
    ...Object.entries(operation.body?.properties ?? {}).map(([name, schema]) => ({
      where: "body" as const,
      name,
      schema,
    })),
    ...queryParameters.map((parameter) => ({
      where: "query" as const,
      name: parameter.name,
      schema: parameter.schema,
    })),
  ];
  const unicode = fc.sample(fc.string({ unit: "binary", maxLength: 40 }), {
    seed: SEED + cases.length,
    numRuns: 8,
  });
  const generic = cases.length;
  while (cases.length < Math.max(CASES_PER_OPERATION, generic + FIELD_MUTATIONS_MIN)) {
    if (fields.length === 0) {
      const value = random.pick(unicode);
      cases.push({
        ...base,
        name: `random unicode ${JSON.stringify(value)}`,
        query: `${base.query}&value=${encodeComponent(value)}`,
        body: jsonBody({ value }),
      });
      continue;
    }
    const field = random.pick(fields);
    const value =
      random.next() < 0.2 ? random.pick(unicode) : random.pick(mutationsFor(field.schema, field.name));
    const label = `${field.where}.${field.name}=${JSON.stringify(value)?.slice(0, 24)}`;
    if (field.where === "body") {
      cases.push({ ...base, name: label, body: jsonBody({ ...(baseBody as object), [field.name]: value }) });
    } else {
      const query = { ...baseQuery, [field.name]: typeof value === "object" ? JSON.stringify(value) : value };
      cases.push({ ...base, name: label, query: encodeQuery(query) });
    }
  }
  return cases;
}

function urlOf(operation: Operation, testCase: Case): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = testCase.pathValues?.[name] ?? "1";
    // Odd values that are already percent-encoded go as they are; others are encoded.
    return /%[0-9A-Fa-f]{2}/.test(value) ? value : encodeComponent(value);
  });
  return testCase.query ? `${path}?${testCase.query}` : path;
}

/** Why an answer breaks the contract, or null when it keeps it. */
function problemWith(response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `answered ${response.statusCode}`;
  const isJson = String(response.headers["content-type"] ?? "").includes("application/json");
  if (response.statusCode < 400) {
    if (!isJson) return null;
    return JSON.parse(response.body).success === true ? null : "a success without `success: true`";
  }
  if (!isJson) return `a ${response.statusCode} that is not JSON`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `a ${response.statusCode} whose JSON does not parse`;
  }
  const envelope = body as { success?: unknown; message?: unknown; errors?: unknown };
  if (envelope.success !== false || typeof envelope.message !== "string") return "not the error envelope";
  const extra = Object.keys(envelope).filter((key) => !["success", "message", "errors"].includes(key));
  if (extra.length) return `extra keys in the envelope: ${extra.join(", ")}`;
  if (envelope.errors !== undefined) {
    const errors = envelope.errors as Record<string, unknown>;
    const wellFormed =
      typeof errors === "object" &&
      errors !== null &&
      Object.values(errors).every(
        (messages) => Array.isArray(messages) && messages.every((m) => typeof m === "string"),
      );
    if (!wellFormed) return "errors not shaped { field: [messages] }";
  }
  return null;
}

let app: TestApp;
let token: string;

async function freshToken() {
  token = (await registerClient(app)).session.token;
}

beforeAll(async () => {
  // A generous rate limit: the fuzz is one client sending thousands of requests on purpose.
  app = await buildTestApp({ RATE_LIMIT_MAX: "1000000" });
  await freshToken();
});
afterAll(() => app.close());

describe("malformed requests to every documented operation", () => {
  it("never get a 5xx or an answer outside the envelope, with or without a session", {
    timeout: 600_000,
  }, async () => {
    const document = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(50);
    const random = randomSource(SEED);
    const failures: string[] = [];
    let sent = 0;

    for (const operation of operations) {
      const cases = casesFor(operation, random);
      expect(cases.length).toBeGreaterThanOrEqual(CASES_PER_OPERATION);
      for (const testCase of cases) {
        for (const signedIn of [false, true]) {
          const headers: Record<string, string> = { ...testCase.headers };
          if (signedIn) headers.authorization = `Bearer ${token}`;
          if (testCase.body) headers["content-type"] = testCase.body.contentType;
          const response = await app.inject({
            method: operation.method as "GET",
            url: urlOf(operation, testCase),
            headers,
            // Each request from its own address, so the per-address limits never hide a handler.
            remoteAddress: `10.${random.int(256)}.${random.int(256)}.${1 + random.int(254)}`,
            ...(testCase.body && operation.method !== "GET" ? { payload: testCase.body.payload } : {}),
          });
          sent += 1;
          const problem = problemWith(response);
          if (problem) {
            failures.push(
              `${operation.method} ${operation.path} [${testCase.name}]${signedIn ? " signed in" : ""}: ${problem}: ${response.body.slice(0, 160)}`,
            );
          }
        }
      }
      // A case may have ended the session (logout): sign in again for the next operation.
      const me = await app.inject({
        method: "GET",
        url: "/api/authentication/me",
        headers: { authorization: `Bearer ${token}` },
      });
      if (me.statusCode === 401) await freshToken();
    }

    expect(sent).toBeGreaterThanOrEqual(operations.length * CASES_PER_OPERATION * 2);
    expect(failures, `FUZZ_SEED=${SEED}`).toEqual([]);
  });
});
