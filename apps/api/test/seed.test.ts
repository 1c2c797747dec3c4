import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client";
import {
  bankBranches,
  banks,
  cities,
  countries,
  currencies,
  documentTypes,
  payoutPlaces,
  questions,
  seedVersions,
  serviceProviders,
  states,
  verificationDocumentFields,
  verificationDocuments,
  verificationLimits,
} from "../src/db/schema/index";
import { seedDatabase } from "../src/db/seed/index";
import { openFreshDatabase } from "./helper";

// Proves seeding is idempotent: a second run does nothing, and a forced re-run changes no counts.
let database: Database;

beforeAll(async () => {
  database = await openFreshDatabase();
});
afterAll(() => database.close());

async function counts() {
  const { db } = database;
  const tables = {
    countries,
    currencies,
    states,
    cities,
    documentTypes,
    banks,
    bankBranches,
    serviceProviders,
    payoutPlaces,
    verificationDocuments,
    verificationDocumentFields,
    questions,
    verificationLimits,
  };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => [name, await db.$count(table)] as const),
  );
  return Object.fromEntries(entries);
}

describe("seedDatabase", () => {
  it("skips a data set whose version is already in the database", async () => {
    const report = await seedDatabase(database.db);
    expect(report).toEqual([
      expect.objectContaining({ name: "reference", applied: false }),
      expect.objectContaining({ name: "business-types", applied: false }),
      expect.objectContaining({ name: "pricing", applied: false }),
      expect.objectContaining({ name: "payout-network", applied: false }),
      expect.objectContaining({ name: "verification-reference", applied: false }),
      expect.objectContaining({ name: "verification-limits", applied: false }),
    ]);
  });

  it("re-runs without duplicating anything when the version changes", async () => {
    const before = await counts();
    expect(before.cities).toBeGreaterThan(100_000);
    expect(before.payoutPlaces).toBeGreaterThan(100);
    await database.db.update(seedVersions).set({ version: "outdated" });
    const report = await seedDatabase(database.db);
    expect(report[0]?.applied).toBe(true);
    expect(await counts()).toEqual(before);
  });
});
