import type { TestProject } from "vitest/node";
import { createTemplate, dropTemplate } from "./template-database";

/**
 * Migrates and seeds one template database for the whole run; each test file then starts from
 * a copy of it, so files never share state and the 150k-row seed runs once.
 */
export default async function setup(project: TestProject) {
  const template = await createTemplate();
  project.provide("databaseTemplate", template);
  return async () => {
    await dropTemplate(template);
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: import("./template-database").DatabaseTemplate;
  }
}
