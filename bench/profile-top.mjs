// The functions that spent the most CPU time themselves (self time) in a V8 CPU profile, such as
// the one `calculator.mjs --profile` leaves in bench/results/, and the same time summed by package
// (or by file of our own code), so a profile can be read without opening DevTools.
//
// Usage: node profile-top.mjs [file.cpuprofile] [--top 30] [--last SECONDS]
//   Without a file, the newest .cpuprofile in bench/results/.
//   --last 10  only the profile's last 10 seconds (leaves out the server's start-up and seeding).

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { ROOT_DIR } from "./support/production-server.mjs";

const args = process.argv.slice(2);
const topAt = args.indexOf("--top");
const TOP = topAt === -1 ? 30 : Number(args[topAt + 1]);
const lastAt = args.indexOf("--last");
const LAST_US = lastAt === -1 ? Number.POSITIVE_INFINITY : Number(args[lastAt + 1]) * 1e6;
const fileArg = args.find(
  (arg, index) => !arg.startsWith("--") && index !== topAt + 1 && index !== lastAt + 1,
);

function newestProfile() {
  const dir = join(ROOT_DIR, "bench", "results");
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".cpuprofile"))
    .map((name) => join(dir, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (files.length === 0) throw new Error(`no .cpuprofile in ${dir}; run calculator.mjs --profile first.`);
  return files[0];
}

const file = fileArg ? resolve(fileArg) : newestProfile();
const profile = JSON.parse(readFileSync(file, "utf8"));

// Self time per node: each sample is charged to the node it names, for the delta that follows it.
const selfUs = new Map();
const { samples, timeDeltas } = profile;
const from = profile.endTime - LAST_US;
let at = profile.startTime;
for (let index = 0; index < samples.length; index++) {
  at += timeDeltas[index];
  if (at < from) continue;
  const delta = timeDeltas[index + 1] ?? 0;
  selfUs.set(samples[index], (selfUs.get(samples[index]) ?? 0) + delta);
}

/** "node_modules/zod/…" → "zod", our bundle → its source file from the sourcemap is not read: the URL. */
function groupOf(url) {
  if (!url) return "(native / V8)";
  const modules = url.lastIndexOf("node_modules/");
  if (modules !== -1) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith("node:")) return "node (core)";
  return url.replace(`file://${ROOT_DIR}/`, "");
}

const byFunction = new Map();
const byGroup = new Map();
let total = 0;
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  if (us === 0) continue;
  total += us;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${groupOf(url)}:${lineNumber + 1}` : "";
  const name = `${functionName || "(anonymous)"} ${where}`.trim();
  byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  const group = groupOf(url);
  byGroup.set(group, (byGroup.get(group) ?? 0) + us);
}

// Total time per function: a node's self time charged to it and to every function above it on the
// stack, each function once per stack however often it recurses.
const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
const nodeById = new Map(profile.nodes.map((node) => [node.id, node]));
const byFunctionTotal = new Map();
for (const [id, us] of selfUs) {
  if (us === 0) continue;
  const seen = new Set();
  for (let node = nodeById.get(id); node; node = parentOf.get(node.id)) {
    const { functionName, url, lineNumber } = node.callFrame;
    if (!url) continue;
    const name = `${functionName || "(anonymous)"} ${groupOf(url)}:${lineNumber + 1}`;
    if (seen.has(name)) continue;
    seen.add(name);
    byFunctionTotal.set(name, (byFunctionTotal.get(name) ?? 0) + us);
  }
}

const percent = (us) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
const print = (title, map, top) => {
  console.log(`\n${title}`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${percent(us)}  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
  }
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s of samples`);
print(`Top ${TOP} functions by self time`, byFunction, TOP);
print("Self time by package or file", byGroup, 20);
print(`Top ${TOP} functions by total time (self and callees)`, byFunctionTotal, TOP);
