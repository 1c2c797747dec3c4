// Bundle size of the home page's first load: the JavaScript and CSS that apps/web/dist/index.html
// makes the browser fetch before anything renders (module scripts, modulepreloads, stylesheets),
// each gzipped at level 9 the way a static server or CDN would send it.
//
// Usage: node bundle.mjs [--build]
//   --build  rebuild the SPA first, so the figure is never taken from a stale dist/.
//
// It prints a figure, not a verdict: the exit code is 0 whether the goal is met or not, and 1
// only when there is nothing to measure (no build and none could be made, or index.html names
// a file the build did not produce).

import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { constants, gzipSync } from "node:zlib";
import { printTable } from "./support/measure.mjs";

const ROOT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const WEB_DIR = join(ROOT_DIR, "apps", "web");
const DIST_DIR = join(WEB_DIR, "dist");
const INDEX_PATH = join(DIST_DIR, "index.html");
const VITE_CONFIG_NAMES = ["vite.config.ts", "vite.config.mts", "vite.config.js", "vite.config.mjs"];

// The architecture's budget for the first load's JavaScript, gzipped. Kilobytes are 1000 bytes,
// the unit Vite's own build report uses, so the two figures can be compared directly.
const JS_GZIP_GOAL_KB = 170;
const BYTES_PER_KB = 1000;

const shouldRebuild = process.argv.includes("--build");

function fail(message) {
  console.error(`bench bundle: ${message}`);
  process.exit(1);
}

function buildSpa() {
  const viteConfig = VITE_CONFIG_NAMES.find((name) => existsSync(join(WEB_DIR, name)));
  if (viteConfig === undefined) {
    fail(
      `apps/web has no build yet (${relative(ROOT_DIR, INDEX_PATH)} is missing) and no vite config ` +
        "to make one with; nothing to measure until the SPA exists.",
    );
  }
  console.log("Building the SPA (npm run build -w @vela/web)…");
  // The build's own report goes to stderr so stdout stays the table alone.
  const result = spawnSync("npm", ["run", "build", "-w", "@vela/web"], {
    cwd: ROOT_DIR,
    stdio: ["ignore", process.stderr, process.stderr],
  });
  if (result.error !== undefined) fail(`could not run the build: ${result.error.message}`);
  if (result.status !== 0) fail(`the SPA build failed (exit ${result.status}); see its output above.`);
  if (!existsSync(INDEX_PATH)) fail(`the build finished but ${relative(ROOT_DIR, INDEX_PATH)} is missing.`);
}

/** Every tag of one name with its attributes, lower-cased names; `content` is the text up to its closing tag. */
function findTags(html, tagName) {
  const tags = [];
  const tagPattern =
    tagName === "link"
      ? /<link\b([^>]*)>/gi
      : new RegExp(`<${tagName}\\b([^>]*)>([\\s\\S]*?)<\\/${tagName}\\s*>`, "gi");
  for (const match of html.matchAll(tagPattern)) {
    const attributes = new Map();
    for (const attribute of match[1].matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attributes.set(attribute[1].toLowerCase(), attribute[2] ?? attribute[3] ?? attribute[4] ?? "");
    }
    tags.push({ attributes, content: match[2] ?? "" });
  }
  return tags;
}

/** The first-load assets index.html asks for, in document order, each once. */
function firstLoadAssets(html) {
  const assets = [];
  const seen = new Set();
  const add = (kind, reference) => {
    if (!seen.has(reference)) {
      seen.add(reference);
      assets.push({ kind, reference });
    }
  };

  for (const { attributes, content } of findTags(html, "script")) {
    if (attributes.get("type") !== "module") continue;
    const src = attributes.get("src");
    if (src) add("js", src);
    else if (content.trim() !== "")
      assets.push({ kind: "js", inline: content, reference: "(inline script)" });
  }
  for (const { attributes } of findTags(html, "link")) {
    const rel = (attributes.get("rel") ?? "").toLowerCase().split(/\s+/);
    const href = attributes.get("href");
    // A disabled stylesheet is neither fetched nor applied (the prerendered page keeps one per
    // inlined route stylesheet, for Vite's chunk loader to find).
    if (!href || attributes.has("disabled")) continue;
    if (rel.includes("modulepreload")) add("js", href);
    else if (rel.includes("stylesheet")) add("css", href);
  }
  for (const { content } of findTags(html, "style")) {
    if (content.trim() !== "") assets.push({ kind: "css", inline: content, reference: "(inline style)" });
  }
  return assets;
}

/** Maps "/assets/x.js" (or "assets/x.js", or "/base/assets/x.js") to its file in dist/. */
function resolveInDist(reference) {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(reference) || reference.startsWith("//")) {
    fail(`index.html loads ${reference} from another host; this bench only measures our own files.`);
  }
  const pathname = decodeURIComponent(reference.split(/[?#]/)[0]).replace(/^\/+/, "");
  const segments = pathname.split("/");
  // A non-root Vite `base` prefixes every URL; drop leading segments until the file is found.
  for (let start = 0; start < segments.length; start += 1) {
    const candidate = join(DIST_DIR, ...segments.slice(start));
    if (candidate.startsWith(DIST_DIR) && existsSync(candidate) && statSync(candidate).isFile())
      return candidate;
  }
  fail(`index.html loads ${reference}, which is not in ${relative(ROOT_DIR, DIST_DIR)}.`);
}

function measure(bytes) {
  return {
    rawBytes: bytes.length,
    gzipBytes: gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length,
  };
}

function filesText(count) {
  return `${count} ${count === 1 ? "file" : "files"}`;
}

function kilobytes(bytes) {
  return (bytes / BYTES_PER_KB).toFixed(2);
}

/** Every JavaScript file in dist/, for the informational line about chunks loaded later. */
function allJavaScriptFiles(directory) {
  const files = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) files.push(...allJavaScriptFiles(path));
    else if (entry.name.endsWith(".js") || entry.name.endsWith(".mjs")) files.push(path);
  }
  return files;
}

if (shouldRebuild || !existsSync(INDEX_PATH)) buildSpa();

const html = readFileSync(INDEX_PATH, "utf8");
const assets = firstLoadAssets(html).map((asset) => {
  const path = asset.inline === undefined ? resolveInDist(asset.reference) : undefined;
  const bytes = path === undefined ? Buffer.from(asset.inline, "utf8") : readFileSync(path);
  const name = path === undefined ? asset.reference : relative(DIST_DIR, path);
  return { kind: asset.kind, path, name, ...measure(bytes) };
});

const totals = {};
for (const kind of ["js", "css"]) {
  const ofKind = assets.filter((asset) => asset.kind === kind);
  totals[kind] = {
    count: ofKind.length,
    rawBytes: ofKind.reduce((sum, asset) => sum + asset.rawBytes, 0),
    gzipBytes: ofKind.reduce((sum, asset) => sum + asset.gzipBytes, 0),
  };
}

const builtAt = statSync(INDEX_PATH).mtime.toISOString();
console.log(
  `First load of the home page (${relative(ROOT_DIR, INDEX_PATH)}, built ${builtAt}); gzip level 9.\n`,
);
printTable(
  ["file", "raw KB", "gzip KB"],
  assets.map((asset) => [asset.name, kilobytes(asset.rawBytes), kilobytes(asset.gzipBytes)]),
  [
    [
      `JS total (${filesText(totals.js.count)})`,
      kilobytes(totals.js.rawBytes),
      kilobytes(totals.js.gzipBytes),
    ],
    [
      `CSS total (${filesText(totals.css.count)})`,
      kilobytes(totals.css.rawBytes),
      kilobytes(totals.css.gzipBytes),
    ],
  ],
);

if (totals.js.count === 0) console.log("\nWarning: index.html loads no JavaScript; is this the SPA's build?");

const firstLoadPaths = new Set(assets.map((asset) => asset.path));
const laterChunks = allJavaScriptFiles(DIST_DIR).filter((path) => !firstLoadPaths.has(path));
const laterGzipBytes = laterChunks.reduce((sum, path) => sum + measure(readFileSync(path)).gzipBytes, 0);
console.log(
  `\nNot counted: ${laterChunks.length} JavaScript chunk(s) loaded later (routes, lazy features), ` +
    `${kilobytes(laterGzipBytes)} KB gzip together.`,
);

const verdict = totals.js.gzipBytes < JS_GZIP_GOAL_KB * BYTES_PER_KB ? "PASS" : "OVER";
console.log(`\nJS goal: < ${JS_GZIP_GOAL_KB} KB gzip — ${verdict} (${kilobytes(totals.js.gzipBytes)} KB)`);
