import { COUNTRY_DIRECTIONS, COUNTRY_SERVICES } from "@vela/shared/reference";
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { countries, countryServices, currencies } from "../schema/index";
import { SERVICE_AVAILABILITY } from "./service-availability";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Upserts currencies, countries, service availability, states and cities. Runs inside the caller's transaction. */
export async function seedReferenceData(tx: Tx): Promise<void> {
  // The packages are large (the city list is ~17 MB); load them only when a seed actually runs.
  const source = await import("./reference-data");

  const currencyRows = source.readCurrencies();
  await tx
    .insert(currencies)
    .values(currencyRows)
    .onConflictDoUpdate({
      target: currencies.iso,
      set: { name: sql`excluded.name`, decimals: sql`excluded.decimals`, symbol: sql`excluded.symbol` },
    });
  const currencyIds = new Map(
    (await tx.select({ id: currencies.id, iso: currencies.iso }).from(currencies)).map((row) => [
      row.iso,
      row.id,
    ]),
  );

  const countryRows = source.readCountries(new Set(currencyIds.keys()));
  await tx
    .insert(countries)
    .values(
      countryRows.map((row) => ({
        iso2: row.iso2,
        iso3: row.iso3,
        name: row.name,
        flag: row.flag,
        phonePrefix: row.phonePrefix,
        currencyId: row.currencyIso ? (currencyIds.get(row.currencyIso) ?? null) : null,
      })),
    )
    .onConflictDoUpdate({
      target: countries.iso2,
      set: {
        iso3: sql`excluded.iso3`,
        name: sql`excluded.name`,
        flag: sql`excluded.flag`,
        phonePrefix: sql`excluded.phone_prefix`,
        currencyId: sql`excluded.currency_id`,
      },
    });
  const countryIds = new Map(
    (await tx.select({ id: countries.id, iso2: countries.iso2 }).from(countries)).map((row) => [
      row.iso2,
      row.id,
    ]),
  );

  await tx.delete(countryServices);
  const availability = COUNTRY_SERVICES.flatMap((service) =>
    COUNTRY_DIRECTIONS.flatMap((direction) =>
      [...new Set<string>(SERVICE_AVAILABILITY[service][direction])].map((iso2) => {
        const countryId = countryIds.get(iso2);
        if (countryId === undefined) throw new Error(`Service availability names unknown country ${iso2}`);
        return { service, direction, countryId };
      }),
    ),
  );
  await tx.insert(countryServices).values(availability);

  // States and cities are many rows: one statement each, fed by arrays and resolved to ids in SQL.
  const stateRows = source.readStates();
  await tx.execute(sql`
    insert into states (country_id, code, name)
    select c.id, s.code, s.name
    from unnest(${sql.param(stateRows.map((row) => row.countryIso2))}::text[],
                ${sql.param(stateRows.map((row) => row.code))}::text[],
                ${sql.param(stateRows.map((row) => row.name))}::text[]) as s(iso2, code, name)
    join countries c on c.iso2 = s.iso2
    on conflict (country_id, code) do update set name = excluded.name`);

  const cityRows = source.readCities();
  await tx.execute(sql`
    insert into cities (state_id, country_id, name)
    select st.id, c.id, ci.name
    from unnest(${sql.param(cityRows.map((row) => row.countryIso2))}::text[],
                ${sql.param(cityRows.map((row) => row.stateCode))}::text[],
                ${sql.param(cityRows.map((row) => row.name))}::text[]) as ci(iso2, state_code, name)
    join countries c on c.iso2 = ci.iso2
    join states st on st.country_id = c.id and st.code = ci.state_code
    on conflict (state_id, name) do nothing`);
}
