// Builds the SPA and the API when their output is missing or older than their sources.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const at = (...parts) => path.join(root, ...parts);

/** The newest modification time under the given files and folders (node_modules and dist skipped). */
function newestMtimeMs(paths) {
  let newest = 0;
  const visit = (entry) => {
    if (!existsSync(entry)) return;
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      for (const name of readdirSync(entry)) {
        if (name !== "node_modules" && name !== "dist") visit(path.join(entry, name));
      }
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of paths) visit(entry);
  return newest;
}

const targets = [
  {
    name: "web",
    output: at("apps/web/dist/index.html"),
    sources: [at("apps/web"), at("packages/shared/src")],
    command: ["npm", ["run", "build", "-w", "@vela/web"]],
  },
  {
    name: "api",
    output: at("apps/api/dist/server.js"),
    sources: [
      at("apps/api/src"),
      at("apps/api/scripts"),
      at("packages/shared/src"),
      at("apps/api/package.json"),
    ],
    command: ["npm", ["run", "build", "-w", "@vela/api"]],
  },
];

/**
 * Builds each target (or only the named ones) whose output is missing or older than its sources.
 * `stdio` lets a caller whose own output is data (the benches) send the build's log elsewhere.
 */
export function buildIfNeeded({ force = false, only = undefined, stdio = "inherit" } = {}) {
  for (const target of targets) {
    if (only && !only.includes(target.name)) continue;
    const isBuilt =
      existsSync(target.output) && statSync(target.output).mtimeMs >= newestMtimeMs(target.sources);
    if (isBuilt && !force) continue;
    console.log(`Building ${target.name}…`);
    // A production build whatever the caller's NODE_ENV: under Vitest it is "test", which would
    // give React's development build (double-run effects, slower) to journeys meant to try production.
    const result = spawnSync(target.command[0], target.command[1], {
      cwd: root,
      stdio,
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (result.status !== 0) throw new Error(`Building ${target.name} failed.`);
  }
}
