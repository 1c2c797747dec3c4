import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { NotFoundError } from "../http/errors";

const ONE_YEAR_S = 31_536_000;

/**
 * Serves the built SPA on every path outside /api: hashed assets with long cache headers,
 * index.html without caching (so a deploy is picked up at once) and as the history fallback
 * for client routes. Unknown /api paths answer a JSON 404 instead.
 */
export const spaPlugin = fp<{ webDistDir: string }>(
  async (app: FastifyInstance, { webDistDir }) => {
    const indexPath = path.join(webDistDir, "index.html");
    const hasSpa = existsSync(indexPath);
    if (hasSpa) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        wildcard: false,
        index: false,
        setHeaders: (reply, filePath) => {
          const isHashedAsset = filePath.startsWith(path.join(webDistDir, "assets") + path.sep);
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
      return reply.header("Cache-Control", "no-cache, no-store, must-revalidate").sendFile("index.html");
    });
  },
  { name: "spa" },
);
