// How Chromium is started headless here, by the journeys (Playwright) and by the Lighthouse bench
// (chrome-launcher). Without the background-networking flags Chromium keeps dialling out, which
// this network refuses.
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
