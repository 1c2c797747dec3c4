import { fromMinor } from "@vela/shared/decimal";
import { importSanctions, reviewSanctions } from "./compliance/sanctions/cli";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { runMigrations } from "./db/migrate";
import { seedDatabase } from "./db/seed/index";
import { reconcileLedger } from "./ledger/reconcile";
import { parseSetLimitArgs, setLimitCommand } from "./limits/set-limit";
import { resumeHeldOrder } from "./orders/jobs";

/**
 * `npm run db:migrate` and `npm run db:seed`: the same steps the server runs on start, on their own.
 * `npm run ledger:check`: reconciles the ledger and exits non-zero on any mismatch.
 * `npm run sanctions:import -- [--url <base url>] [--dir <folder>]`: replaces the sanctions list.
 * `npm run sanctions:review -- list | clear <id> | confirm <id> [--reviewer <name>] [--note <text>]`.
 * `npm run limits:set -- <level> <window> <amount>`: changes a verification limit (limits/set-limit.ts).
 */
const COMMANDS = [
  "migrate",
  "seed",
  "ledger-check",
  "sanctions-import",
  "sanctions-review",
  "limits-set",
] as const;
const command = process.argv[2];
if (!(COMMANDS as readonly (string | undefined)[]).includes(command)) {
  console.error(`Usage: tsx src/cli.ts <${COMMANDS.join("|")}>`);
  process.exit(2);
}
const limitArgs = command === "limits-set" ? parseSetLimitArgs(process.argv.slice(3)) : null;
if (limitArgs && "error" in limitArgs) {
  console.error(limitArgs.error);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  poolMax: 2,
  pgliteDataDir: config.PGLITE_DATA_DIR,
});
let exitCode = 0;
try {
  await runMigrations(database);
  console.log(`Migrations applied (${database.kind}).`);
  if (command === "seed") {
    for (const set of await seedDatabase(database.db)) {
      console.log(`Seed ${set.name}@${set.version}: ${set.applied ? "applied" : "already up to date"}`);
    }
  }
  if (limitArgs) {
    // The defaults first, so a fresh database has every row (seeding never overwrites a set limit).
    await seedDatabase(database.db);
    const row = await setLimitCommand(database.db, limitArgs);
    console.log(`Limit set: ${row.level} ${row.window} = ${fromMinor(row.amountMinor, 2)} USD.`);
  }
  if (command === "ledger-check") {
    const report = await reconcileLedger(database.db);
    console.log(
      `Ledger checked: ${report.entries} entries, ${report.postings} postings, ${report.accounts} accounts.`,
    );
    console.log("  - every entry has two postings or more and sums to zero per currency");
    console.log("  - every cached balance (the sum of its shards) equals the sum of its postings");
    console.log("  - no customer wallet is below zero, in total or in any shard");
    console.log("  - every posting names an existing account, in that account's currency");
    for (const problem of report.problems) console.error(`MISMATCH: ${problem}`);
    console.log(report.problems.length === 0 ? "No mismatches." : `${report.problems.length} mismatches.`);
    if (report.problems.length > 0) exitCode = 1;
  }
  if (command === "sanctions-import")
    exitCode = await importSanctions(database.db, config, process.argv.slice(3));
  if (command === "sanctions-review")
    exitCode = await reviewSanctions(database, config, process.argv.slice(3), resumeHeldOrder);
} finally {
  await database.close();
}
process.exit(exitCode);
