import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/reference";
import { COUNTRY_SERVICES } from "@vela/shared/reference";
import type { FastifyInstance } from "fastify";
import { HOME_SERVICE } from "../../db/seed/service-availability";
import { cacheable } from "../../http/cacheable";
import { contractRoutes, fixedEndpoint } from "../../http/contract";
import { ok } from "../../http/envelope";
import { NotFoundError } from "../../http/errors";
import { flagUrl } from "../../plugins/flags";
import { localizedCountryName } from "../../reference/country-names";
import { type CountryFilter, referenceRepository } from "../../reference/repository";
import { payoutNetworkRoutes } from "./payout-network";

const TAGS = ["reference"];
const MAX_LOCALITIES = 20;

export async function referenceRoutes(app: FastifyInstance) {
  const serve = contractRoutes(app, { tags: TAGS });
  const repository = referenceRepository(app.db);

  async function countryList(filter: CountryFilter, language: Language) {
    const rows = await repository.listCountries(filter);
    return rows
      .map((row) => ({
        id: row.id,
        name: localizedCountryName(row.iso2, row.name, language),
        iso2: row.iso2,
        iso3: row.iso3,
        flag: row.flag,
        flag_url: flagUrl(row.iso2),
        phone_prefix: row.phonePrefix,
        currency_id: row.currencyId,
        currency_iso: row.currencyIso,
      }))
      .sort((a, b) => a.name.localeCompare(b.name, language));
  }

  serve(
    contract.getCountries,
    { summary: "Countries (ISO 3166), optionally only where a service is offered" },
    async (request, reply) => {
      cacheable(reply);
      return ok(await countryList(request.query, request.ctx.language));
    },
  );

  serve(
    contract.getHomeCountries,
    { summary: "Countries the public home page prices transfers from or to" },
    async (request, reply) => {
      cacheable(reply);
      return ok(await countryList({ ...request.query, service: HOME_SERVICE }, request.ctx.language));
    },
  );

  for (const service of COUNTRY_SERVICES) {
    const countries = fixedEndpoint(contract.getServiceCountries, "service", service);
    serve(
      countries,
      { summary: `Countries where the ${service} service is offered` },
      async (request, reply) => {
        cacheable(reply);
        return ok(await countryList({ ...request.query, service }, request.ctx.language));
      },
    );
  }

  serve(
    contract.getCurrencies,
    { summary: "Currencies (ISO 4217) with their minor-unit digits" },
    async (request, reply) => {
      cacheable(reply);
      return ok(await repository.listCurrencies(request.query.search));
    },
  );

  serve(
    contract.getStates,
    { summary: "States, provinces and regions of a country" },
    async (request, reply) => {
      if (!(await repository.countryExists(request.query.country_id)))
        throw new NotFoundError("Country not found.");
      cacheable(reply);
      return ok(await repository.listStates(request.query.country_id));
    },
  );

  serve(contract.getCities, { summary: "Cities of a state" }, async (request, reply) => {
    if (!(await repository.stateExists(request.query.state_id))) throw new NotFoundError("State not found.");
    cacheable(reply);
    return ok(await repository.listCities(request.query.state_id));
  });

  serve(
    contract.getLocalities,
    { summary: `Localities of a country whose name starts with the search text (at most ${MAX_LOCALITIES})` },
    async (request, reply) => {
      const { country_id: countryId, search } = request.query;
      if (!(await repository.countryExists(countryId))) throw new NotFoundError("Country not found.");
      cacheable(reply);
      return ok(await repository.searchLocalities(countryId, search, MAX_LOCALITIES));
    },
  );

  serve(
    contract.getPrefixes,
    { summary: "International dialling prefixes by country" },
    async (request, reply) => {
      cacheable(reply);
      const countries = await countryList({}, request.ctx.language);
      return ok(
        countries
          .filter((entry) => entry.phone_prefix !== "")
          .map((entry) => ({
            country_id: entry.id,
            iso2: entry.iso2,
            name: entry.name,
            flag: entry.flag,
            flag_url: entry.flag_url,
            prefix: entry.phone_prefix,
          })),
      );
    },
  );

  // Documents, relationships, reasons, banks, provinces, towns, branches and payout places.
  await payoutNetworkRoutes(app);
}
