// What the benches share to measure and print: the loop that keeps users busy for a while and times
// their work, its percentiles, a POST that reports a refusal instead of throwing, and how figures
// and tables are printed.
import { randomUUID } from "node:crypto";

/** The p-th percentile of ascending values (NaN when there are none). */
export const percentile = (sorted, p) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** A count or a rate as the figures print it: rounded, with thousands separators. */
export const fmt = (value) => Math.round(value).toLocaleString("en-US");

/**
 * Prints rows as an aligned table: the first column left-aligned, the others right-aligned; a rule
 * under the header and before each further group of rows (totals).
 */
export function printTable(header, ...rowGroups) {
  const rows = rowGroups.flat();
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  const line = (row) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join("  ");
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  console.log(line(header));
  for (const group of rowGroups) {
    console.log(rule);
    for (const row of group) console.log(line(row));
  }
}

/** POSTs as a signed-in user with a new Idempotency-Key; answers the status and the body's text. */
export async function postAsUser(baseUrl, path, token, body) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${token}`,
      "idempotency-key": randomUUID(),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** Why a POST that should have answered 201 did not: null when it did. */
export const refusalOf = (answer) =>
  answer.status === 201 ? null : `${answer.status} ${answer.text.slice(0, 120)}`;

/**
 * Every user works for `seconds`: `step(user, index, n)` is one unit of work (one or more requests)
 * and answers null when it was done, "exhausted" when the user has nothing left to do, else why not.
 */
export async function measure(users, seconds, step) {
  const latencies = [];
  const failures = new Map();
  let exhausted = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    users.map(async (user, index) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const at = performance.now();
        const problem = await step(user, index, n);
        if (problem === "exhausted") {
          exhausted += 1;
          return;
        }
        if (problem === null) latencies.push(performance.now() - at);
        else failures.set(problem, (failures.get(problem) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    done: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
    exhausted,
  };
}
