import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "api",
    environment: "node",
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // Each file builds its own database; PGlite boots in a few seconds.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
