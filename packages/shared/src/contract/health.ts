import { z } from "zod";
import { appInfo } from "../app-info";
import { get } from "./endpoint";

/* Whether the server is up, and what the SPA learns about it at run time. */

export const ping = get("/ping", z.object({ status: z.literal("ok") }));
export const getAppInfo = get("/app-info", appInfo);
export const health = get(
  "/health",
  z.object({
    status: z.literal("ok"),
    database: z.object({
      kind: z.enum(["pglite", "postgres"]),
      reachable: z.literal(true),
      latency_ms: z.number(),
    }),
    uptime_s: z.number(),
  }),
);
