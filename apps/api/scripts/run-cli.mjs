// Runs the database CLI (migrate, seed, ledger-check) from source with tsx, so it never runs a stale
// build; where tsx is not installed (a production install without dev dependencies) the built one.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const args = process.argv.slice(2);
const cwd = new URL("..", import.meta.url).pathname;
const hasTsx = existsSync(new URL("../../../node_modules/.bin/tsx", import.meta.url));
const command = hasTsx
  ? ["npx", ["tsx", "src/cli.ts", ...args]]
  : ["node", [new URL("../dist/cli.js", import.meta.url).pathname, ...args]];
const result = spawnSync(command[0], command[1], { stdio: "inherit", cwd });
process.exit(result.status ?? 1);
