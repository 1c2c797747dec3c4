import type { TestProject } from "vitest/node";
import { buildIfNeeded } from "../../scripts/build-if-needed.mjs";
import { startProductionServer } from "./production-server";

/** Builds what is stale and starts one production server for the run; journeys read its URL. */
export default async function setup(project: TestProject) {
  buildIfNeeded();
  const server = await startProductionServer();
  project.provide("baseUrl", server.baseUrl);
  return () => server.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
