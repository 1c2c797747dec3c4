// `npm test`: everything a fresh clone needs to prove, in order: typecheck, lint, import boundaries
// (dependency-cruiser, .dependency-cruiser.cjs), unit and API tests (Vitest; on PGlite unless
// TEST_DATABASE_URL is set), the OpenAPI document linted with Spectral (.spectral.yaml), the
// production build, and the browser journeys (Playwright driving Chromium against the built app).
// Ends with one summary line "N passed, N failed, N skipped" over every test that ran.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { root } from "./build-if-needed.mjs";

const resultsDir = path.join(root, "test-results");
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const steps = [
  { name: "typecheck", command: ["npm", ["run", "typecheck"]] },
  { name: "lint", command: ["npx", ["biome", "ci", "."]] },
  // Import boundaries (.dependency-cruiser.cjs): API layers and no cycles, SPA features apart.
  { name: "import boundaries", command: ["npm", ["run", "lint:imports"]] },
  {
    name: "unit and API tests",
    command: [
      "npx",
      [
        "vitest",
        "run",
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${path.join(resultsDir, "unit.json")}`,
      ],
    ],
    results: "unit.json",
  },
  // The document the API serves (written to test-results/openapi.json), linted offline.
  { name: "OpenAPI lint", command: ["npm", ["run", "lint:openapi"]] },
  { name: "build", command: ["npm", ["run", "build"]] },
  {
    name: "browser journeys",
    command: [
      "npx",
      [
        "vitest",
        "run",
        "--config",
        "e2e/vitest.config.ts",
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${path.join(resultsDir, "e2e.json")}`,
      ],
    ],
    results: "e2e.json",
  },
];

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
// Failing tests are listed again at the very end: a CI log is often read from its tail only.
const failedTests = [];
const errorsOutsideTests = [];

/** Runs a step with its output shown as it comes, and kept (without colours) for the summary. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ["inherit", "pipe", "pipe"] });
    let output = "";
    const keep = (target) => (chunk) => {
      target.write(chunk);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour codes
      output += chunk.toString().replace(/\u001b\[[0-9;]*m/g, "");
    };
    child.stdout.on("data", keep(process.stdout));
    child.stderr.on("data", keep(process.stderr));
    child.on("close", (status) => resolve({ status, output }));
  });
}
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const result = await run(step.command[0], step.command[1]);
  if (step.results && existsSync(path.join(resultsDir, step.results))) {
    const report = JSON.parse(readFileSync(path.join(resultsDir, step.results), "utf8"));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    if (report.numTotalTests === 0) failedSteps.push(`${step.name} (ran no tests)`);
    for (const file of report.testResults ?? []) {
      const relative = path.relative(root, file.name);
      for (const test of file.assertionResults ?? []) {
        if (test.status !== "failed") continue;
        const reason = (test.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 300);
        failedTests.push(`${relative} > ${test.fullName}\n    ${reason}`);
      }
      // A file that failed before any test ran (import error, hook timeout) has no assertions.
      if (file.status === "failed" && (file.assertionResults ?? []).length === 0) {
        failedTests.push(`${relative}\n    ${(file.message ?? "").split("\n")[0].slice(0, 300)}`);
      }
    }
  }
  if (result.status !== 0) {
    failedSteps.push(step.name);
    // Vitest exits 1 on an error outside any test (an unhandled rejection, a worker that died);
    // the JSON report does not hold it, so its section of the output is repeated at the end.
    const unhandled = result.output.indexOf("Unhandled");
    const excerpt =
      unhandled >= 0 ? result.output.slice(unhandled, unhandled + 4000) : result.output.slice(-3000);
    errorsOutsideTests.push(`--- ${step.name} ---\n${excerpt}`);
  }
}

// Suites that need real PostgreSQL skip themselves without TEST_DATABASE_URL; CI always sets it,
// so in CI a skipped test means such a suite did not run, and that must not pass unnoticed.
if (process.env.CI === "true" && process.env.TEST_DATABASE_URL && totals.skipped > 0) {
  failedSteps.push(`${totals.skipped} skipped tests in CI (the PostgreSQL suites must run)`);
}

console.log("");
if (failedTests.length > 0) console.log(`Failing tests:\n  ${failedTests.join("\n  ")}`);
if (errorsOutsideTests.length > 0) console.log(`Errors outside tests:\n${errorsOutsideTests.join("\n")}`);
if (failedSteps.length > 0) console.log(`Failed: ${failedSteps.join(", ")}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length > 0 ? 1 : 0);
