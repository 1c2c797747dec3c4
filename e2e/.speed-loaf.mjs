import { chromium } from "playwright-core";
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu","--no-first-run","--disable-background-networking","--disable-component-update","--disable-sync"] });
const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
await context.addInitScript(() => {
  window.__loaf = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__loaf.push(e.toJSON()); }).observe({ type: "long-animation-frame", buffered: true });
});
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
await page.goto(url, { waitUntil: "networkidle" });
await page.waitForTimeout(2000);
const loaf = await page.evaluate(() => window.__loaf);
for (const f of loaf) {
  console.log(`frame start=${Math.round(f.startTime)} dur=${Math.round(f.duration)} block=${Math.round(f.blockingDuration)} styleLayout=${Math.round(f.styleAndLayoutStart ? f.startTime + f.duration - f.styleAndLayoutStart : 0)}`);
  for (const s of f.scripts) console.log(`   ${Math.round(s.duration)}ms forced=${Math.round(s.forcedStyleAndLayoutDuration)} ${s.invoker} ${s.sourceFunctionName} ${s.sourceURL.split("/").pop()}:${s.sourceCharPosition}`);
}
await browser.close();
