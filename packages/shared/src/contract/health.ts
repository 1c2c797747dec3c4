import { z } from "zod";
import { appInfo } from "../app-info";
import { endpoint } from "./endpoint";

/* Whether the server is up, and what the SPA learns about it at run time. */

export const ping = endpoint({
  method: "GET",
  path: "/ping",
  response: z.object({ status: z.literal("ok") }),
});
export const getAppInfo = endpoint({ method: "GET", path: "/app-info", response: appInfo });
export const health = endpoint({
  method: "GET",
  path: "/health",
  response: z.object({
    status: z.literal("ok"),
    database: z.object({
      kind: z.enum(["pglite", "postgres"]),
      reachable: z.literal(true),
      latency_ms: z.number(),
    }),
    uptime_s: z.number(),
  }),
});
