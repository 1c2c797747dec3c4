// `npm start`: builds whatever is missing or older than its sources, then runs the one production
// process (API under /api, the SPA everywhere else) on PORT (default 3000) with the embedded
// database unless DATABASE_URL is set.
import { spawn } from "node:child_process";
import path from "node:path";
import { buildIfNeeded, root } from "./build-if-needed.mjs";

try {
  buildIfNeeded();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const server = spawn(process.execPath, ["--enable-source-maps", path.join(root, "apps/api/dist/server.js")], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
