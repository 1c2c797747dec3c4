import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/reference";
import { COUNTRY_SERVICES } from "@vela/shared/reference";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { HOME_SERVICE } from "../../db/seed/service-availability";
import { cacheable } from "../../http/cacheable";
import { contractSchema, fixedEndpoint, urlOf } from "../../http/contract";
import { ok } from "../../http/envelope";
import { NotFoundError } from "../../http/errors";
import { flagUrl } from "../../plugins/flags";
import { localizedCountryName } from "../../reference/country-names";
import { type CountryFilter, referenceRepository } from "../../reference/repository";
import { payoutNetworkRoutes } from "./payout-network";

const TAGS = ["reference"];
const MAX_LOCALITIES = 20;

export async function referenceRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
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

  routes.get(
    urlOf(contract.getCountries),
    {
      schema: {
        tags: TAGS,
        summary: "Countries (ISO 3166), optionally only where a service is offered",
        ...contractSchema(contract.getCountries),
      },
    },
    async (request, reply) => {
      cacheable(reply);
      return ok(await countryList(request.query, request.ctx.language));
    },
  );

  routes.get(
    urlOf(contract.getHomeCountries),
    {
      schema: {
        tags: TAGS,
        summary: "Countries the public home page prices transfers from or to",
        ...contractSchema(contract.getHomeCountries),
      },
    },
    async (request, reply) => {
      cacheable(reply);
      return ok(await countryList({ ...request.query, service: HOME_SERVICE }, request.ctx.language));
    },
  );

  for (const service of COUNTRY_SERVICES) {
    const countries = fixedEndpoint(contract.getServiceCountries, "service", service);
    routes.get(
      urlOf(countries),
      {
        schema: {
          tags: TAGS,
          summary: `Countries where the ${service} service is offered`,
          ...contractSchema(countries),
        },
      },
      async (request, reply) => {
        cacheable(reply);
        return ok(await countryList({ ...request.query, service }, request.ctx.language));
      },
    );
  }

  routes.get(
    urlOf(contract.getCurrencies),
    {
      schema: {
        tags: TAGS,
        summary: "Currencies (ISO 4217) with their minor-unit digits",
        ...contractSchema(contract.getCurrencies),
      },
    },
    async (request, reply) => {
      cacheable(reply);
      return ok(await repository.listCurrencies(request.query.search));
    },
  );

  routes.get(
    urlOf(contract.getStates),
    {
      schema: {
        tags: TAGS,
        summary: "States, provinces and regions of a country",
        ...contractSchema(contract.getStates),
      },
    },
    async (request, reply) => {
      if (!(await repository.countryExists(request.query.country_id)))
        throw new NotFoundError("Country not found.");
      cacheable(reply);
      return ok(await repository.listStates(request.query.country_id));
    },
  );

  routes.get(
    urlOf(contract.getCities),
    {
      schema: {
        tags: TAGS,
        summary: "Cities of a state",
        ...contractSchema(contract.getCities),
      },
    },
    async (request, reply) => {
      if (!(await repository.stateExists(request.query.state_id)))
        throw new NotFoundError("State not found.");
      cacheable(reply);
      return ok(await repository.listCities(request.query.state_id));
    },
  );

  routes.get(
    urlOf(contract.getLocalities),
    {
      schema: {
        tags: TAGS,
        summary: `Localities of a country whose name starts with the search text (at most ${MAX_LOCALITIES})`,
        ...contractSchema(contract.getLocalities),
      },
    },
    async (request, reply) => {
      const { country_id: countryId, search } = request.query;
      if (!(await repository.countryExists(countryId))) throw new NotFoundError("Country not found.");
      cacheable(reply);
      return ok(await repository.searchLocalities(countryId, search, MAX_LOCALITIES));
    },
  );

  routes.get(
    urlOf(contract.getPrefixes),
    {
      schema: {
        tags: TAGS,
        summary: "International dialling prefixes by country",
        ...contractSchema(contract.getPrefixes),
      },
    },
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
