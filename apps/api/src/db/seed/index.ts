import { eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { seedVersions } from "../schema/index";
import { seedBusinessTypes } from "./business-types";
import { seedPayoutNetwork } from "./payout-network";
import { seedPricing } from "./pricing";
import { seedReferenceData } from "./reference";
import { seedVerificationLimits } from "./verification-limits";
import { seedVerificationReference } from "./verification-reference";

/**
 * Each data set carries a version; seeding a set whose stored version matches does nothing, so
 * `db:seed` and every start-up are idempotent and cheap. Bump a version when its seed changes.
 */
const SEED_SETS = [
  { name: "reference", version: "2026-11-23.1", run: seedReferenceData },
  { name: "business-types", version: "2026-11-22.1", run: seedBusinessTypes },
  { name: "pricing", version: "2026-11-23.1", run: seedPricing },
  { name: "payout-network", version: "2026-11-23.1", run: seedPayoutNetwork },
  { name: "verification-reference", version: "2026-11-28.1", run: seedVerificationReference },
  { name: "verification-limits", version: "2026-11-28.1", run: seedVerificationLimits },
] as const;

export type SeedReport = { name: string; version: string; applied: boolean }[];

export async function seedDatabase(db: Db): Promise<SeedReport> {
  const report: SeedReport = [];
  for (const set of SEED_SETS) {
    const applied = await db.transaction(async (tx) => {
      // Instances starting together wait here rather than seeding the same set twice.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`seed:${set.name}`}))`);
      const [current] = await tx.select().from(seedVersions).where(eq(seedVersions.name, set.name));
      if (current?.version === set.version) return false;
      await set.run(tx);
      await tx
        .insert(seedVersions)
        .values({ name: set.name, version: set.version })
        .onConflictDoUpdate({
          target: seedVersions.name,
          set: { version: set.version, seededAt: sql`now()` },
        });
      return true;
    });
    report.push({ name: set.name, version: set.version, applied });
  }
  return report;
}
