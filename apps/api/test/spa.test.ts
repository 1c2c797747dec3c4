import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper";

// Proves the one-process production shape: the SPA is served beside the API, client routes fall
// back to index.html, hashed assets are cached for a year and index.html never.
let app: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), "vela-dist-"));
  await mkdir(path.join(distDir, "assets"));
  await writeFile(path.join(distDir, "index.html"), "<!doctype html><title>Vela</title><div id=root></div>");
  await writeFile(path.join(distDir, "assets", "index-abc123.js"), "console.log('vela')");
  await writeFile(path.join(distDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  app = await buildTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await app.close();
  await rm(distDir, { recursive: true, force: true });
});

describe("SPA serving", () => {
  it("serves index.html at / and for client routes, uncached", async () => {
    for (const url of ["/", "/account/settings", "/track?id=123"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain("<div id=root>");
      expect(response.headers["cache-control"]).toMatch(/no-cache/);
    }
  });

  it("caches hashed assets for a year", async () => {
    const response = await app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("does not cache unhashed files", async () => {
    const response = await app.inject({ method: "GET", url: "/favicon.svg" });
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("answers a missing file with 404, not the SPA", async () => {
    const response = await app.inject({ method: "GET", url: "/assets/missing-123.js" });
    expect(response.statusCode).toBe(404);
  });

  it("keeps unknown /api paths as JSON 404s", async () => {
    const response = await app.inject({ method: "GET", url: "/api/account/settings" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: "Not found." });
  });
});
