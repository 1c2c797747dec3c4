// Requests per second and p99 latency of the home page's public calculator
// (GET /api/home/send-money/calculator) beside the barest route on the same server (GET /api/ping,
// which does nothing but pass the hooks and plugins every public route passes: request context,
// auth, rate limit, serializer), so the figure for the calculator reads against what the framework
// costs on this machine anyway. GET /api/health (one `select 1`) is printed too.
//
// It starts the built production server (apps/api/dist/server.js; built first when missing or older
// than its sources) on a free port with a fresh in-memory PGlite database, migrated and seeded on
// start as a new user's first run would be, then drives each route with autocannon for
// BENCH_SECONDS (default 10) after a short warm-up.
//
// Usage: node calculator.mjs [--build] [--profile]
//   --build    rebuild the API first even when it looks fresh.
//   --profile  run the server under `node --cpu-prof`; the profile lands in bench/results/
//              (node profile-top.mjs --last 10 summarises it).
//   BENCH_SECONDS=10  BENCH_CONNECTIONS=100  BENCH_CORRIDOR=US:USD-MX:MXN
//   BENCH_BASELINE_SERVER=bench/results/baseline-api/server.js  also measures that build, after this one.
//
// The global rate limit is raised out of the way (it would answer 429 after 300 requests a minute);
// its bookkeeping still runs on the calculator and on the ping, not on the health route, which is
// exempt from it.
// Exits 0 with the figures whether or not they please; 1 when there is nothing to measure (no build
// and none could be made, the server does not start, or the calculator does not answer 200).

import { mkdirSync } from "node:fs";
import { cpus } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { fmt, printTable } from "./support/measure.mjs";
import {
  buildIfNeeded,
  fail,
  NothingToMeasure,
  ROOT_DIR,
  SERVER_PATH,
  startServer,
} from "./support/production-server.mjs";

const SECONDS = positiveInteger("BENCH_SECONDS", 10);
const CONNECTIONS = positiveInteger("BENCH_CONNECTIONS", 100);
const WARMUP_SECONDS = 3;
const CORRIDOR = process.env.BENCH_CORRIDOR || "US:USD-MX:MXN";
const SEND_AMOUNT = "100.00";
const PROFILE_DIR = join(ROOT_DIR, "bench", "results");
// The goals: the calculator at 0.8× the no-op route's requests/s, p99 within 20 ms.
const GOAL = { ratio: 0.8, p99Ms: 20 };

function positiveInteger(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    fail(`${name} must be a positive integer, not ${JSON.stringify(raw)}.`);
  return value;
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

/**
 * `pathOf(n)`, when given, makes the n-th request's path (autocannon's setupRequest), so that
 * every request can ask for something different.
 */
async function hammer(url, pathOf) {
  let count = 0;
  const requests = pathOf
    ? [{ setupRequest: (request) => ({ ...request, path: pathOf(count++) }) }]
    : undefined;
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, requests });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests });
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
  buildIfNeeded("api", { force: process.argv.includes("--build") });
  const isProfiling = process.argv.includes("--profile");
  if (isProfiling) mkdirSync(PROFILE_DIR, { recursive: true });
  const servers = [["", SERVER_PATH]];
  // Another build of the server (a copy of an earlier one under the repository, so it finds the
  // migrations), measured after this one in the same run: before and after a change, side by side.
  if (process.env.BENCH_BASELINE_SERVER)
    servers.push(["baseline build: ", resolve(process.env.BENCH_BASELINE_SERVER)]);
  for (const [label, serverPath] of servers) {
    const server = await startServer(
      {},
      { serverPath, nodeArgs: isProfiling ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [] },
    );
    try {
      if (label) console.log(`\n${label}${serverPath}`);
      await measure(server);
    } finally {
      await server.stop();
    }
  }
  if (isProfiling)
    console.log(`\nThe server's CPU profile is in ${PROFILE_DIR} (open it in Chrome DevTools).`);
}

const ratio = (part, whole) => (part / whole).toFixed(2);

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

  // The same query with a different amount on every request: what a price costs when no answer
  // for it is kept (the calculator keeps each query's answer for a few seconds).
  const everyAmount = (n) =>
    calculator.replace(`send_amount=${SEND_AMOUNT}`, `send_amount=${(100 + (n % 90_000) / 100).toFixed(2)}`);
  const rows = [];
  for (const [name, path, pathOf] of [
    ["GET /api/ping (baseline: does nothing)", "/api/ping"],
    ["GET /api/health (select 1)", "/api/health"],
    ["GET /api/home/send-money/calculator", calculator],
    ["  the same, a new amount each request", calculator, everyAmount],
  ]) {
    const figures = await hammer(`${server.baseUrl}${path}`, pathOf);
    rows.push({ name, ...figures });
  }
  const [ping, , calc, uncached] = rows;

  printTable(
    ["route", "req/s", "× ping", "p50 ms", "p99 ms", "requests", "non-2xx", "errors"],
    rows.map((row) => [
      row.name,
      fmt(row.requestsPerSecond),
      ratio(row.requestsPerSecond, ping.requestsPerSecond),
      String(row.p50Ms),
      String(row.p99Ms),
      row.total.toLocaleString("en-US"),
      String(row.non2xx),
      String(row.errors),
    ]),
  );

  const isMet = calc.requestsPerSecond >= GOAL.ratio * ping.requestsPerSecond && calc.p99Ms <= GOAL.p99Ms;
  console.log(
    `\nThe calculator serves ${ratio(calc.requestsPerSecond, ping.requestsPerSecond)}× the no-op route's requests ` +
      `per second, p99 ${calc.p99Ms} ms against ${ping.p99Ms} ms. Goal (≥ ${GOAL.ratio}×, p99 ≤ ${GOAL.p99Ms} ms at ` +
      `${CONNECTIONS} connections): ${isMet ? "met" : "not met"}. With a new amount on every request ` +
      `(nothing kept to answer from): ${ratio(uncached.requestsPerSecond, ping.requestsPerSecond)}×, p99 ${uncached.p99Ms} ms.`,
  );
  if (rows.some((row) => row.non2xx > 0 || row.errors > 0)) {
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
