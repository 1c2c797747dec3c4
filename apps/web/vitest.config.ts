import { fileURLToPath, URL } from "node:url";
import { defineProject } from "vitest/config";

export default defineProject({
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    css: false,
    // CI shares a small machine with PostgreSQL and Chromium; a render that takes 2 s here can take
    // ten there. Timeouts are for hangs, not for speed (bench/ measures speed).
    testTimeout: 30_000,
  },
});
