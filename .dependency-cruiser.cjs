// Import boundaries, checked by `npm run lint:imports` (a step of `npm test`).
// API: routes → domain → db/ledger/http/jobs, never back up. SPA: a feature imports no other
// feature; shared/ imports no feature. packages/shared imports nothing from the apps.
const api = "^apps/api/src/";
const infrastructure = `${api}(db|ledger|http|jobs)/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "api-routes-only-from-app",
      comment: "routes/ is the outer layer: only the app (app.ts) registers it.",
      severity: "error",
      from: { path: api, pathNot: [`${api}routes/`, `${api}app\\.ts$`] },
      to: { path: `${api}routes/` },
    },
    {
      name: "api-infrastructure-below-domains",
      comment: "db/, ledger/, http/ and jobs/ serve every domain, so they import none (and no plugin).",
      severity: "error",
      from: { path: infrastructure },
      to: { path: api, pathNot: [infrastructure, `${api}config\\.ts$`] },
    },
    {
      name: "api-no-module-cycles",
      comment:
        "A cycle through a type-only import is erased at run time. db/schema's tables reference " +
        "each other lazily (references(() => table.id)): one data model split over files.",
      severity: "error",
      from: { path: api, pathNot: `${api}db/schema/` },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "api-no-folder-cycles",
      comment: "Two folders that import each other are one domain in two places.",
      severity: "error",
      scope: "folder",
      from: { path: api },
      to: { circular: true },
    },
    {
      name: "web-feature-imports-no-other-feature",
      comment: "Features compose in app/; what two features share lives in shared/.",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/", pathNot: "^apps/web/src/features/$1/" },
    },
    {
      name: "web-shared-imports-no-feature",
      severity: "error",
      from: { path: "^apps/web/src/shared/" },
      to: { path: "^apps/web/src/(features|app)/" },
    },
    {
      name: "shared-package-imports-no-app",
      severity: "error",
      from: { path: "^packages/shared/" },
      to: { path: "^(apps|e2e|bench)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist)/" },
    tsPreCompilationDeps: true,
    // The SPA's "@/…" alias; the API and the shared package import by relative path.
    tsConfig: { fileName: `${__dirname}/apps/web/tsconfig.json` },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
  },
};
