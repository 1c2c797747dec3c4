// Requests per second and p99 latency of the home page's public calculator
// (GET /api/home/send-money/calculator) beside the barest route on the same server (GET /api/health,
// one `select 1`), so the figure for the calculator reads against what the framework, the plugins
// and the database round trip cost on this machine anyway.
//
// It starts the built production server (apps/api/dist/server.js; built first when missing or older
// than its sources) on a free port with a fresh in-memory PGlite database, migrated and seeded on
// start as a new user's first run would be, then drives each route with autocannon for
// BENCH_SECONDS (default 10) after a short warm-up.
//
// Usage: node calculator.mjs [--build]
//   --build  rebuild the API first even when it looks fresh.
//   BENCH_SECONDS=10  BENCH_CONNECTIONS=10  BENCH_CORRIDOR=US:USD-MX:MXN
//
// The global rate limit is raised out of the way (it would answer 429 after 300 requests a minute);
// its bookkeeping still runs on the calculator, not on the health route, which is exempt from it.
// Exits 0 with the figures whether or not they please; 1 when there is nothing to measure (no build
// and none could be made, the server does not start, or the calculator does not answer 200).

import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { cpus } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const ROOT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SERVER_PATH = join(ROOT_DIR, "apps", "api", "dist", "server.js");
// What the API build is made from (as scripts/build-if-needed.mjs judges it, for the API alone:
// this bench needs no SPA, and building one would cost minutes on a small machine).
const API_SOURCES = [
  join(ROOT_DIR, "apps", "api", "src"),
  join(ROOT_DIR, "apps", "api", "scripts"),
  join(ROOT_DIR, "packages", "shared", "src"),
  join(ROOT_DIR, "apps", "api", "package.json"),
];
const SECONDS = positiveInteger("BENCH_SECONDS", 10);
const CONNECTIONS = positiveInteger("BENCH_CONNECTIONS", 10);
const WARMUP_SECONDS = 3;
const STARTUP_TIMEOUT_MS = 240_000;
const CORRIDOR = process.env.BENCH_CORRIDOR || "US:USD-MX:MXN";
const SEND_AMOUNT = "100.00";

function positiveInteger(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    fail(`${name} must be a positive integer, not ${JSON.stringify(raw)}.`);
  return value;
}

/** Nothing to measure: reported by the top level, after the server (if any) has been stopped. */
class NothingToMeasure extends Error {}

function fail(message) {
  throw new NothingToMeasure(message);
}

function newestMtimeMs(paths) {
  let newest = 0;
  const visit = (entry) => {
    if (!existsSync(entry)) return;
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      for (const name of readdirSync(entry)) {
        if (name !== "node_modules" && name !== "dist") visit(join(entry, name));
      }
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of paths) visit(entry);
  return newest;
}

function buildApiIfNeeded() {
  const isFresh = existsSync(SERVER_PATH) && statSync(SERVER_PATH).mtimeMs >= newestMtimeMs(API_SOURCES);
  if (isFresh && !process.argv.includes("--build")) return;
  console.log("Building the API (npm run build -w @vela/api)…");
  const result = spawnSync("npm", ["run", "build", "-w", "@vela/api"], {
    cwd: ROOT_DIR,
    stdio: ["ignore", process.stderr, process.stderr],
  });
  if (result.status !== 0) fail(`the API build failed (exit ${result.status}); see its output above.`);
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

/** The production server on a free port with a fresh in-memory database; resolves once healthy. */
async function startServer() {
  const port = await freePort();
  const output = [];
  const child = spawn(process.execPath, [SERVER_PATH], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      NODE_ENV: "production",
      APP_SECRET: randomBytes(32).toString("hex"),
      // Production demands real transports; the bench sends no message, so nothing listens there.
      SMTP_URL: "smtp://127.0.0.1:2525",
      SMS_WEBHOOK_URL: "http://127.0.0.1:9/sms",
      DATABASE_URL: "",
      REDIS_URL: "",
      PGLITE_DATA_DIR: "memory://",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      RATE_LIMIT_MAX: "1000000000",
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
    const isHealthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (isHealthy) return { baseUrl, stop, startupMs: Date.now() - startedAt };
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  await stop();
  fail(`the server did not become healthy in ${STARTUP_TIMEOUT_MS / 1000} s:\n${output.join("")}`);
}

async function getData(baseUrl, path) {
  const response = await fetch(`${baseUrl}${path}`);
  const body = await response.json().catch(() => null);
  if (!response.ok || !body?.success) {
    fail(`GET ${path} answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return body.data;
}

/** The calculator's query for BENCH_CORRIDOR ("US:USD-MX:MXN"), with ids looked up through the API. */
async function calculatorPath(baseUrl) {
  const match = CORRIDOR.match(/^([A-Z]{2}):([A-Z]{3})-([A-Z]{2}):([A-Z]{3})$/);
  if (!match) fail(`BENCH_CORRIDOR must look like US:USD-MX:MXN, not ${JSON.stringify(CORRIDOR)}.`);
  const [, countryFrom, currencyFrom, countryTo, currencyTo] = match;
  const countryId = async (iso2) => {
    const found = (await getData(baseUrl, `/api/countries?search=${iso2}`)).find(
      (item) => item.iso2 === iso2,
    );
    if (!found) fail(`no country ${iso2} in the seeded data.`);
    return found.id;
  };
  const allCurrencies = await getData(baseUrl, "/api/currencies");
  const currencyId = (iso) => {
    const found = allCurrencies.find((item) => item.iso === iso);
    if (!found) fail(`no currency ${iso} in the seeded data.`);
    return found.id;
  };
  const query = new URLSearchParams({
    country_from_id: String(await countryId(countryFrom)),
    country_to_id: String(await countryId(countryTo)),
    currency_from_id: String(currencyId(currencyFrom)),
    currency_to_id: String(currencyId(currencyTo)),
    send_amount: SEND_AMOUNT,
  });
  return `/api/home/send-money/calculator?${query}`;
}

async function hammer(url) {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}

async function main() {
  buildApiIfNeeded();
  const server = await startServer();
  try {
    await measure(server);
  } finally {
    await server.stop();
  }
}

async function measure(server) {
  const calculator = await calculatorPath(server.baseUrl);
  // One priced answer first, so a broken route is reported as such instead of measured.
  const sample = await getData(server.baseUrl, calculator);
  console.log(
    `Calculator bench: built server with in-memory PGlite (started in ${(server.startupMs / 1000).toFixed(1)} s); ` +
      `autocannon, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s per route; ` +
      `${cpus().length} CPU core(s) shared by server and load generator.`,
  );
  console.log(`Corridor ${CORRIDOR}, send_amount ${SEND_AMOUNT}: ${JSON.stringify(sample).slice(0, 160)}…\n`);

  const rows = [];
  for (const [name, path] of [
    ["GET /api/health (baseline)", "/api/health"],
    ["GET /api/home/send-money/calculator", calculator],
  ]) {
    const figures = await hammer(`${server.baseUrl}${path}`);
    rows.push({ name, ...figures });
  }

  const header = ["route", "req/s", "p50 ms", "p99 ms", "requests", "non-2xx", "errors"];
  const cells = rows.map((row) => [
    row.name,
    Math.round(row.requestsPerSecond).toLocaleString("en-US"),
    String(row.p50Ms),
    String(row.p99Ms),
    row.total.toLocaleString("en-US"),
    String(row.non2xx),
    String(row.errors),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((row) => row[column].length)),
  );
  const line = (row) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join("  ");
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of cells) console.log(line(row));

  const [health, calc] = rows;
  console.log(
    `\nThe calculator serves ${((calc.requestsPerSecond / health.requestsPerSecond) * 100).toFixed(0)}% of the ` +
      `baseline's requests per second; p99 ${calc.p99Ms} ms against ${health.p99Ms} ms.`,
  );
  if (calc.non2xx > 0 || calc.errors > 0 || health.non2xx > 0 || health.errors > 0) {
    console.log("Warning: some answers were not 2xx or failed; the figures above count them as requests.");
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof NothingToMeasure)) throw error;
  console.error(`bench calculator: ${error.message}`);
  process.exitCode = 1;
}
