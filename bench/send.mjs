// Transfers placed per second through HTTP on PostgreSQL, against pgbench's TPC-B-like rate on the
// same server in the same run:
//
//   (a) the built production server on a throwaway PostgreSQL database (migrated and seeded on
//       start); beforehand, USERS clients each register and prepare quotations US → MX by bank
//       deposit with their own profile as sender, a recipient and a card payment approved by the
//       sandbox (test card 4242 4242 4242 4242); then USERS concurrent users POST
//       /api/consignments/transaction (each with its Idempotency-Key) for SECONDS, each taking its
//       next prepared quotation. The order's jobs (capture, payout) run on the server meanwhile.
//   (b) `pgbench -b tpcb-like`, scale 10, USERS clients, in a second database (bench/ledger.mjs's
//       runner, imported).
//
// Prints transactions/s with p50 and p99, pgbench's tps and the ratio. Goal: (a) ≥ ¼ of (b), p99
// under 100 ms. Like every bench it exits 0 whether the goals are met or not.
//
// Usage (tsx, because bench/ledger.mjs imports apps/api's TypeScript):
//   npx tsx send.mjs [--build]
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres  the admin URL
//   BENCH_SECONDS=10  BENCH_USERS=50  BENCH_PREPARED=30 (quotations prepared per user)

import { randomBytes, randomUUID } from "node:crypto";
import { cpus } from "node:os";
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
import { buildIfNeeded, NothingToMeasure, startServer } from "./support/production-server.mjs";

const SECONDS = positiveSetting("send", "BENCH_SECONDS", 10);
const USERS = positiveSetting("send", "BENCH_USERS", 50);
const PREPARED = positiveSetting("send", "BENCH_PREPARED", 30);
const PREPARE_CONCURRENCY = 10;
const GOAL_RATIO = 0.25;
const GOAL_P99_MS = 100;
const CLABE = "002010077777777771";

async function referenceIds(baseUrl) {
  const countries = await api(baseUrl, "GET", "/countries");
  const byIso = (iso) => {
    const found = countries.find((country) => country.iso2 === iso);
    if (!found) throw new Error(`no country ${iso}`);
    return found.id;
  };
  const currencies = await api(baseUrl, "GET", "/currencies");
  const currency = (iso) => {
    const found = currencies.find((row) => row.iso === iso);
    if (!found) throw new Error(`no currency ${iso}`);
    return found.id;
  };
  const methods = await api(
    baseUrl,
    "GET",
    `/shipping-methods?country_from_id=${byIso("US")}&country_to_id=${byIso("MX")}` +
      `&currency_from_id=${currency("USD")}&currency_to_id=${currency("MXN")}`,
  );
  const bankDeposit = methods.find((row) => row.slug === "bank-deposit");
  if (!bankDeposit) throw new Error("no bank deposit offered US → MX");
  return {
    US: byIso("US"),
    MX: byIso("MX"),
    USD: currency("USD"),
    MXN: currency("MXN"),
    bankDeposit: bankDeposit.id,
  };
}

/** One user, signed in, with PREPARED quotations ready to become transfers. */
async function prepareUser(baseUrl, ids, index) {
  const { token } = await registerClient(baseUrl, { bench: "send", countryId: ids.US, index });
  const self = (await api(baseUrl, "GET", "/senders", { token })).data[0];
  const recipient = await api(baseUrl, "POST", "/recipients", {
    token,
    body: {
      type: "customer",
      country_to_id: ids.MX,
      currency_to_id: ids.MXN,
      ...(ids.bankDeposit ? { shipping_method_id: ids.bankDeposit } : {}),
      first_name: "María",
      last_name: "López",
      clabe: CLABE,
    },
  });
  const ready = [];
  for (let n = 0; n < PREPARED; n++) {
    const quotation = await api(baseUrl, "POST", "/consignments/quotation", {
      token,
      key: randomUUID(),
      body: {
        country_from_id: ids.US,
        country_to_id: ids.MX,
        currency_from_id: ids.USD,
        currency_to_id: ids.MXN,
        shipping_method_id: recipient.shipping_method_id,
        send_amount: (100 + n).toFixed(2),
      },
    });
    await api(baseUrl, "PUT", `/consignments/quotation/${quotation.id}/add-sender`, {
      token,
      body: { sender_id: self.id },
    });
    await api(baseUrl, "PUT", `/consignments/quotation/${quotation.id}/add-recipient`, {
      token,
      body: { recipient_id: recipient.id },
    });
    const offers = await api(baseUrl, "GET", `/payments/payment-methods/${quotation.id}`, { token });
    const list = Array.isArray(offers) ? offers : (offers?.methods ?? offers?.data ?? []);
    const card = list.find((offer) => offer.url === "authorize-credit-card");
    if (card) {
      await api(baseUrl, "PUT", `/quotations/payment-method/${quotation.id}`, {
        token,
        body: { payment_type_id: card.id, url: card.url, payment_currency_id: ids.USD, country_iso: "US" },
      });
    }
    const cardToken = await api(baseUrl, "POST", "/sandbox/cards/tokens", {
      body: { number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123", name: "Ana García" },
    });
    const payment = await api(baseUrl, "POST", "/payments/authorize-credit-card", {
      token,
      key: randomUUID(),
      body: {
        quotation_id: quotation.id,
        card_token: cardToken.token,
        name_holder: "Ana García",
        billing_address: { line1: "1 Main St", city: "Washington", postal_code: "20001", country_iso: "US" },
      },
    });
    if (payment.status !== "authorized" && payment.status !== "succeeded") {
      throw new Error(`the sandbox answered the approving card with ${payment.status}`);
    }
    ready.push({ quotationId: quotation.id, paymentId: payment.id });
  }
  return { token, ready };
}

/** USERS users place transfers for SECONDS, each from its own prepared quotations. */
const placeTransfers = (baseUrl, users) =>
  measure(users, SECONDS, async (user) => {
    const next = user.ready.shift();
    if (!next) return "exhausted";
    const answer = await postAsUser(baseUrl, "/consignments/transaction", user.token, {
      quotation_id: next.quotationId,
      payment_id: next.paymentId,
    });
    return refusalOf(answer);
  });

async function main() {
  const serverVersion = await serverVersionOrSkip("send");
  if (serverVersion === null) return;
  buildIfNeeded("api", { force: process.argv.includes("--build") });
  const suffix = `${process.pid}_${randomBytes(3).toString("hex")}`;
  const sendDb = `vela_bench_send_${suffix}`;
  const pgbenchDb = `vela_bench_pgbench_${suffix}`;
  console.log(
    `Send bench: PostgreSQL ${serverVersion} at ${shown(ADMIN_URL)}; ${USERS} concurrent users, ${SECONDS} s; ` +
      `this machine has ${cpus().length} CPU core(s), shared by client, server and database.\n`,
  );
  await adminQuery(`create database ${sendDb}`);
  let server;
  try {
    const preparing = performance.now();
    server = await startServer({
      DATABASE_URL: withDatabase(ADMIN_URL, sendDb),
      PGLITE_DATA_DIR: "",
      DATABASE_POOL_MAX: String(Math.max(20, USERS)),
      SANDBOX_ACH_SETTLE_SECONDS: "0",
      SANDBOX_PAYOUT_SECONDS: "0",
    });
    const ids = await referenceIds(server.baseUrl);
    const users = await pool(
      Array.from({ length: USERS }, (_, index) => index),
      PREPARE_CONCURRENCY,
      (index) => prepareUser(server.baseUrl, ids, index),
    );
    console.log(
      `prepared ${fmt(USERS * PREPARED)} quotations with card payments for ${USERS} users in ` +
        `${((performance.now() - preparing) / 1000).toFixed(0)} s (server start included)`,
    );
    const a = await placeTransfers(server.baseUrl, users);
    console.log(
      `(a) POST /consignments/transaction: ${fmt(a.perSecond).padStart(6)} transfers/s, ` +
        `p50 ${a.p50.toFixed(1)} ms, p99 ${a.p99.toFixed(1)} ms (${a.done} placed)`,
    );
    for (const [reason, count] of a.failures) console.log(`    refused ${count}×: ${reason}`);
    if (a.exhausted > 0) {
      console.log(`    ${a.exhausted} users ran out of prepared quotations (raise BENCH_PREPARED)`);
    }
    await server.stop();
    server = null;

    let tps = null;
    if (pgbenchPath() === null) {
      console.log("(b) pgbench: not installed, so no baseline (it comes with the `postgresql` package).");
    } else {
      await adminQuery(`create database ${pgbenchDb}`);
      const pgbenchUrl = withDatabase(ADMIN_URL, pgbenchDb);
      await pgbenchInit(pgbenchUrl);
      tps = await runPgbench(pgbenchUrl, { clients: USERS, seconds: SECONDS });
      console.log(
        `(b) pgbench tpcb-like, scale ${PGBENCH_SCALE}, ${USERS} clients: ${fmt(tps).padStart(6)} tps`,
      );
    }
    console.log("");
    if (tps !== null) {
      const ratio = a.perSecond / tps;
      console.log(
        `(a) / pgbench: ${ratio.toFixed(3)} (goal ≥ ${GOAL_RATIO}: ${ratio >= GOAL_RATIO ? "MET" : "MISSED"})`,
      );
    }
    console.log(
      `p99: ${a.p99.toFixed(1)} ms (goal < ${GOAL_P99_MS} ms: ${a.p99 < GOAL_P99_MS ? "MET" : "MISSED"})`,
    );
  } finally {
    if (server) await server.stop();
    await adminQuery(`drop database if exists ${sendDb} with (force)`);
    await adminQuery(`drop database if exists ${pgbenchDb} with (force)`);
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof NothingToMeasure)) throw error;
  console.log(`bench send: ${error.message}`);
}
