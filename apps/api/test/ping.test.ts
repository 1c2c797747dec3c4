import { describe, expect, it } from "vitest";
import { appForThisFile } from "./helper";

// Proves the no-op route the calculator bench measures against: it answers in the envelope
// without the database, and the OpenAPI document describes it.
const app = appForThisFile();

describe("GET /api/ping", () => {
  it("answers ok, uncached, even with the database gone", async () => {
    const database = app.database;
    const ping = database.ping;
    database.ping = () => Promise.reject(new Error("down"));
    try {
      const response = await app.inject({ method: "GET", url: "/api/ping" });
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.json()).toEqual({ success: true, message: "pong", data: { status: "ok" } });
      // Health, which does ask the database, says it is unreachable meanwhile.
      expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(503);
    } finally {
      database.ping = ping;
    }
  });

  it("is in the OpenAPI document", async () => {
    const document = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    expect(document.paths["/api/ping"]?.get?.summary).toMatch(/touching nothing/);
    expect(document.paths["/api/ping"]?.get?.responses?.["200"]).toBeDefined();
  });
});
