import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import {
  bankBranches,
  banks,
  cities,
  countries,
  documentTypes,
  payoutPlaces,
  placeTypes,
  relationships,
  serviceProviders,
  serviceTypes,
  states,
  transferReasons,
} from "../schema/index";
import {
  type AddressStyle,
  BANKS,
  type CitySeed,
  DOCUMENT_TYPES,
  PAYOUT_CITIES,
  PLACE_TYPES,
  PLACES_PER_PROVIDER,
  RELATIONSHIPS,
  SERVICE_PROVIDERS,
  SERVICE_TYPES,
  TRANSFER_REASONS,
} from "./payout-network-data";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** FNV-1a: a stable 32-bit number per text, so generated addresses are the same on every run. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A street address in the country's own order, with a house number drawn from `key`. */
export function streetAddress(style: AddressStyle, street: string, city: string, key: string): string {
  const hash = stableHash(key);
  const number = 1 + (hash % 899);
  switch (style) {
    case "street-number":
      return `${street} ${number}, ${city}`;
    case "number-street":
      return `${number} ${street}, ${city}`;
    case "jalan":
      return `${street} No. ${1 + (hash % 199)}, ${city}`;
    case "colombia":
      // Colombian addresses name the cross street and the distance from it: "Carrera 7 # 32-16".
      return `${street} # ${10 + (hash % 90)}-${10 + ((hash >>> 8) % 80)}, ${city}`;
  }
}

/** A point within about two kilometres of the city centre, fixed by `key`. */
function nearCentre(city: CitySeed, key: string): { latitude: number; longitude: number } {
  const hash = stableHash(key);
  const offset = (bits: number) => (((hash >>> bits) & 0x3ff) / 0x3ff - 0.5) * 0.036;
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return { latitude: round(city.lat + offset(0)), longitude: round(city.lng + offset(10)) };
}

function pick<T>(items: readonly T[], index: number): T {
  const item = items[index % items.length];
  if (item === undefined) throw new Error("Payout seed: empty list");
  return item;
}

/**
 * Upserts the payout reference data inside the caller's transaction, keyed by natural codes so ids
 * never change between runs. Rows are never deleted: recipients saved later point at them.
 */
export async function seedPayoutNetwork(tx: Tx): Promise<void> {
  const countryRows = await tx.select({ id: countries.id, iso2: countries.iso2 }).from(countries);
  const countryId = new Map(countryRows.map((row) => [row.iso2, row.id]));
  const countryOf = (iso2: string) => {
    const id = countryId.get(iso2);
    if (id === undefined) throw new Error(`Payout seed names unknown country ${iso2}`);
    return id;
  };

  // Cities named by the seed, resolved to (state id, city id); a missing one is a seed error.
  const wanted = Object.values(PAYOUT_CITIES).flatMap((entry) => entry.cities.map((city) => city.city));
  const located = await tx
    .select({
      iso2: countries.iso2,
      state: states.code,
      city: cities.name,
      stateId: states.id,
      cityId: cities.id,
    })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .where(and(inArray(countries.iso2, Object.keys(PAYOUT_CITIES)), inArray(cities.name, wanted)));
  const cityKey = (iso2: string, state: string, city: string) => `${iso2}|${state}|${city}`;
  const cityIds = new Map(
    located.map((row) => [
      cityKey(row.iso2, row.state, row.city),
      { stateId: row.stateId, cityId: row.cityId },
    ]),
  );
  const idsOf = (iso2: string, city: CitySeed) => {
    const ids = cityIds.get(cityKey(iso2, city.state, city.city));
    if (!ids) throw new Error(`Payout seed names unknown city ${city.city} (${iso2}-${city.state})`);
    return ids;
  };

  await tx
    .insert(documentTypes)
    .values(
      DOCUMENT_TYPES.map((document, index) => ({
        code: document.code,
        name: document.name,
        nameEs: document.name_es,
        countryId: document.country ? countryOf(document.country) : null,
        numberPattern: document.pattern,
        example: document.example,
        sortOrder: index,
      })),
    )
    .onConflictDoUpdate({
      target: documentTypes.code,
      set: {
        name: sql`excluded.name`,
        nameEs: sql`excluded.name_es`,
        countryId: sql`excluded.country_id`,
        numberPattern: sql`excluded.number_pattern`,
        example: sql`excluded.example`,
        sortOrder: sql`excluded.sort_order`,
      },
    });

  for (const [table, rows] of [
    [relationships, RELATIONSHIPS],
    [transferReasons, TRANSFER_REASONS],
  ] as const) {
    await tx
      .insert(table)
      .values(
        rows.map((row, index) => ({ code: row.code, name: row.name, nameEs: row.name_es, sortOrder: index })),
      )
      .onConflictDoUpdate({
        target: table.code,
        set: { name: sql`excluded.name`, nameEs: sql`excluded.name_es`, sortOrder: sql`excluded.sort_order` },
      });
  }

  const placeTypeRows = await tx
    .insert(placeTypes)
    .values(PLACE_TYPES.map((type) => ({ code: type.code, name: type.name, nameEs: type.name_es })))
    .onConflictDoUpdate({
      target: placeTypes.code,
      set: { name: sql`excluded.name`, nameEs: sql`excluded.name_es` },
    })
    .returning({ id: placeTypes.id, code: placeTypes.code });
  const placeTypeId = new Map(placeTypeRows.map((row) => [row.code, row.id]));

  const serviceTypeRows = await tx
    .insert(serviceTypes)
    .values(
      SERVICE_TYPES.map((type) => ({
        code: type.code,
        name: type.name,
        nameEs: type.name_es,
        shippingMethodSlug: type.method,
      })),
    )
    .onConflictDoUpdate({
      target: serviceTypes.code,
      set: {
        name: sql`excluded.name`,
        nameEs: sql`excluded.name_es`,
        shippingMethodSlug: sql`excluded.shipping_method_slug`,
      },
    })
    .returning({ id: serviceTypes.id, code: serviceTypes.code });
  const serviceTypeId = new Map(serviceTypeRows.map((row) => [row.code, row.id]));

  // Banks, and a branch of every bank with branches in each of the country's cities.
  for (const [iso2, list] of Object.entries(BANKS)) {
    const bankRows = await tx
      .insert(banks)
      .values(
        list.map((bank) => ({
          countryId: countryOf(iso2),
          name: bank.name,
          code: bank.code,
          swiftBic: bank.bic,
          supports: bank.supports,
        })),
      )
      .onConflictDoUpdate({
        target: [banks.countryId, banks.code],
        set: {
          name: sql`excluded.name`,
          swiftBic: sql`excluded.swift_bic`,
          supports: sql`excluded.supports`,
        },
      })
      .returning({ id: banks.id, code: banks.code });
    const bankId = new Map(bankRows.map((row) => [row.code, row.id]));
    const spots = PAYOUT_CITIES[iso2];
    if (!spots) throw new Error(`Payout seed has no cities for ${iso2}`);
    const branches = list
      .filter((bank) => !bank.online)
      .flatMap((bank) =>
        spots.cities.map((city) => {
          const key = `${iso2}:${bank.code}:${city.city}`;
          const street = pick(city.streets, stableHash(key));
          return {
            bankId: bankId.get(bank.code)!,
            name: `${bank.name} ${city.city}`,
            address: streetAddress(spots.style, street, city.city, key),
            townId: idsOf(iso2, city).cityId,
            code: null,
          };
        }),
      );
    if (branches.length > 0)
      await tx
        .insert(bankBranches)
        .values(branches)
        .onConflictDoUpdate({
          target: [bankBranches.bankId, bankBranches.name],
          set: { address: sql`excluded.address`, townId: sql`excluded.town_id`, code: sql`excluded.code` },
        });
  }

  // Payer networks, and a handful of places for each cash network across the country's cities.
  for (const provider of SERVICE_PROVIDERS) {
    const values = {
      countryId: countryOf(provider.country),
      serviceTypeId: serviceTypeId.get(provider.service)!,
      code: provider.code,
      name: provider.name,
      logoUrl: null,
    };
    const [row] = await tx
      .insert(serviceProviders)
      .values(values)
      .onConflictDoUpdate({
        target: [serviceProviders.countryId, serviceProviders.serviceTypeId, serviceProviders.code],
        set: { name: sql`excluded.name`, logoUrl: sql`excluded.logo_url` },
      })
      .returning({ id: serviceProviders.id });
    if (!provider.place) continue;
    const spots = PAYOUT_CITIES[provider.country];
    if (!spots) throw new Error(`Payout seed has no cities for ${provider.country}`);
    const type = PLACE_TYPES.find((entry) => entry.code === provider.place)!;
    const places = Array.from({ length: PLACES_PER_PROVIDER }, (_, index) => {
      const city = pick(spots.cities, index);
      // Each lap round the cities moves to the next street, so a network's places never repeat.
      const lap = Math.floor(index / spots.cities.length);
      const street = pick(city.streets, stableHash(`${provider.country}:${provider.code}`) + lap);
      const key = `${provider.country}:${provider.code}:${city.city}:${street}`;
      const ids = idsOf(provider.country, city);
      return {
        serviceProviderId: row!.id,
        typePlaceId: placeTypeId.get(type.code)!,
        name: `${provider.name} ${city.city} – ${street}`,
        address: streetAddress(spots.style, street, city.city, key),
        townId: ids.cityId,
        provinceId: ids.stateId,
        ...nearCentre(city, key),
        hours: type.hours,
        phone: null,
      };
    });
    await tx
      .insert(payoutPlaces)
      .values(places)
      .onConflictDoUpdate({
        target: [payoutPlaces.serviceProviderId, payoutPlaces.name],
        set: {
          typePlaceId: sql`excluded.type_place_id`,
          address: sql`excluded.address`,
          townId: sql`excluded.town_id`,
          provinceId: sql`excluded.province_id`,
          latitude: sql`excluded.latitude`,
          longitude: sql`excluded.longitude`,
          hours: sql`excluded.hours`,
          phone: sql`excluded.phone`,
        },
      });
  }
}
