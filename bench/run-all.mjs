// `npm run bench`: every bench in turn, each in its own process, so one that has nothing to measure
// (no SPA build, no PostgreSQL) neither hides nor stops the figures of the others. Exits 1 when any
// bench failed to run, after all of them have had their turn.
import { spawnSync } from "node:child_process";

const BENCHES = ["bundle", "ledger", "calculator", "lighthouse", "send", "wallet"];

const failed = [];
for (const name of BENCHES) {
  console.log(`\n=== bench: ${name} ===\n`);
  const result = spawnSync("npm", ["run", "--silent", `bench:${name}`], { stdio: "inherit" });
  if (result.status !== 0) failed.push(name);
}
if (failed.length > 0) {
  console.log(`\nThese benches could not run: ${failed.join(", ")}.`);
  process.exit(1);
}
