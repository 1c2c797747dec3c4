import { chromium } from "playwright-core";
import { readFileSync } from "node:fs";
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu","--no-first-run","--disable-background-networking","--disable-component-update","--disable-sync"] });
const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
const page = await context.newPage();
await browser.startTracing(page, { path: "/tmp/speed-trace.json", categories: ["disabled-by-default-v8.cpu_profiler", "devtools.timeline", "v8"] });
await page.goto(url, { waitUntil: "networkidle" });
await page.waitForTimeout(1000);
await browser.stopTracing();
await browser.close();
const trace = JSON.parse(readFileSync("/tmp/speed-trace.json", "utf8"));
const events = trace.traceEvents ?? trace;
const nodes = new Map(); const self = new Map();
for (const e of events) {
  if (e.name !== "ProfileChunk") continue;
  const cp = e.args?.data?.cpuProfile; if (!cp) continue;
  for (const n of cp.nodes ?? []) nodes.set(`${e.id}:${n.id}`, n);
  const deltas = e.args.data.timeDeltas ?? [];
  (cp.samples ?? []).forEach((id, i) => { const n = nodes.get(`${e.id}:${id}`); if (!n) return; const cf = n.callFrame; const key = `${cf.functionName || "(anon)"} ${(cf.url ?? "").split("/").pop()}:${cf.lineNumber}`; self.set(key, (self.get(key) ?? 0) + (deltas[i] ?? 0)); });
}
for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(Math.round(us / 1000), k);
// Long tasks
const tasks = events.filter((e) => e.name === "RunTask" && e.dur > 20000).map((e) => Math.round(e.dur / 1000));
console.log("tasks > 20ms:", tasks.join(" "));
