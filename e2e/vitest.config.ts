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
  },
});
