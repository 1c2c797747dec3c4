// Bundles the API into dist/ with esbuild: our code and the workspace's shared package are
// bundled (the shared package ships TypeScript source); npm dependencies stay external.

import { readFile } from "node:fs/promises";
import { build } from "esbuild";

const manifest = JSON.parse(await readFile(new URL("../package.json", import.meta.url), "utf8"));
const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith("@vela/"));

await build({
  entryPoints: { server: "src/server.ts", cli: "src/cli.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  external,
  logLevel: "warning",
});
console.log("API built into apps/api/dist");
