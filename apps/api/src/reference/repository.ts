import type { CountryDirection, CountryService } from "@vela/shared/reference";
import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { cities, countries, countryServices, currencies, shippingMethods, states } from "../db/schema/index";

export type CountryFilter = {
  search?: string | undefined;
  service?: CountryService | undefined;
  direction?: CountryDirection | undefined;
};

/** Escapes LIKE wildcards so a search for "50%" means those characters, not a pattern. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Reads the seeded reference data. Every query here is a plain read; nothing writes. */
export function referenceRepository(db: Db) {
  return {
    async listCountries(filter: CountryFilter) {
      const conditions = [];
      if (filter.search) {
        const pattern = `%${likeEscape(filter.search)}%`;
        conditions.push(or(ilike(countries.name, pattern), ilike(countries.iso2, likeEscape(filter.search))));
      }
      if (filter.service) {
        const offered = db
          .selectDistinct({ countryId: countryServices.countryId })
          .from(countryServices)
          .where(
            and(
              eq(countryServices.service, filter.service),
              filter.direction ? eq(countryServices.direction, filter.direction) : undefined,
            ),
          );
        conditions.push(inArray(countries.id, offered));
      }
      return db
        .select({
          id: countries.id,
          name: countries.name,
          iso2: countries.iso2,
          iso3: countries.iso3,
          flag: countries.flag,
          phonePrefix: countries.phonePrefix,
          currencyId: countries.currencyId,
          currencyIso: currencies.iso,
        })
        .from(countries)
        .leftJoin(currencies, eq(currencies.id, countries.currencyId))
        .where(and(...conditions))
        .orderBy(asc(countries.name));
    },

    async countryExists(countryId: number) {
      const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId));
      return row !== undefined;
    },

    async stateExists(stateId: number) {
      const [row] = await db.select({ id: states.id }).from(states).where(eq(states.id, stateId));
      return row !== undefined;
    },

    async listCurrencies(search?: string) {
      const pattern = search ? `%${likeEscape(search)}%` : undefined;
      return db
        .select({
          id: currencies.id,
          iso: currencies.iso,
          name: currencies.name,
          decimals: currencies.decimals,
          symbol: currencies.symbol,
        })
        .from(currencies)
        .where(
          and(
            eq(currencies.isActive, true),
            pattern ? or(ilike(currencies.iso, pattern), ilike(currencies.name, pattern)) : undefined,
          ),
        )
        .orderBy(asc(currencies.iso));
    },

    async listStates(countryId: number) {
      return db
        .select({ id: states.id, country_id: states.countryId, name: states.name, code: states.code })
        .from(states)
        .where(eq(states.countryId, countryId))
        .orderBy(asc(states.name));
    },

    async listCities(stateId: number) {
      return db
        .select({ id: cities.id, state_id: cities.stateId, name: cities.name })
        .from(cities)
        .where(eq(cities.stateId, stateId))
        .orderBy(asc(cities.name));
    },

    /** Cities of a country whose name starts with the search text, for address autocompletes. */
    async searchLocalities(countryId: number, search: string | undefined, limit: number) {
      return db
        .select({
          id: cities.id,
          name: cities.name,
          state_id: cities.stateId,
          state_name: states.name,
          country_id: cities.countryId,
        })
        .from(cities)
        .innerJoin(states, eq(states.id, cities.stateId))
        .where(
          and(
            eq(cities.countryId, countryId),
            search ? sql`lower(${cities.name}) like ${`${likeEscape(search.toLowerCase())}%`}` : undefined,
          ),
        )
        .orderBy(asc(cities.name))
        .limit(limit);
    },
  };
}

/** A delivery method's slug by its id, or null when there is no such method. */
export async function shippingMethodSlug(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .select({ slug: shippingMethods.slug })
    .from(shippingMethods)
    .where(eq(shippingMethods.id, id));
  return row?.slug ?? null;
}
