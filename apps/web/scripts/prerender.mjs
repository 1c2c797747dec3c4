// After `vite build` (the client, into dist/) and `vite build --ssr src/prerender.tsx` (into
// dist-ssr/): writes the home page's HTML into dist/index.html, keeps the empty shell as
// dist/spa.html for every other client route, and precompresses what the server sends (.br, .gz).
//
// - The page's markup goes inside <div id="root">, which main.tsx then hydrates.
// - The home route is a lazy chunk: its CSS is linked in the head, so the prerendered page is
//   styled from the first paint (no shift when the chunk lands).
// - Compression is done once here (brotli at its best quality, gzip at 9) rather than per request;
//   the API's SPA plugin serves the variant the browser accepts (@fastify/static `preCompressed`).

import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const distDir = path.join(webDir, "dist");
const ssrDir = path.join(webDir, "dist-ssr");
const manifestPath = path.join(distDir, ".vite", "manifest.json");
/** The route module whose chunk the home page needs; a key of Vite's manifest. */
const HOME_ROUTE_MODULE = "src/app/routes/home-page-route.tsx";
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Smaller than this, a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

function fail(message) {
  console.error(`prerender: ${message}`);
  process.exit(1);
}

/** The files a manifest entry needs before it runs: its own, its static imports', and their CSS. */
function chunkClosure(manifest, key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return { js: [], css: [] };
  seen.add(key);
  const js = [entry.file];
  const css = [...(entry.css ?? [])];
  for (const imported of entry.imports ?? []) {
    const inner = chunkClosure(manifest, imported, seen);
    js.push(...inner.js);
    css.push(...inner.css);
  }
  return { js, css };
}

async function prerenderHome() {
  const entryPath = path.join(ssrDir, "prerender.js");
  if (!existsSync(entryPath))
    fail(`${path.relative(webDir, entryPath)} is missing; run the SSR build first.`);
  if (!existsSync(manifestPath))
    fail("dist/.vite/manifest.json is missing; the client build must write a manifest.");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  if (!manifest[HOME_ROUTE_MODULE]) fail(`the manifest has no ${HOME_ROUTE_MODULE}.`);

  const shell = readFileSync(path.join(distDir, "index.html"), "utf8");
  const rootTag = '<div id="root"></div>';
  if (!shell.includes(rootTag)) fail(`dist/index.html has no ${rootTag}.`);

  const { renderPage } = await import(pathToFileURL(entryPath).href);
  const html = await renderPage("/");
  if (!html.includes("<main")) fail("the prerendered home page has no <main>; the render went wrong.");

  // The home route's CSS is linked so that the prerendered page is styled from the first paint
  // (otherwise it would restyle, and shift, when the lazy chunk brings it). Its JavaScript is not
  // modulepreloaded: on a slow link those requests would share the bandwidth with the CSS that the
  // first paint waits for; the chunk is fetched when the entry asks for it, after the first paint.
  const already = (file) => shell.includes(`/${file}"`);
  const { css } = chunkClosure(manifest, HOME_ROUTE_MODULE);
  const tags = [...new Set(css)]
    .filter((file) => !already(file))
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  // For the same reason the entry's own modulepreloads go: this page is already on screen without
  // JavaScript, so the framework chunk may wait until the entry asks for it (one round trip later)
  // rather than compete with the CSS. spa.html keeps them: there nothing shows before the JavaScript.
  const page = shell
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, "")
    .replace("</head>", `  ${tags.join("\n    ")}\n  </head>`)
    .replace(rootTag, `<div id="root">${html}</div>`);
  writeFileSync(path.join(distDir, "spa.html"), shell);
  writeFileSync(path.join(distDir, "index.html"), page);
  return { bytes: Buffer.byteLength(page), preloaded: tags.length };
}

function compressAll(dir) {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      count += compressAll(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name) || statSync(file).size < MIN_BYTES) continue;
    const source = readFileSync(file);
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gzip = gzipSync(source, { level: 9 });
    // A variant that is not smaller is not worth sending; the server then sends the file itself.
    if (brotli.length < source.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < source.length) writeFileSync(`${file}.gz`, gzip);
    count += 1;
  }
  return count;
}

const { bytes, preloaded } = await prerenderHome();
// The manifest and the server render were only needed here; neither should be served.
rmSync(path.join(distDir, ".vite"), { recursive: true, force: true });
rmSync(ssrDir, { recursive: true, force: true });
const compressed = compressAll(distDir);
console.log(
  `prerender: dist/index.html holds the home page (${(bytes / 1000).toFixed(1)} kB, ${preloaded} stylesheet(s) linked); ` +
    `dist/spa.html is the shell for other routes; ${compressed} file(s) precompressed (.br, .gz).`,
);
