import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "shared",
    environment: "node",
    include: ["src/**/*.test.ts"],
    // Property tests run thousands of cases; on a loaded CI machine that can pass 5 s.
    testTimeout: 30_000,
  },
});
