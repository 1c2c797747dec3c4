import { defineConfig } from "vitest/config";

// One Vitest run covers every workspace except the browser journeys (e2e/ has its own config,
// because it needs the production build and Chromium).
export default defineConfig({
  test: {
    projects: ["packages/shared", "apps/api", "apps/web"],
  },
});
