import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { identityId } from "./columns";

/** ISO 4217 currencies with their minor-unit digits (the scale every amount of that currency uses). */
export const currencies = pgTable("currencies", {
  ...identityId,
  iso: text("iso").notNull().unique(),
  name: text("name").notNull(),
  decimals: smallint("decimals").notNull(),
  symbol: text("symbol").notNull(),
  isActive: boolean("is_active").notNull().default(true),
});

/** ISO 3166-1 countries. */
export const countries = pgTable("countries", {
  ...identityId,
  iso2: text("iso2").notNull().unique(),
  iso3: text("iso3").notNull(),
  name: text("name").notNull(),
  flag: text("flag").notNull(),
  phonePrefix: text("phone_prefix").notNull(),
  currencyId: integer("currency_id").references(() => currencies.id),
});

/**
 * Where each service is offered, and on which side: a country can be a sending country ("from"),
 * a receiving country ("to"), or both. The per-service and home country lists read this table.
 */
export const countryServices = pgTable(
  "country_services",
  {
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    service: text("service").notNull(),
    direction: text("direction").notNull(),
  },
  (table) => [primaryKey({ columns: [table.service, table.direction, table.countryId] })],
);

export const states = pgTable(
  "states",
  {
    ...identityId,
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    code: text("code").notNull(),
    name: text("name").notNull(),
  },
  (table) => [uniqueIndex("states_country_code_key").on(table.countryId, table.code)],
);

export const cities = pgTable(
  "cities",
  {
    ...identityId,
    stateId: integer("state_id")
      .notNull()
      .references(() => states.id),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    name: text("name").notNull(),
  },
  (table) => [
    uniqueIndex("cities_state_name_key").on(table.stateId, table.name),
    // Locality search: a country's cities by name prefix, case-insensitively.
    index("cities_country_name_idx").on(table.countryId, sql`lower(${table.name}) text_pattern_ops`),
  ],
);

/** Which version of each seeded data set is in the database, so seeding runs once per change. */
export const seedVersions = pgTable("seed_versions", {
  name: text("name").primaryKey(),
  version: text("version").notNull(),
  seededAt: timestamp("seeded_at", { withTimezone: true }).notNull().defaultNow(),
});
