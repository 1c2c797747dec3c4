import type { Language } from "@vela/shared/api";
import { and, arrayContains, asc, count, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import {
  bankBranches,
  banks,
  cities,
  documentTypes,
  payoutPlaces,
  placeTypes,
  relationships,
  serviceProviders,
  serviceTypes,
  shippingMethods,
  states,
  transferReasons,
} from "../db/schema/index";

/** Escapes LIKE wildcards so a search for "50%" means those characters, not a pattern. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
const contains = (text: string) => `%${likeEscape(text)}%`;

export type PlaceFilter = {
  countryId?: number | undefined;
  serviceProviderId?: number | undefined;
  typePlaceId?: number | undefined;
  provinceId?: number | undefined;
  townId?: number | undefined;
  search?: string | undefined;
};

/** Reads the seeded payout reference data (db/seed/payout-network.ts). Plain reads; nothing writes. */
export function payoutRepository(db: Db) {
  /** The name column in the caller's language (Spanish where the seed has it). */
  const named = <T extends { name: PgColumn; nameEs: PgColumn }>(table: T, language: Language) =>
    language === "es" ? table.nameEs : table.name;

  async function exists(
    table: typeof banks | typeof serviceTypes | typeof serviceProviders | typeof placeTypes,
    id: number,
  ) {
    const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
    return row !== undefined;
  }

  return {
    bankExists: (id: number) => exists(banks, id),
    serviceTypeExists: (id: number) => exists(serviceTypes, id),
    serviceProviderExists: (id: number) => exists(serviceProviders, id),
    placeTypeExists: (id: number) => exists(placeTypes, id),

    async townExists(id: number) {
      const [row] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, id));
      return row !== undefined;
    },

    async shippingMethodSlug(id: number) {
      const [row] = await db
        .select({ slug: shippingMethods.slug })
        .from(shippingMethods)
        .where(eq(shippingMethods.id, id));
      return row?.slug;
    },

    /** A country's own documents first, then those valid everywhere; without a country, only those. */
    async listDocuments(countryId: number | undefined, language: Language) {
      return db
        .select({
          id: documentTypes.id,
          code: documentTypes.code,
          name: named(documentTypes, language),
          country_id: documentTypes.countryId,
          number_pattern: documentTypes.numberPattern,
          example: documentTypes.example,
        })
        .from(documentTypes)
        .where(
          countryId === undefined
            ? isNull(documentTypes.countryId)
            : or(eq(documentTypes.countryId, countryId), isNull(documentTypes.countryId)),
        )
        .orderBy(sql`${documentTypes.countryId} is null`, asc(documentTypes.sortOrder));
    },

    async listRelationships(language: Language) {
      return db
        .select({ id: relationships.id, code: relationships.code, name: named(relationships, language) })
        .from(relationships)
        .orderBy(asc(relationships.sortOrder));
    },

    async listReasons(language: Language) {
      return db
        .select({
          id: transferReasons.id,
          code: transferReasons.code,
          name: named(transferReasons, language),
        })
        .from(transferReasons)
        .orderBy(asc(transferReasons.sortOrder));
    },

    async listPlaceTypes(language: Language) {
      return db
        .select({ id: placeTypes.id, code: placeTypes.code, name: named(placeTypes, language) })
        .from(placeTypes)
        .orderBy(asc(placeTypes.id));
    },

    async listServiceTypes(language: Language) {
      return db
        .select({
          id: serviceTypes.id,
          code: serviceTypes.code,
          name: named(serviceTypes, language),
          shipping_method_slug: serviceTypes.shippingMethodSlug,
        })
        .from(serviceTypes)
        .orderBy(asc(serviceTypes.id));
    },

    /** A country's banks, optionally only those paying out by one method, by name or code. */
    async listBanks(countryId: number, methodSlug: string | undefined, search: string | undefined) {
      return db
        .select({
          id: banks.id,
          country_id: banks.countryId,
          name: banks.name,
          code: banks.code,
          swift_bic: banks.swiftBic,
          supports: banks.supports,
        })
        .from(banks)
        .where(
          and(
            eq(banks.countryId, countryId),
            methodSlug ? arrayContains(banks.supports, [methodSlug]) : undefined,
            search
              ? or(
                  ilike(banks.name, contains(search)),
                  ilike(banks.code, likeEscape(search)),
                  ilike(banks.swiftBic, `${likeEscape(search)}%`),
                )
              : undefined,
          ),
        )
        .orderBy(asc(banks.name));
    },

    /** Provinces are the country's states (the `states` table), without their ISO code. */
    async listProvinces(countryId: number) {
      return db
        .select({ id: states.id, country_id: states.countryId, name: states.name })
        .from(states)
        .where(eq(states.countryId, countryId))
        .orderBy(asc(states.name));
    },

    /** Towns are the province's cities (the `cities` table). */
    async listTowns(provinceId: number) {
      return db
        .select({ id: cities.id, province_id: cities.stateId, name: cities.name })
        .from(cities)
        .where(eq(cities.stateId, provinceId))
        .orderBy(asc(cities.name));
    },

    async listBranches(bankId: number, townId: number | undefined) {
      return db
        .select({
          id: bankBranches.id,
          bank_id: bankBranches.bankId,
          name: bankBranches.name,
          address: bankBranches.address,
          town_id: bankBranches.townId,
          code: bankBranches.code,
        })
        .from(bankBranches)
        .where(
          and(
            eq(bankBranches.bankId, bankId),
            townId === undefined ? undefined : eq(bankBranches.townId, townId),
          ),
        )
        .orderBy(asc(bankBranches.name));
    },

    async listServiceProviders(countryId: number | undefined, serviceTypeId: number | undefined) {
      return db
        .select({
          id: serviceProviders.id,
          code: serviceProviders.code,
          name: serviceProviders.name,
          country_id: serviceProviders.countryId,
          service_type_id: serviceProviders.serviceTypeId,
          logo_url: serviceProviders.logoUrl,
        })
        .from(serviceProviders)
        .where(
          and(
            countryId === undefined ? undefined : eq(serviceProviders.countryId, countryId),
            serviceTypeId === undefined ? undefined : eq(serviceProviders.serviceTypeId, serviceTypeId),
          ),
        )
        .orderBy(asc(serviceProviders.name), asc(serviceProviders.id));
    },

    /** One page of cash-pickup places matching every given filter, and how many match in all. */
    async filterPlaces(filter: PlaceFilter, page: number, perPage: number) {
      const where = and(
        filter.countryId === undefined ? undefined : eq(serviceProviders.countryId, filter.countryId),
        filter.serviceProviderId === undefined
          ? undefined
          : eq(payoutPlaces.serviceProviderId, filter.serviceProviderId),
        filter.typePlaceId === undefined ? undefined : eq(payoutPlaces.typePlaceId, filter.typePlaceId),
        filter.provinceId === undefined ? undefined : eq(payoutPlaces.provinceId, filter.provinceId),
        filter.townId === undefined ? undefined : eq(payoutPlaces.townId, filter.townId),
        filter.search
          ? or(
              ilike(payoutPlaces.name, contains(filter.search)),
              ilike(payoutPlaces.address, contains(filter.search)),
            )
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: payoutPlaces.id,
            service_provider_id: payoutPlaces.serviceProviderId,
            service_provider_name: serviceProviders.name,
            type_place_id: payoutPlaces.typePlaceId,
            name: payoutPlaces.name,
            address: payoutPlaces.address,
            town_id: payoutPlaces.townId,
            province_id: payoutPlaces.provinceId,
            latitude: payoutPlaces.latitude,
            longitude: payoutPlaces.longitude,
            hours: payoutPlaces.hours,
            phone: payoutPlaces.phone,
          })
          .from(payoutPlaces)
          .innerJoin(serviceProviders, eq(serviceProviders.id, payoutPlaces.serviceProviderId))
          .where(where)
          .orderBy(asc(sql`lower(${payoutPlaces.name})`), asc(payoutPlaces.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db
          .select({ total: count() })
          .from(payoutPlaces)
          .innerJoin(serviceProviders, eq(serviceProviders.id, payoutPlaces.serviceProviderId))
          .where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },
  };
}
