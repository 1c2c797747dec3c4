import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { NotFoundError } from "../http/errors";

const ONE_YEAR_S = 31_536_000;

/**
 * Serves the built SPA on every path outside /api: hashed assets with long cache headers,
 * HTML without caching (so a deploy is picked up at once). `/` is `index.html`, the home page
 * prerendered at build time; every other client route gets `spa.html`, the empty shell (a build
 * without one falls back to `index.html`). Unknown /api paths answer a JSON 404 instead.
 *
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy beside each compressible file;
 * `preCompressed` sends the one the browser accepts (brotli first), with `Vary: Accept-Encoding`
 * and the original file's Content-Type, and the file itself when it accepts neither.
 */
export const spaPlugin = fp<{ webDistDir: string }>(
  async (app: FastifyInstance, { webDistDir }) => {
    const indexPath = path.join(webDistDir, "index.html");
    const hasSpa = existsSync(indexPath);
    const shellFile = existsSync(path.join(webDistDir, "spa.html")) ? "spa.html" : "index.html";
    const assetsDir = path.join(webDistDir, "assets") + path.sep;
    if (hasSpa) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          // filePath may be the .br/.gz copy; both live beside the hashed original.
          const isHashedAsset = filePath.startsWith(assetsDir);
          reply.header(
            "Cache-Control",
            isHashedAsset ? `public, max-age=${ONE_YEAR_S}, immutable` : "no-cache",
          );
        },
      });
    } else {
      app.log.warn({ webDistDir }, "no SPA build found; serving the API only (run `npm run build`)");
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split("?")[0] ?? "/";
      const isApi = pathname === "/api" || pathname.startsWith("/api/");
      const isPageRequest =
        (request.method === "GET" || request.method === "HEAD") && !path.extname(pathname);
      if (isApi || !hasSpa || !isPageRequest) throw new NotFoundError();
      return reply
        .header("Cache-Control", "no-cache, no-store, must-revalidate")
        .sendFile(pathname === "/" ? "index.html" : shellFile);
    });
  },
  { name: "spa" },
);
