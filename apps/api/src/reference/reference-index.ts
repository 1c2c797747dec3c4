import type { Language } from "@vela/shared/api";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client";
import { NotFoundError } from "../http/errors";

const COUNTRY_NOT_FOUND = { en: "Country not found.", es: "País no encontrado." } as const;

export type CountryRow = { id: number; iso2: string; name: string; flag: string; phone_prefix: string };

/** Countries and currencies by id and ISO code, read once per app (reference data does not change while it runs). */
export function referenceIndex(db: Db) {
  let loaded:
    | Promise<{
        countries: Map<number, CountryRow>;
        countryIds: Map<string, number>;
        currencyIds: Map<string, number>;
      }>
    | undefined;
  const load = () => {
    loaded ??= (async () => {
      const countryRows = await queryRows<CountryRow>(
        db,
        sql`select id, iso2, name, flag, phone_prefix from countries`,
      );
      const currencyRows = await queryRows<{ id: number; iso: string }>(
        db,
        sql`select id, iso from currencies`,
      );
      return {
        countries: new Map(countryRows.map((row) => [row.id, row])),
        countryIds: new Map(countryRows.map((row) => [row.iso2, row.id])),
        currencyIds: new Map(currencyRows.map((row) => [row.iso, row.id])),
      };
    })().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
  return {
    async country(id: number, language: Language): Promise<CountryRow> {
      const found = (await load()).countries.get(id);
      if (!found) throw new NotFoundError(COUNTRY_NOT_FOUND[language]);
      return found;
    },
    async countryByIso(iso: string): Promise<CountryRow> {
      const index = await load();
      const id = index.countryIds.get(iso);
      const found = id === undefined ? undefined : index.countries.get(id);
      if (!found) throw new Error(`the aggregator names a country we do not know: ${iso}`);
      return found;
    },
    async currencyId(iso: string): Promise<number> {
      const id = (await load()).currencyIds.get(iso);
      if (id === undefined) throw new Error(`the aggregator names a currency we do not know: ${iso}`);
      return id;
    },
  };
}
