import swagger from "@fastify/swagger";
import { successEnvelope } from "@vela/shared/api";
import { contractEndpoints, type Endpoint } from "@vela/shared/contract/index";
import Fastify from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildTestApp, type TestApp } from "./helper";

// The contract (packages/shared/src/contract) is what the SPA calls: every endpoint in it must be a
// route of the API, and the route must answer the contract's `data` schema. The schemas are
// compared as the OpenAPI document shows them: the contract's are turned into JSON Schema by the
// same transform, on a bare app that declares one route per endpoint.

type Responses = Record<
  string,
  { content?: Record<string, { schema?: { properties?: { data?: unknown } } }> }
>;
type Document = { paths: Record<string, Record<string, { responses?: Responses }>> };

/**
 * The routes an endpoint stands for when the API has no route with its parameters: one per value of
 * each path parameter whose schema is an enum (the API registers `/reload-phones/orders/:id`,
 * `/gift-cards/orders/:id`... where the contract says `/{service}/orders/{id}`).
 */
const expand = (entry: { name: string; endpoint: Endpoint }): { name: string; endpoint: Endpoint }[] => {
  const shape = entry.endpoint.params instanceof z.ZodObject ? entry.endpoint.params.shape : {};
  const enumParam = Object.entries(shape).find(
    (param): param is [string, z.ZodEnum] =>
      param[1] instanceof z.ZodEnum && entry.endpoint.path.includes(`{${param[0]}}`),
  );
  if (!enumParam) return [entry];
  const [param, schema] = enumParam;
  return schema.options.flatMap((value) =>
    expand({
      name: `${entry.name}[${String(value)}]`,
      endpoint: {
        ...entry.endpoint,
        path: entry.endpoint.path.replace(`{${param}}`, String(value)) as Endpoint["path"],
        params: z.object(Object.fromEntries(Object.entries(shape).filter(([name]) => name !== param))),
      },
    }),
  );
};

let endpoints: { name: string; endpoint: Endpoint }[];
const UNDOCUMENTED = ["/api/sandbox/", "/api/dev/"];
const fastifyPath = (endpoint: Endpoint) => `/api${endpoint.path.replace(/\{(\w+)\}/g, ":$1")}`;
const openApiPath = (endpoint: Endpoint) => `/api${endpoint.path}`;
const statusOf = (endpoint: Endpoint) => String(endpoint.status ?? 200);

/** The `data` schema a document gives an operation's success answer. */
const dataSchema = (document: Document, endpoint: Endpoint) =>
  document.paths[openApiPath(endpoint)]?.[endpoint.method.toLowerCase()]?.responses?.[statusOf(endpoint)]
    ?.content?.["application/json"]?.schema?.properties?.data;

let app: TestApp;
let served: Document;
let contract: Document;

beforeAll(async () => {
  app = await buildTestApp();
  served = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
  endpoints = contractEndpoints().flatMap((entry) =>
    app.hasRoute({ method: entry.endpoint.method, url: fastifyPath(entry.endpoint) })
      ? [entry]
      : expand(entry),
  );

  const mirror = Fastify();
  mirror.setValidatorCompiler(validatorCompiler);
  mirror.setSerializerCompiler(serializerCompiler);
  await mirror.register(swagger, { openapi: { openapi: "3.1.0" }, transform: jsonSchemaTransform });
  const declared = new Set<string>();
  for (const { endpoint } of endpoints) {
    // Two contract entries may name one route (the saved cards and banks share /payments/profiles).
    const key = `${endpoint.method} ${endpoint.path}`;
    if (declared.has(key)) continue;
    declared.add(key);
    mirror.route({
      method: endpoint.method,
      url: fastifyPath(endpoint),
      schema: { response: { [statusOf(endpoint)]: successEnvelope(endpoint.response) } },
      handler: async () => null,
    });
  }
  await mirror.ready();
  contract = mirror.swagger() as Document;
  await mirror.close();
});

afterAll(async () => {
  await app?.close();
});

describe("the contract", () => {
  it("names only routes the API serves", () => {
    const missing = endpoints
      .filter(({ endpoint }) => !app.hasRoute({ method: endpoint.method, url: fastifyPath(endpoint) }))
      .map(({ name, endpoint }) => `${name}: ${endpoint.method} ${endpoint.path}`);
    expect(missing).toEqual([]);
  });

  it("gives each route's answer the schema the API answers with", () => {
    const differing: string[] = [];
    for (const { name, endpoint } of endpoints) {
      const servedSchema = dataSchema(served, endpoint);
      // Routes the document leaves out (sandbox and development tools) are checked by existence only.
      if (UNDOCUMENTED.some((prefix) => fastifyPath(endpoint).startsWith(prefix))) continue;
      const contractSchema = dataSchema(contract, endpoint);
      if (servedSchema === undefined || contractSchema === undefined) {
        differing.push(`${name}: ${endpoint.method} ${endpoint.path} (no ${statusOf(endpoint)} answer)`);
        continue;
      }
      const alternatives = (servedSchema as { anyOf?: unknown[] } | undefined)?.anyOf;
      // A route that answers one of several shapes (saved cards or banks) may be split in the contract.
      const matches =
        JSON.stringify(servedSchema) === JSON.stringify(contractSchema) ||
        (alternatives ?? []).some((branch) => JSON.stringify(branch) === JSON.stringify(contractSchema));
      if (!matches) differing.push(`${name}: ${endpoint.method} ${endpoint.path}`);
    }
    expect(differing).toEqual([]);
  });
});

/**
 * Documented routes outside the contract: the payment and verification providers' signed webhooks, called by the
 * providers with their own bodies, never by the SPA or a user.
 */
const CALLED_BY_PROVIDERS = [
  "POST /api/payments/webhooks/{provider}",
  "POST /api/identity-verification/webhooks/sumsub",
];

/** Whether an operation's success answer is the JSON envelope (not a file: a picture, a receipt PDF). */
const answersJson = (operation: { responses?: Responses }) =>
  Object.entries(operation.responses ?? {}).some(
    ([status, answer]) => status.startsWith("2") && answer.content?.["application/json"] !== undefined,
  );

describe("the API", () => {
  it("names every documented route in the contract", () => {
    const contracted = new Set(
      endpoints.map(({ endpoint }) => `${endpoint.method} ${openApiPath(endpoint)}`),
    );
    const uncontracted = Object.entries(served.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => answersJson(operation))
        .map(([method]) => `${method.toUpperCase()} ${path}`)
        .filter((route) => !contracted.has(route)),
    );
    expect(uncontracted).toEqual(CALLED_BY_PROVIDERS);
  });
});
