import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { businessTypes } from "../schema/index";

/** The kinds of company a business account registers as. Slugs are stable; names may be edited. */
export const BUSINESS_TYPES = [
  { slug: "sole-proprietorship", name: "Sole proprietorship" },
  { slug: "partnership", name: "Partnership" },
  { slug: "limited-liability-company", name: "Limited liability company" },
  { slug: "corporation", name: "Corporation" },
  { slug: "non-profit", name: "Non-profit organisation" },
  { slug: "cooperative", name: "Cooperative" },
  { slug: "money-services-business", name: "Money services business" },
  { slug: "government-entity", name: "Government entity" },
] as const;

export async function seedBusinessTypes(db: Db) {
  await db
    .insert(businessTypes)
    .values([...BUSINESS_TYPES])
    .onConflictDoUpdate({ target: businessTypes.slug, set: { name: sql`excluded.name` } });
}
