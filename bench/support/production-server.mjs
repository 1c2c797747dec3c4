// The built production server (apps/api/dist/server.js) on a free port with a fresh in-memory
// PGlite database, migrated and seeded on start as a new user's first run would be. Shared by the
// benches that measure it over HTTP (calculator, lighthouse).

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildIfNeeded as buildTargetsIfNeeded } from "../../scripts/build-if-needed.mjs";

export const ROOT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const SERVER_PATH = join(ROOT_DIR, "apps", "api", "dist", "server.js");
export const WEB_DIST_DIR = join(ROOT_DIR, "apps", "web", "dist");
const STARTUP_TIMEOUT_MS = 240_000;

/** Nothing to measure: reported by the bench's top level, after any server has been stopped. */
export class NothingToMeasure extends Error {}

export function fail(message) {
  throw new NothingToMeasure(message);
}

/** Builds `api` or `web` when its output is missing or older than its sources (or `force`). */
export function buildIfNeeded(name, { force = false } = {}) {
  try {
    // The build's log goes to stderr: a bench's standard output is its figures.
    buildTargetsIfNeeded({ force, only: [name], stdio: ["ignore", process.stderr, process.stderr] });
  } catch (error) {
    fail(`${error.message} See its output above.`);
  }
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolvePort(address.port));
    });
  });
}

/**
 * Starts the production server; resolves once /api/health answers, with its base URL and `stop`.
 * `env` adds to or overrides the server's environment (WEB_DIST_DIR for another SPA build);
 * `nodeArgs` go to node before the script (`--cpu-prof` to profile it); `serverPath` runs another
 * build of the server (a copy of an earlier one, to compare before and after in one run).
 */
export async function startServer(env = {}, { nodeArgs = [], serverPath = SERVER_PATH } = {}) {
  const port = await freePort();
  const output = [];
  const child = spawn(process.execPath, [...nodeArgs, serverPath], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      NODE_ENV: "production",
      APP_SECRET: randomBytes(32).toString("hex"),
      // Production demands real transports; the benches send no message, so nothing listens there.
      SMTP_URL: "smtp://127.0.0.1:2525",
      SMS_WEBHOOK_URL: "http://127.0.0.1:9/sms",
      DATABASE_URL: "",
      REDIS_URL: "",
      PGLITE_DATA_DIR: "memory://",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      // The global rate limit would answer 429 after 300 requests a minute; its bookkeeping still runs.
      RATE_LIMIT_MAX: "1000000000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk) => output.push(String(chunk)));
  child.stderr.on("data", (chunk) => output.push(String(chunk)));
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill("SIGTERM");
    await new Promise((resolveExit) => child.once("exit", resolveExit));
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const startedAt = Date.now();
  while (Date.now() - startedAt < STARTUP_TIMEOUT_MS) {
    if (child.exitCode !== null) fail(`the server exited (${child.exitCode}):\n${output.join("")}`);
    const isUp = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return { baseUrl, stop, startupMs: Date.now() - startedAt, pid: child.pid };
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  await stop();
  fail(`the server did not become healthy in ${STARTUP_TIMEOUT_MS / 1000} s:\n${output.join("")}`);
}
