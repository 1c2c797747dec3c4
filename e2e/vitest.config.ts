import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Browser journeys against the production build: one server for the run (global setup), one
// Chromium per file. Files run one after another; two cores are better spent inside one browser.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: {
    name: "e2e",
    include: ["journeys/**/*.test.ts"],
    globalSetup: ["support/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // A page that renders in a second on an idle machine can take several on a loaded one (a lazy
    // chunk, a cold API): a poll without its own timeout waits up to 10 s, not Vitest's 1 s.
    expect: { poll: { timeout: 10_000 } },
  },
});
