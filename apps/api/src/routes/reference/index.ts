import { type Language, recordId, successEnvelope } from "@vela/shared/api";
import {
  COUNTRY_DIRECTIONS,
  COUNTRY_SERVICES,
  city,
  country,
  currency,
  locality,
  phonePrefix,
  state,
} from "@vela/shared/reference";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HOME_SERVICE } from "../../db/seed/service-availability";
import { cacheable } from "../../http/cacheable";
import { ok } from "../../http/envelope";
import { NotFoundError } from "../../http/errors";
import { flagUrl } from "../../plugins/flags";
import { localizedCountryName } from "../../reference/country-names";
import { type CountryFilter, referenceRepository } from "../../reference/repository";
import { payoutNetworkRoutes } from "./payout-network";

const id = recordId;
const searchText = z.string().trim().min(1).max(100);
const directionQuery = z.object({
  direction: z
    .enum(COUNTRY_DIRECTIONS)
    .optional()
    .describe("from: sending countries; to: receiving countries"),
  search: searchText.optional(),
});

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
    "/countries",
    {
      schema: {
        tags: ["reference"],
        summary: "Countries (ISO 3166), optionally only where a service is offered",
        querystring: z.object({
          search: searchText.optional(),
          service: z.enum(COUNTRY_SERVICES).optional(),
          direction: z.enum(COUNTRY_DIRECTIONS).optional(),
        }),
        response: { 200: successEnvelope(z.array(country)) },
      },
    },
    async (request, reply) => {
      cacheable(reply);
      return ok(await countryList(request.query, request.ctx.language));
    },
  );

  routes.get(
    "/home/countries",
    {
      schema: {
        tags: ["reference"],
        summary: "Countries the public home page prices transfers from or to",
        querystring: directionQuery,
        response: { 200: successEnvelope(z.array(country)) },
      },
    },
    async (request, reply) => {
      cacheable(reply);
      return ok(await countryList({ ...request.query, service: HOME_SERVICE }, request.ctx.language));
    },
  );

  for (const service of COUNTRY_SERVICES) {
    routes.get(
      `/${service}/countries`,
      {
        schema: {
          tags: ["reference"],
          summary: `Countries where the ${service} service is offered`,
          querystring: directionQuery,
          response: { 200: successEnvelope(z.array(country)) },
        },
      },
      async (request, reply) => {
        cacheable(reply);
        return ok(await countryList({ ...request.query, service }, request.ctx.language));
      },
    );
  }

  routes.get(
    "/currencies",
    {
      schema: {
        tags: ["reference"],
        summary: "Currencies (ISO 4217) with their minor-unit digits",
        querystring: z.object({ search: searchText.optional() }),
        response: { 200: successEnvelope(z.array(currency)) },
      },
    },
    async (request, reply) => {
      cacheable(reply);
      return ok(await repository.listCurrencies(request.query.search));
    },
  );

  routes.get(
    "/states",
    {
      schema: {
        tags: ["reference"],
        summary: "States, provinces and regions of a country",
        querystring: z.object({ country_id: id }),
        response: { 200: successEnvelope(z.array(state)) },
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
    "/cities",
    {
      schema: {
        tags: ["reference"],
        summary: "Cities of a state",
        querystring: z.object({ state_id: id }),
        response: { 200: successEnvelope(z.array(city)) },
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
    "/localities",
    {
      schema: {
        tags: ["reference"],
        summary: `Localities of a country whose name starts with the search text (at most ${MAX_LOCALITIES})`,
        querystring: z.object({ country_id: id, search: searchText.optional() }),
        response: { 200: successEnvelope(z.array(locality)) },
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
    "/prefixes",
    {
      schema: {
        tags: ["reference"],
        summary: "International dialling prefixes by country",
        response: { 200: successEnvelope(z.array(phonePrefix)) },
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
