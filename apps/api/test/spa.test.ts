import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper";

// Proves the one-process production shape: the SPA is served beside the API, `/` is the
// prerendered home page and other client routes get the empty shell, hashed assets are cached for
// a year and HTML never, and the build's precompressed copies are sent by Accept-Encoding.
let app: TestApp;
let distDir: string;
const SCRIPT = `console.log(${JSON.stringify("vela ".repeat(400))})`;
const HOME = "<!doctype html><title>Vela</title><div id=root><main>Send money home</main></div>";
const SHELL = "<!doctype html><title>Vela</title><div id=root></div>";

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), "vela-dist-"));
  await mkdir(path.join(distDir, "assets"));
  const write = async (name: string, content: string, compressed = false) => {
    await writeFile(path.join(distDir, name), content);
    if (!compressed) return;
    await writeFile(path.join(distDir, `${name}.br`), brotliCompressSync(content));
    await writeFile(path.join(distDir, `${name}.gz`), gzipSync(content));
  };
  await write("index.html", HOME, true);
  await write("spa.html", SHELL);
  await write("assets/index-abc123.js", SCRIPT, true);
  await write("favicon.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>");
  app = await buildTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await app.close();
  await rm(distDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({
    method: "GET",
    url,
    headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
  });

describe("SPA serving", () => {
  it("serves the prerendered home page at / and the shell for client routes, uncached", async () => {
    const home = await get("/");
    expect(home.statusCode).toBe(200);
    expect(home.headers["content-type"]).toContain("text/html");
    expect(home.body).toBe(HOME);
    expect(home.headers["cache-control"]).toMatch(/no-cache/);
    for (const url of ["/account/settings", "/track?id=123", "/send-money"]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body, url).toBe(SHELL);
      expect(response.headers["cache-control"]).toMatch(/no-cache/);
    }
  });

  it("caches hashed assets for a year", async () => {
    const response = await get("/assets/index-abc123.js");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends a hashed asset as brotli when the browser accepts it", async () => {
    const response = await get("/assets/index-abc123.js", "gzip, deflate, br");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length);
  });

  it("sends gzip when only gzip is accepted", async () => {
    const response = await get("/assets/index-abc123.js", "gzip");
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it("sends the file itself when no encoding it has is accepted", async () => {
    for (const acceptEncoding of [undefined, "identity", "deflate"]) {
      const response = await get("/assets/index-abc123.js", acceptEncoding);
      expect(response.headers["content-encoding"], acceptEncoding).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(SCRIPT);
    }
  });

  it("compresses the home page's HTML too", async () => {
    const response = await get("/", "br");
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toContain("text/html");
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(HOME);
  });

  it("does not cache unhashed files", async () => {
    const response = await get("/favicon.svg");
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("answers a missing file with 404, not the SPA", async () => {
    const response = await get("/assets/missing-123.js", "br");
    expect(response.statusCode).toBe(404);
  });

  it("keeps unknown /api paths as JSON 404s", async () => {
    const response = await get("/api/account/settings");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: "Not found." });
  });
});
