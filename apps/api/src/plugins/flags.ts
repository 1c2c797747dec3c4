import { createRequire } from "node:module";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

const require = createRequire(import.meta.url);
// The package exports no file paths, so locate its root through its main entry.
const FLAGS_DIR = path.join(path.dirname(require.resolve("country-flag-icons")), "3x2");

export const flagUrl = (iso2: string) => `/api/flags/${iso2}.svg`;

/** Country flags as SVG files from country-flag-icons, so they render where no emoji font exists. */
export async function flagsPlugin(app: FastifyInstance) {
  await app.register(fastifyStatic, {
    root: FLAGS_DIR,
    prefix: "/",
    decorateReply: false,
    index: false,
    maxAge: "30d",
    immutable: true,
  });
}
