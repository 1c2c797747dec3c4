// After `vite build` (the client, into dist/) and `vite build --ssr src/prerender.tsx` (into
// dist-ssr/): writes the home page's HTML into dist/index.html, keeps the empty shell as
// dist/spa.html for every other client route, and precompresses what the server sends (.br, .gz).
//
// - The page's markup goes inside <div id="root">, which main.tsx then hydrates.
// - Its stylesheets (the entry's and the lazy home route's) are inlined in the head, so the
//   prerendered page is styled from the first paint without another request (see below).
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

  // The page's stylesheets go into the HTML as <style> elements (the CSP allows inline styles, not
  // inline scripts): the entry's (Mantine, the fonts' @font-face rules, global.css) and the home
  // route's, so that the prerendered page is styled from the first paint without waiting for
  // another request. On a slow phone link each stylesheet was a render-blocking request on a new
  // connection (handshake, request, then the transfer in TCP slow start: about 0.6 s for the 34 kB
  // entry stylesheet in Lighthouse's model), while inside the HTML the same bytes arrive on the
  // connection that is already open. Its JavaScript is not modulepreloaded: on a slow link those
  // requests would share the bandwidth with the page; the entry asks for them after the first paint.
  // The route's stylesheets keep a `disabled` link (never fetched nor applied): Vite's loader of
  // the lazy route chunk looks for a stylesheet link before it adds one and waits for it to load.
  const { css } = chunkClosure(manifest, HOME_ROUTE_MODULE);
  const routeCss = [...new Set(css)];
  const entryLinks = [...shell.matchAll(/\s*<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)];
  const styleOf = (file) => {
    const text = readFileSync(path.join(distDir, file), "utf8");
    if (/<\/style/i.test(text)) fail(`${file} contains "</style", which cannot be inlined.`);
    return `<style data-href="/${file}">${text}</style>`;
  };
  const inlined = new Set(entryLinks.map((match) => match[1]));
  const tags = [
    ...entryLinks.map((match) => styleOf(match[1])),
    ...routeCss.filter((file) => !inlined.has(file)).map((file) => styleOf(file)),
    ...routeCss
      .filter((file) => !inlined.has(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}" disabled>`),
  ];
  // For the same reason the entry's own modulepreloads go: this page is already on screen without
  // JavaScript, so the framework chunk may wait until the entry asks for it (one round trip later)
  // rather than compete with the page. spa.html keeps them: there nothing shows before the JavaScript.
  let page = shell.replace(/\s*<link rel="modulepreload"[^>]*>/g, "");
  for (const match of entryLinks) page = page.replace(match[0], "");
  page = page
    .replace("</head>", `  ${tags.join("\n    ")}\n  </head>`)
    .replace(rootTag, `<div id="root">${html}</div>`);
  writeFileSync(path.join(distDir, "spa.html"), shell);
  writeFileSync(path.join(distDir, "index.html"), page);
  return {
    bytes: Buffer.byteLength(page),
    inlined: inlined.size + routeCss.filter((file) => !inlined.has(file)).length,
  };
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

const { bytes, inlined } = await prerenderHome();
// The manifest and the server render were only needed here; neither should be served.
rmSync(path.join(distDir, ".vite"), { recursive: true, force: true });
rmSync(ssrDir, { recursive: true, force: true });
const compressed = compressAll(distDir);
console.log(
  `prerender: dist/index.html holds the home page (${(bytes / 1000).toFixed(1)} kB, ${inlined} stylesheet(s) inlined); ` +
    `dist/spa.html is the shell for other routes; ${compressed} file(s) precompressed (.br, .gz).`,
);
