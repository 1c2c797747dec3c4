import { fileURLToPath, URL } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const API_TARGET = process.env.VELA_API_URL ?? "http://localhost:3000";

// Libraries that every page needs on first load; keeping them in one long-cached chunk means a
// new release of our own code does not make returning visitors download React again. Mantine is
// left to the default splitting so the home page only carries the components it renders.
const FRAMEWORK_PACKAGES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|zustand|use-sync-external-store)[\\/]/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: API_TARGET, changeOrigin: true } },
  },
  preview: {
    proxy: { "/api": { target: API_TARGET, changeOrigin: true } },
  },
  build: {
    outDir: "dist",
    assetsDir: "assets",
    emptyOutDir: true,
    sourcemap: false,
    // scripts/prerender.mjs reads the client build's manifest to preload the home route's chunk.
    manifest: !isSsrBuild,
    rolldownOptions: {
      treeshake: {
        // packages/shared builds zod schemas at module level (z.object(...)); unused ones are pure
        // and should not drag zod into pages that only need a constant from the same module.
        manualPureFunctions: ["z"],
      },
      // The build-time render (src/prerender.tsx) runs once in Node: it needs no chunking.
      output: isSsrBuild
        ? {}
        : {
            codeSplitting: {
              groups: [{ name: "framework", test: FRAMEWORK_PACKAGES, priority: 10 }],
            },
          },
    },
  },
}));
