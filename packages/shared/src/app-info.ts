import { z } from "zod";

/**
 * GET /api/app-info: what the SPA learns about the server at run time (one build serves every
 * environment, so nothing of this is baked into the bundle).
 */
export const appInfo = z.object({
  sandbox: z
    .boolean()
    .describe(
      "A production server running sandbox providers (ALLOW_SANDBOX_PROVIDERS=true, staging): no real " +
        "money moves, and every page says so. False in development and test, whose sandboxes are expected.",
    ),
});
export type AppInfo = z.infer<typeof appInfo>;
