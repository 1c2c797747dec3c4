import { z } from "zod";
import { recordId } from "../api";

/* The path parameters many endpoints share. */

/** The record a path names by its id: `/…/{id}`. */
export const idParams = z.object({ id: recordId });

/** A service as the path's first segment names it: `/{service}/…`, one of `services`. */
export const serviceParams = <const S extends readonly [string, ...string[]]>(services: S) =>
  z.object({ service: z.enum(services) });
