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

/** The names in Spanish, by slug: the route answers them by the `language` header (seeded names are English). */
export const BUSINESS_TYPE_NAMES_ES: Record<(typeof BUSINESS_TYPES)[number]["slug"], string> = {
  "sole-proprietorship": "Empresa individual",
  partnership: "Sociedad colectiva",
  "limited-liability-company": "Sociedad de responsabilidad limitada",
  corporation: "Sociedad anónima",
  "non-profit": "Organización sin ánimo de lucro",
  cooperative: "Cooperativa",
  "money-services-business": "Empresa de servicios monetarios",
  "government-entity": "Entidad gubernamental",
};

export async function seedBusinessTypes(db: Db) {
  await db
    .insert(businessTypes)
    .values([...BUSINESS_TYPES])
    .onConflictDoUpdate({ target: businessTypes.slug, set: { name: sql`excluded.name` } });
}
