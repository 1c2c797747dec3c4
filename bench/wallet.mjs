// Wallet-to-wallet sends per second through HTTP on PostgreSQL, against pgbench's TPC-B-like rate on
// the same server in the same run (issue 10, "Figures and tests"):
//
//   (a) the built production server on a throwaway PostgreSQL database (migrated and seeded on
//       start). Beforehand USERS clients register through the API; each gets a USD wallet, opened
//       and funded through the wallets repository and the ledger as a settled deposit would leave
//       it, and prepares PREPARED send quotations (POST /wallets/send-money/quotation/create) of
//       10.00–19.99 USD to other users' USD wallets. Then USERS concurrent users POST
//       /api/wallets/send-money/transaction (each with its Idempotency-Key) for SECONDS, each taking
//       its next prepared quotation: every answer is a completed send, both wallets moved.
//   (a2) the same users for SECONDS more, each send being its two requests, quotation then
//       transaction (what the SPA's review and confirm steps cost together).
//   (b) `pgbench -b tpcb-like`, scale 10, USERS clients, in a second database (bench/ledger.mjs's
//       runner, imported), for SECONDS just before (a) and again just after (a2): the mean of the
//       two, so a change in the machine's load during the run weighs on both sides.
//
// Prints sends/s with p50 and p99, pgbench's tps and the ratio. Goal: (a) ≥ ⅓ of (b). Like every
// bench it exits 0 whether the goal is met or not. A reconciliation of the ledger after the run
// (reconcileLedger) must find nothing.
//
// Usage (tsx, because it imports apps/api's TypeScript):
//   npx tsx wallet.mjs [--build] [--profile]
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres  the admin URL
//   BENCH_SECONDS=10  BENCH_USERS=50  BENCH_PREPARED=80 (quotations prepared per user)
//   --profile runs the server under `node --cpu-prof` (the profile lands in bench/results/).

import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../apps/api/src/db/client.ts";
import { ensureAccount, postEntry } from "../apps/api/src/ledger/ledger.ts";
import { reconcileLedger } from "../apps/api/src/ledger/reconcile.ts";
import { openWallet } from "../apps/api/src/wallets/repository.ts";
import {
  ADMIN_URL,
  adminQuery,
  PGBENCH_SCALE,
  pgbenchInit,
  pgbenchPath,
  runPgbench,
  serverVersionOrSkip,
  shown,
  withDatabase,
} from "./ledger.mjs";
import { api, pool, positiveSetting, registerClient } from "./support/api-client.mjs";
import { fmt, measure, postAsUser, refusalOf } from "./support/measure.mjs";
import { buildIfNeeded, NothingToMeasure, ROOT_DIR, startServer } from "./support/production-server.mjs";

const SECONDS = positiveSetting("wallet", "BENCH_SECONDS", 10);
const USERS = positiveSetting("wallet", "BENCH_USERS", 50);
const PREPARED = positiveSetting("wallet", "BENCH_PREPARED", 80);
const PREPARE_CONCURRENCY = 10;
const GOAL_RATIO = 1 / 3;
// Enough that no wallet runs dry in a run: every send is a real posting, never a refusal.
const OPENING_BALANCE_MINOR = 100_000_000_00n;

/** Each user's USD wallet, opened and funded as a settled deposit would leave it. */
async function openAndFund(db, users, usdId) {
  const clearing = await ensureAccount(db, { kind: "payment_clearing", currencyId: usdId, channel: "bench" });
  for (const user of users) {
    user.wallet = await openWallet(db, user.id, usdId);
    await postEntry(db, {
      kind: "bench.funding",
      idempotencyKey: `bench-funding:${user.wallet.id}`,
      legs: [
        { accountId: clearing, amountMinor: -OPENING_BALANCE_MINOR },
        { accountId: user.wallet.ledgerAccountId, amountMinor: OPENING_BALANCE_MINOR },
      ],
    });
  }
}

const sendBody = (users, index, n, usdId) => {
  const to = users[(index + 1 + (n % (users.length - 1))) % users.length];
  return {
    recipient_wallet_id: to.wallet.publicId,
    currency_from_id: usdId,
    currency_to_id: usdId,
    send_amount: `${10 + (n % 10)}.${String((index * 7 + n) % 100).padStart(2, "0")}`,
  };
};

async function prepare(baseUrl, users, usdId) {
  await pool(users, PREPARE_CONCURRENCY, async (user, index) => {
    user.ready = [];
    for (let n = 0; n < PREPARED; n++) {
      const quotation = await api(baseUrl, "POST", "/wallets/send-money/quotation/create", {
        token: user.token,
        body: sendBody(users, index, n, usdId),
      });
      user.ready.push(quotation.id);
    }
  });
}

/**
 * CPU seconds (user + system) used so far by a process, from
 * /proc (Linux only; null elsewhere). On a machine shared with other work, the rate per second
 * moves with the load, but the CPU each send costs much less.
 */
function cpuSecondsOf(pid) {
  try {
    // utime and stime, in clock ticks (100 a second on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * CPU seconds used so far by the PostgreSQL backends connected to one database (the server's
 * pool keeps its connections through a run), by pid: other sessions' databases on the same server
 * are not counted, nor is the server's shared work (WAL writer, checkpointer).
 */
async function backendCpuSeconds(databaseName) {
  const { rows } = await adminQuery(
    `select pid from pg_stat_activity where datname = '${databaseName}' and pid <> pg_backend_pid()`,
  );
  const byPid = new Map();
  for (const { pid } of rows) {
    const seconds = cpuSecondsOf(pid);
    if (seconds !== null) byPid.set(pid, seconds);
  }
  return byPid;
}

/** Runs `work` and answers its result with the server's and its database backends' CPU seconds. */
async function withCpu(serverPid, databaseName, work) {
  const server = cpuSecondsOf(serverPid);
  const backends = await backendCpuSeconds(databaseName);
  const result = await work();
  const serverAfter = cpuSecondsOf(serverPid);
  const backendsAfter = await backendCpuSeconds(databaseName);
  let databaseCpu = 0;
  for (const [pid, seconds] of backendsAfter) databaseCpu += seconds - (backends.get(pid) ?? 0);
  return {
    ...result,
    serverCpu: server === null || serverAfter === null ? null : serverAfter - server,
    databaseCpu,
  };
}

function report(label, result) {
  console.log(
    `${label}: ${fmt(result.perSecond).padStart(6)} sends/s, p50 ${result.p50.toFixed(1)} ms, ` +
      `p99 ${result.p99.toFixed(1)} ms (${result.done} sent)`,
  );
  if (result.serverCpu !== null && result.done > 0) {
    console.log(
      `    CPU per send: server ${((result.serverCpu * 1000) / result.done).toFixed(2)} ms, ` +
        `PostgreSQL ${((result.databaseCpu * 1000) / result.done).toFixed(2)} ms`,
    );
  }
  for (const [reason, count] of result.failures) console.log(`    refused ${count}×: ${reason}`);
  if (result.exhausted > 0) {
    console.log(`    ${result.exhausted} users ran out of prepared quotations (raise BENCH_PREPARED)`);
  }
}

async function main() {
  const serverVersion = await serverVersionOrSkip("wallet");
  if (serverVersion === null) return;
  buildIfNeeded("api", { force: process.argv.includes("--build") });
  const profile = process.argv.includes("--profile");
  const suffix = `${process.pid}_${randomBytes(3).toString("hex")}`;
  const walletDb = `vela_bench_wallet_${suffix}`;
  const pgbenchDb = `vela_bench_pgbench_${suffix}`;
  console.log(
    `Wallet bench: PostgreSQL ${serverVersion} at ${shown(ADMIN_URL)}; ${USERS} concurrent users, ${SECONDS} s; ` +
      `this machine has ${cpus().length} CPU core(s), shared by client, server and database.\n`,
  );
  await adminQuery(`create database ${walletDb}`);
  let server;
  let database;
  try {
    const preparing = performance.now();
    const profileDir = join(ROOT_DIR, "bench", "results");
    if (profile) mkdirSync(profileDir, { recursive: true });
    server = await startServer(
      {
        DATABASE_URL: withDatabase(ADMIN_URL, walletDb),
        PGLITE_DATA_DIR: "",
        DATABASE_POOL_MAX: String(Math.max(20, USERS)),
      },
      profile ? { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] } : {},
    );
    const baseUrl = server.baseUrl;
    const countries = await api(baseUrl, "GET", "/countries");
    const us = countries.find((country) => country.iso2 === "US");
    const currencies = await api(baseUrl, "GET", "/currencies");
    const usdId = currencies.find((row) => row.iso === "USD").id;
    const users = await pool(
      Array.from({ length: USERS }, (_, index) => index),
      PREPARE_CONCURRENCY,
      (index) => registerClient(baseUrl, { bench: "wallet", countryId: us.id, index }),
    );
    database = await openDatabase({ databaseUrl: withDatabase(ADMIN_URL, walletDb), poolMax: 2 });
    await openAndFund(database.db, users, usdId);
    await prepare(baseUrl, users, usdId);
    console.log(
      `prepared ${USERS} funded USD wallets and ${fmt(USERS * PREPARED)} send quotations in ` +
        `${((performance.now() - preparing) / 1000).toFixed(0)} s (server start included)`,
    );

    // pgbench right before and right after the sends (its database made now, while the server
    // idles), so that a machine whose load changes during the run is seen by both sides.
    const pgbenchUrl = withDatabase(ADMIN_URL, pgbenchDb);
    const hasPgbench = pgbenchPath() !== null;
    const pgbenchRuns = [];
    let pgbenchCpuMs = null;
    if (hasPgbench) {
      await adminQuery(`create database ${pgbenchDb}`);
      await pgbenchInit(pgbenchUrl);
      // Its backends' CPU sampled a second after it starts and a second before it ends (they exit
      // with it), over that window's share of its transactions.
      const running = runPgbench(pgbenchUrl, { clients: USERS, seconds: SECONDS });
      const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      await sleep(1000);
      const before = await backendCpuSeconds(pgbenchDb);
      await sleep(Math.max(0, SECONDS - 2) * 1000);
      const after = await backendCpuSeconds(pgbenchDb);
      pgbenchRuns.push(await running);
      let cpu = 0;
      for (const [pid, seconds] of after) cpu += seconds - (before.get(pid) ?? 0);
      // A run of 2 s or less has no window to sample.
      if (SECONDS > 2) pgbenchCpuMs = (cpu * 1000) / (pgbenchRuns[0] * (SECONDS - 2));
    }

    const a = await withCpu(server.pid, walletDb, () =>
      measure(users, SECONDS, async (user) => {
        const quotationId = user.ready.shift();
        if (quotationId === undefined) return "exhausted";
        const answer = await postAsUser(baseUrl, "/wallets/send-money/transaction", user.token, {
          quotation_id: quotationId,
        });
        return refusalOf(answer);
      }),
    );
    report("(a)  POST /wallets/send-money/transaction", a);

    const a2 = await withCpu(server.pid, walletDb, () =>
      measure(users, SECONDS, async (user, index, n) => {
        const quoted = await postAsUser(baseUrl, "/wallets/send-money/quotation/create", user.token, {
          ...sendBody(users, index, n + PREPARED, usdId),
        });
        if (quoted.status !== 201) return `quotation ${quoted.status} ${quoted.text.slice(0, 120)}`;
        const answer = await postAsUser(baseUrl, "/wallets/send-money/transaction", user.token, {
          quotation_id: JSON.parse(quoted.text).data.id,
        });
        return refusalOf(answer);
      }),
    );
    report("(a2) quotation/create + transaction", a2);

    const ledger = await reconcileLedger(database.db);
    console.log(
      `ledger after the run: ${fmt(ledger.entries)} entries, ${ledger.problems.length === 0 ? "reconciled" : `PROBLEMS: ${ledger.problems.slice(0, 5).join("; ")}`}`,
    );
    await database.close();
    database = null;
    await server.stop();
    server = null;

    let tps = null;
    if (!hasPgbench) {
      console.log("(b)  pgbench: not installed, so no baseline (it comes with the `postgresql` package).");
    } else {
      pgbenchRuns.push(await runPgbench(pgbenchUrl, { clients: USERS, seconds: SECONDS }));
      tps = (pgbenchRuns[0] + pgbenchRuns[1]) / 2;
      console.log(
        `(b)  pgbench tpcb-like, scale ${PGBENCH_SCALE}, ${USERS} clients: ${fmt(tps).padStart(6)} tps ` +
          `(mean of ${fmt(pgbenchRuns[0])} just before the sends and ${fmt(pgbenchRuns[1])} just after)`,
      );
      if (pgbenchCpuMs !== null) {
        console.log(`    CPU per transaction: PostgreSQL ${pgbenchCpuMs.toFixed(2)} ms`);
      }
    }
    console.log("");
    if (tps !== null) {
      const ratio = a.perSecond / tps;
      console.log(
        `(a) / pgbench: ${ratio.toFixed(3)} (goal ≥ ${GOAL_RATIO.toFixed(3)}: ${ratio >= GOAL_RATIO ? "MET" : "MISSED"}); ` +
          `(a2) / pgbench: ${(a2.perSecond / tps).toFixed(3)}`,
      );
    }
  } finally {
    if (database) await database.close();
    if (server) await server.stop();
    await adminQuery(`drop database if exists ${walletDb} with (force)`);
    await adminQuery(`drop database if exists ${pgbenchDb} with (force)`);
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof NothingToMeasure)) throw error;
  console.log(`bench wallet: ${error.message}`);
}
