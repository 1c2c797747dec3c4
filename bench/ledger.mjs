// Throughput of the ledger's posting function against PostgreSQL's own yardstick, on one server in
// one run, so the ratios say something about our SQL rather than about the machine:
//
//   (a) WORKERS connections post two-legged transfers through post_entry (one `select post_entry(…)`
//       round trip each, as apps/api/src/ledger/ledger.ts does) between 50 accounts for SECONDS;
//   (b) the same between 10 hot accounts, where every entry waits on row locks others hold;
//   (c) pgbench's TPC-B-like transaction, scale 10, WORKERS clients, 2 threads, SECONDS.
//
// It prints entries/s for (a) and (b), pgbench's tps, and the ratios (a)/pgbench (goal 0.6) and
// (b)/(a) (goal 0.7). Each part runs in a throwaway database, dropped at the end.
//
// Usage (run with tsx, because the migrations are imported from apps/api's TypeScript):
//   npx tsx ledger.mjs
//   BENCH_DATABASE_URL=postgres://user:pass@host:5432/postgres  the admin URL (default: local postgres)
//   BENCH_SECONDS=10  BENCH_WORKERS=20  BENCH_HISTORY_ENTRIES=200000 (entries booked before the clock starts)
//   BENCH_SETUP_SQL=candidate.sql  SQL run after the migrations, to measure a changed post_entry
//                                  (CREATE OR REPLACE FUNCTION …) before writing its migration
//
// Like every bench it prints figures, not verdicts: it exits 0 whether the goals are met or not,
// and also when PostgreSQL cannot be reached (it says so), so `npm run bench` still shows the rest.

import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { cpus } from "node:os";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { openDatabase } from "../apps/api/src/db/client.ts";
import { runMigrations } from "../apps/api/src/db/migrate.ts";
import { fmt } from "./support/measure.mjs";

export const ADMIN_URL = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const SETUP_SQL_PATH = process.env.BENCH_SETUP_SQL || null;
const SECONDS = positiveNumber("BENCH_SECONDS", 10);
const WORKERS = positiveNumber("BENCH_WORKERS", 20);
const SPREAD_ACCOUNTS = 50;
const HOT_ACCOUNTS = 10;
export const PGBENCH_SCALE = 10;
// Entries already on the books before the clock starts (see loadHistory).
const HISTORY_ENTRIES = positiveOrZero("BENCH_HISTORY_ENTRIES", 200_000);
const PGBENCH_THREADS = 2;
const SAMPLE_MS = 50;
const GOAL_LEDGER_TO_PGBENCH = 0.6;
const GOAL_HOT_TO_SPREAD = 0.7;
// Enough that no wallet can run dry in a run, so every attempt is a real posting, never a refusal.
const OPENING_BALANCE_MINOR = 1_000_000_000_000n;

function positiveOrZero(name, fallback) {
  const raw = process.env[name];
  return raw === "0" ? 0 : positiveNumber(name, fallback);
}

function positiveNumber(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`bench ledger: ${name} must be a positive number, not ${JSON.stringify(raw)}.`);
    process.exit(1);
  }
  return value;
}

/** The URL without its password, for printing. */
export function shown(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

export function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function adminQuery(text) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** Users, a currency and wallets for `count` accounts, each opened with a deposit through post_entry. */
async function createAccounts(client, label, count) {
  const { rows: users } = await client.query(
    `insert into users (role, email, password_hash, first_name, last_name)
     select 'client', $1 || '-' || n || '@bench.invalid', 'x', 'Bench', $1 || ' ' || n
     from generate_series(1, $2::int) as n returning id`,
    [label, count],
  );
  const { rows: wallets } = await client.query(
    `insert into ledger_accounts (kind, user_id, currency_id)
     select 'customer_wallet', u, (select id from currencies where iso = 'XBN')
     from unnest($1::int[]) as u returning id`,
    [users.map((user) => user.id)],
  );
  const { rows: clearing } = await client.query(
    `insert into ledger_accounts (kind, currency_id, channel)
     values ('payment_clearing', (select id from currencies where iso = 'XBN'), $1) returning id`,
    [label],
  );
  for (const wallet of wallets) {
    await client.query(
      "select post_entry('deposit', null, null, null, '{}'::jsonb, $1::bigint[], $2::bigint[])",
      [
        [clearing[0].id, wallet.id],
        [-OPENING_BALANCE_MINOR, OPENING_BALANCE_MINOR],
      ],
    );
  }
  return wallets.map((wallet) => wallet.id);
}

/**
 * Books HISTORY_ENTRIES balanced two-legged transfers between the accounts in bulk, then sets each
 * cached balance to the sum of its postings, so the ledger holds the same figures post_entry would
 * have left. Why: pgbench measures against tables it filled first (a million rows at scale 10), and
 * a ledger that starts empty is not what production runs. It also matters to the plans: a
 * connection's cached plans for the foreign-key checks on journal_entries are made when it first
 * posts, and on a near-empty table they are sequential scans that stay in use (until the next
 * ANALYZE) while the table grows, so each entry would cost more the longer the run goes on.
 */
async function loadHistory(client, accountIds) {
  if (HISTORY_ENTRIES === 0) return;
  await client.query(
    `insert into journal_entries (kind, reference)
     select 'history', 'history:' || n from generate_series(1, $1::int) as n`,
    [HISTORY_ENTRIES],
  );
  await client.query(
    `insert into postings (entry_id, account_id, currency_id, amount_minor)
     select e.id, l.account_id, (select id from currencies where iso = 'XBN'), l.amount
     from (select id, row_number() over (order by id) as n from journal_entries where kind = 'history') e
     cross join lateral (
       select $1::bigint[] as accounts, (1 + e.n % 997)::bigint as amount, cardinality($1::bigint[]) as size
     ) p
     cross join lateral (values
       (p.accounts[1 + e.n % p.size], -p.amount),
       (p.accounts[1 + (e.n + 1 + e.n / p.size % (p.size - 1)) % p.size], p.amount)
     ) as l(account_id, amount)`,
    [accountIds],
  );
  // Balances live in shards (migration 0006): the history's sum goes into shard 0.
  await client.query(
    `update ledger_balance_shards b
     set balance_minor = case when b.shard = 0 then s.total else 0 end
     from (select account_id, sum(amount_minor) as total from postings group by account_id) s
     where b.account_id = s.account_id`,
  );
}

/**
 * WORKERS connections, each posting transfers between two random accounts of `accountIds` back to
 * back until SECONDS have passed. Answers committed entries per second.
 */
async function postTransfers(databaseUrl, accountIds) {
  const clients = await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      return client;
    }),
  );
  let posted = 0;
  const cpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  const stopAt = startedAt + SECONDS * 1000;
  try {
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < stopAt) {
          const from = Math.floor(Math.random() * accountIds.length);
          const to = (from + 1 + Math.floor(Math.random() * (accountIds.length - 1))) % accountIds.length;
          const amount = BigInt(1 + Math.floor(Math.random() * 10_000));
          await client.query(
            "select post_entry('transfer', null, null, null, '{}'::jsonb, $1::bigint[], $2::bigint[])",
            [
              [accountIds[from], accountIds[to]],
              [-amount, amount],
            ],
          );
          posted++;
        }
      }),
    );
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
  const elapsedS = (performance.now() - startedAt) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    perSecond: posted / elapsedS,
    posted,
    // How much of one core this bench's own Node process used: on a small machine the client
    // competes with the server for the same cores, which pgbench (in C) barely does.
    clientCpuShare: (cpu.user + cpu.system) / 1e6 / elapsedS,
  };
}

/**
 * Samples what the server's backends for one database are doing, every SAMPLE_MS, while `work` runs:
 * on the CPU, waiting for a lock, for the WAL flush, or for the client's next statement. Printed
 * beside each figure so a missed goal comes with its likely reason.
 */
async function sampled(databaseName, work) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  const counts = new Map();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query(
        `select case
           when state = 'idle' or state = 'idle in transaction' then 'waiting for the client'
           when wait_event is null then 'on CPU (or queued for it)'
           else wait_event_type || ':' || wait_event
         end as what, count(*)::int as n
         from pg_stat_activity
         where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()
         group by 1`,
        [databaseName],
      );
      for (const row of rows) counts.set(row.what, (counts.get(row.what) ?? 0) + row.n);
      samples += rows.reduce((sum, row) => sum + row.n, 0);
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  try {
    return { result: await work(), waits: describeWaits(counts, samples) };
  } finally {
    running = false;
    await loop;
    await client.end();
  }
}

function describeWaits(counts, samples) {
  if (samples === 0) return "no samples";
  return [...counts.entries()]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 5)
    .map(([what, n]) => `${Math.round((n / samples) * 100)}% ${what}`)
    .join(", ");
}

export function pgbenchPath() {
  const found = spawnSync("sh", ["-c", "command -v pgbench"], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : null;
}

/** Runs a command to its end without blocking the event loop (the wait sampler keeps running). */
function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("close", (status) => resolve({ status, stdout, stderr }));
  });
}

export function pgbenchInit(databaseUrl) {
  return run("pgbench", ["-i", "-q", "-s", String(PGBENCH_SCALE), databaseUrl]).then((init) => {
    if (init.status !== 0) throw new Error(`pgbench -i failed:\n${init.stderr}`);
  });
}

export async function runPgbench(databaseUrl, { clients = WORKERS, seconds = SECONDS } = {}) {
  const result = await run("pgbench", [
    "-c",
    String(clients),
    "-j",
    String(PGBENCH_THREADS),
    "-T",
    String(Math.round(seconds)),
    "-b",
    "tpcb-like",
    databaseUrl,
  ]);
  if (result.status !== 0) throw new Error(`pgbench failed:\n${result.stderr}`);
  const tps = result.stdout.match(/^tps = ([\d.]+)/m);
  if (!tps) throw new Error(`pgbench printed no tps:\n${result.stdout}`);
  return Number(tps[1]);
}

const ratio = (value, goal) => `${value.toFixed(3)} (goal ≥ ${goal}: ${value >= goal ? "MET" : "MISSED"})`;

/** The server's version, or null (said once) when no PostgreSQL is reachable to bench on. */
export async function serverVersionOrSkip(bench) {
  try {
    const { rows } = await adminQuery("select current_setting('server_version') as version");
    return rows[0].version;
  } catch (error) {
    console.log(
      `bench ${bench}: skipped, PostgreSQL is not reachable at ${shown(ADMIN_URL)} (${error.message}). ` +
        "Set BENCH_DATABASE_URL to an admin URL of a server where databases may be created.",
    );
    return null;
  }
}

async function main() {
  const serverVersion = await serverVersionOrSkip("ledger");
  if (serverVersion === null) return;

  const suffix = `${process.pid}_${randomBytes(3).toString("hex")}`;
  const ledgerDb = `vela_bench_ledger_${suffix}`;
  const pgbenchDb = `vela_bench_pgbench_${suffix}`;
  const ledgerUrl = withDatabase(ADMIN_URL, ledgerDb);
  const pgbenchUrl = withDatabase(ADMIN_URL, pgbenchDb);
  const pgbench = pgbenchPath();

  console.log(
    `Ledger bench: PostgreSQL ${serverVersion} at ${shown(ADMIN_URL)}; ${WORKERS} connections, ` +
      `${SECONDS} s per part; this machine has ${cpus().length} CPU core(s), shared by client and server` +
      `${SETUP_SQL_PATH === null ? "" : `; with ${SETUP_SQL_PATH} applied after the migrations`}.\n`,
  );
  await adminQuery(`create database ${ledgerDb}`);
  try {
    const database = await openDatabase({ databaseUrl: ledgerUrl, poolMax: 2 });
    try {
      await runMigrations(database);
    } finally {
      await database.close();
    }
    const setup = new pg.Client({ connectionString: ledgerUrl });
    await setup.connect();
    let spread;
    let hot;
    try {
      // A made-up currency: the bench needs one row, not the reference seed's thousands.
      if (SETUP_SQL_PATH !== null) await setup.query(readFileSync(SETUP_SQL_PATH, "utf8"));
      await setup.query(
        "insert into currencies (iso, name, decimals, symbol) values ('XBN', 'Bench unit', 2, 'B')",
      );
      spread = await createAccounts(setup, "spread", SPREAD_ACCOUNTS);
      hot = await createAccounts(setup, "hot", HOT_ACCOUNTS);
      await loadHistory(setup, spread);
      await setup.query("vacuum analyze");
    } finally {
      await setup.end();
    }

    const { result: a, waits: aWaits } = await sampled(ledgerDb, () => postTransfers(ledgerUrl, spread));
    console.log(
      `(a) post_entry, ${SPREAD_ACCOUNTS} accounts:  ${fmt(a.perSecond).padStart(7)} entries/s` +
        `  (${a.posted} entries; the bench client used ${(a.clientCpuShare * 100).toFixed(0)}% of a core)`,
    );
    console.log(`    server backends: ${aWaits}`);
    const { result: b, waits: bWaits } = await sampled(ledgerDb, () => postTransfers(ledgerUrl, hot));
    console.log(
      `(b) post_entry, ${HOT_ACCOUNTS} hot accounts: ${fmt(b.perSecond).padStart(7)} entries/s` +
        `  (${b.posted} entries; the bench client used ${(b.clientCpuShare * 100).toFixed(0)}% of a core)`,
    );
    console.log(`    server backends: ${bWaits}`);

    let tps = null;
    if (pgbench === null) {
      console.log(
        "(c) pgbench: not installed, so no baseline. On Debian 12 or Ubuntu it comes with the server " +
          "package (`sudo apt-get install postgresql`; `postgresql-contrib` on older releases).",
      );
    } else {
      await adminQuery(`create database ${pgbenchDb}`);
      await pgbenchInit(pgbenchUrl);
      const { result, waits } = await sampled(pgbenchDb, () => runPgbench(pgbenchUrl));
      tps = result;
      console.log(
        `(c) pgbench tpcb-like, scale ${PGBENCH_SCALE}, ${WORKERS} clients, ${PGBENCH_THREADS} threads: ${fmt(tps)} tps`,
      );
      console.log(`    server backends: ${waits}`);
    }

    console.log("");
    if (tps !== null) console.log(`(a) / pgbench: ${ratio(a.perSecond / tps, GOAL_LEDGER_TO_PGBENCH)}`);
    console.log(`(b) / (a):     ${ratio(b.perSecond / a.perSecond, GOAL_HOT_TO_SPREAD)}`);
  } finally {
    await adminQuery(`drop database if exists ${ledgerDb} with (force)`);
    await adminQuery(`drop database if exists ${pgbenchDb} with (force)`);
  }
}

// Run as a script; bench/send.mjs imports the pgbench runner above without running this bench.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
