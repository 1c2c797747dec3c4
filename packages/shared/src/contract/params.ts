import { z } from "zod";
import { recordId } from "../api";

/* The path parameters many endpoints share. */

/** The record a path names by its id: `/…/{id}`. */
export const idParams = z.object({ id: recordId });
