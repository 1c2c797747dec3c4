import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { AppProvider } from "./app/provider";
import { AppRoutes } from "./app/router";

const page = (url: string) => (
  <StrictMode>
    <AppProvider>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppProvider>
  </StrictMode>
);

async function renderOnce(url: string): Promise<string> {
  // React outlines a large finished boundary to stream the shell sooner (an inline script then
  // moves it into place); a file written at build time has nothing to gain from that.
  const { prelude } = await prerender(page(url), { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}

/**
 * The build-time render of a public page (scripts/prerender.mjs puts it into dist/index.html), so
 * that a visitor sees the page as soon as the HTML and CSS arrive instead of a blank screen until
 * the JavaScript has run. It is the tree `main.tsx` hydrates, with the router fixed on `url`:
 * English, nobody signed in, and the API's data not there yet (the calculator shows its loading
 * state), which is also what the browser's first render produces.
 *
 * Rendered twice: the first pass makes every lazy page chunk on the way load. A boundary that
 * suspends is written as a fallback plus an inline script that swaps the content in later, and the
 * CSP forbids inline scripts (the browser would then keep the spinner, and React would drop the
 * prerendered page and render it anew); on the second pass the chunks are there and nothing suspends.
 */
export async function renderPage(url: string): Promise<string> {
  await renderOnce(url);
  const html = await renderOnce(url);
  // React's server renderer leaves the last context values it set in place until its next render
  // starts from the root; an empty render puts them back, so that a browser render in the same
  // process (the tests hydrate this HTML) does not find itself "inside" the StaticRouter.
  await prerender(null);
  if (/<script|<template/i.test(html))
    throw new Error(`${url} still suspends on the second render; its HTML would need inline scripts`);
  return html;
}
