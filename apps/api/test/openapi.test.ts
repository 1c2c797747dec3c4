import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper";

// The OpenAPI document businesses generate clients from: the bearer scheme as each signed-in
// operation's security (and no Authorization header parameter), a unique camelCase operationId,
// a summary and declared tags on every operation, and no sandbox or development tool listed (the
// test app registers them, so their absence is the document's doing). `npm test` also lints the
// document with Spectral (.spectral.yaml).

type Parameter = { in: string; name: string; schema?: { enum?: string[] } };
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
};
type Document = {
  tags?: { name: string; description?: string }[];
  components: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
  paths: Record<string, Record<string, Operation>>;
};

let app: TestApp;
let document: Document;
let operations: { method: string; path: string; operation: Operation }[];

beforeAll(async () => {
  app = await buildTestApp();
  const response = await app.inject({ method: "GET", url: "/api/docs/json" });
  expect(response.statusCode).toBe(200);
  document = response.json();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
  );
});

afterAll(async () => {
  await app?.close();
});

const signedIn = (operation: Operation) =>
  (operation.security ?? []).some((requirement) => "bearerAuth" in requirement);

describe("the OpenAPI document", () => {
  it("declares a bearer scheme and names it instead of an Authorization header parameter", () => {
    expect(document.components.securitySchemes?.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    for (const { method, path, operation } of operations) {
      const headers = (operation.parameters ?? []).filter((parameter) => parameter.in === "header");
      expect(
        headers.map((header) => header.name.toLowerCase()),
        `${method} ${path}`,
      ).not.toContain("authorization");
      expect(operation.security, `${method} ${path}`).toBeDefined();
    }
    expect(signedIn(document.paths["/api/authentication/me"]?.get ?? {})).toBe(true);
    expect(signedIn(document.paths["/api/wallets/u-wallets"]?.get ?? {})).toBe(true);
    expect(signedIn(document.paths["/api/gift-cards/quotation"]?.post ?? {})).toBe(true);
    expect(document.paths["/api/authentication/login"]?.post?.security).toEqual([]);
    expect(document.paths["/api/countries"]?.get?.security).toEqual([]);
  });

  it("gives every operation a unique camelCase operationId and a summary", () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    for (const [index, { method, path, operation }] of operations.entries()) {
      expect(ids[index], `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(operation.summary?.trim().length ?? 0, `${method} ${path}`).toBeGreaterThan(10);
      expect(operation.summary, `${method} ${path}`).not.toContain(path);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths["/api/orders/{id}/details"]?.get?.operationId).toBe("getOrdersByIdDetails");
  });

  it("declares every tag it uses, with a description, and uses every tag it declares", () => {
    const declared = (document.tags ?? []).map((tag) => tag.name);
    expect(declared.length).toBeGreaterThan(10);
    for (const tag of document.tags ?? []) expect(tag.description, tag.name).toBeTruthy();
    const used = new Set<string>();
    for (const { method, path, operation } of operations) {
      expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const tag of operation.tags ?? []) {
        expect(declared, `${method} ${path}`).toContain(tag);
        used.add(tag);
      }
    }
    expect([...used].sort()).toEqual([...declared].sort());
  });

  it("lists no sandbox or development tool", async () => {
    // Registered in this (test) environment, yet absent from the document.
    expect((await app.inject({ method: "GET", url: "/api/dev/outbox" })).statusCode).not.toBe(404);
    const listed = Object.keys(document.paths).filter((path) => /^\/api\/(sandbox|dev)\//.test(path));
    expect(listed).toEqual([]);
  });

  it("names the bearer scheme on exactly the operations that refuse a caller without a session", async () => {
    for (const { method, path, operation } of operations) {
      // Path parameters get their first allowed value, or 1: a session is checked before the input.
      const url = path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
        const parameter = operation.parameters?.find((item) => item.in === "path" && item.name === name);
        return parameter?.schema?.enum?.[0] ?? "1";
      });
      const response = await app.inject({ method: method.toUpperCase(), url });
      const refused = response.statusCode === 401 && response.json().message === "Unauthenticated.";
      expect(refused, `${method} ${path}: ${response.statusCode} ${response.body.slice(0, 120)}`).toBe(
        signedIn(operation),
      );
    }
  });
});
