import { type Language, paginationQuery, recordId, successEnvelope } from "@vela/shared/api";
import {
  bank,
  branchOffice,
  codeName,
  documentType,
  payoutPlace,
  province,
  serviceProvider,
  serviceType,
  town,
} from "@vela/shared/reference";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { cacheable } from "../../http/cacheable";
import { ok, page, pageSchema } from "../../http/envelope";
import { NotFoundError } from "../../http/errors";
import { payoutRepository } from "../../reference/payout-repository";
import { referenceRepository } from "../../reference/repository";

const id = recordId;
/** An optional filter id: absent, or empty as a filter form sends an unset select, means no filter. */
const optionalId = z.preprocess(
  (value: unknown) =>
    value === null || (typeof value === "string" && value.trim() === "") ? undefined : value,
  recordId.optional(),
);
/** Filter forms send every field, so an empty search means no search (as an empty id means none). */
const searchText = z.preprocess(
  (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.string().trim().min(1).max(100).optional(),
);

/**
 * What recipient and sender forms offer (issue 8): identity documents, relationships, purposes of
 * transfer, banks and their branches, provinces and towns, payer networks and cash-pickup places.
 * Public and cacheable like the rest of the reference data; an unknown id in a filter is a 404.
 */
/** Sorted by name the way the caller's language sorts (the database compares bytes). */
function byName<T extends { name: string }>(rows: T[], language: Language): T[] {
  return rows.sort((a, b) => a.name.localeCompare(b.name, language));
}

export async function payoutNetworkRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const repository = payoutRepository(app.db);
  const places = referenceRepository(app.db);

  async function requireCountry(countryId: number | undefined) {
    if (countryId !== undefined && !(await places.countryExists(countryId)))
      throw new NotFoundError("Country not found.");
  }

  routes.get(
    "/documents",
    {
      schema: {
        tags: ["reference"],
        summary: "Identity documents accepted in a country (its own, then those valid everywhere)",
        querystring: z.object({ country_id: optionalId }),
        response: { 200: successEnvelope(z.array(documentType)) },
      },
    },
    async (request, reply) => {
      await requireCountry(request.query.country_id);
      cacheable(reply);
      return ok(await repository.listDocuments(request.query.country_id, request.ctx.language));
    },
  );

  routes.get(
    "/relationships",
    {
      schema: {
        tags: ["reference"],
        summary: "How a recipient is related to the sender",
        response: { 200: successEnvelope(z.array(codeName)) },
      },
    },
    async (request, reply) => {
      cacheable(reply);
      return ok(await repository.listRelationships(request.ctx.language));
    },
  );

  routes.get(
    "/reasons",
    {
      schema: {
        tags: ["reference"],
        summary: "Purposes of a transfer",
        response: { 200: successEnvelope(z.array(codeName)) },
      },
    },
    async (request, reply) => {
      cacheable(reply);
      return ok(await repository.listReasons(request.ctx.language));
    },
  );

  routes.get(
    "/banks",
    {
      schema: {
        tags: ["reference"],
        summary: "Banks and e-wallets of a country, optionally those paying out by one shipping method",
        querystring: z.object({
          country_id: id,
          shipping_method_id: optionalId,
          search: searchText.describe("Part of the name, or the bank code or BIC"),
        }),
        response: { 200: successEnvelope(z.array(bank)) },
      },
    },
    async (request, reply) => {
      const { country_id: countryId, shipping_method_id: methodId, search } = request.query;
      await requireCountry(countryId);
      let slug: string | undefined;
      if (methodId !== undefined) {
        slug = await repository.shippingMethodSlug(methodId);
        if (!slug) throw new NotFoundError("Shipping method not found.");
      }
      cacheable(reply);
      return ok(byName(await repository.listBanks(countryId, slug, search), request.ctx.language));
    },
  );

  routes.get(
    "/provinces",
    {
      schema: {
        tags: ["reference"],
        summary: "Provinces of a country (its states, as /states lists them)",
        querystring: z.object({ country_id: id }),
        response: { 200: successEnvelope(z.array(province)) },
      },
    },
    async (request, reply) => {
      await requireCountry(request.query.country_id);
      cacheable(reply);
      return ok(byName(await repository.listProvinces(request.query.country_id), request.ctx.language));
    },
  );

  routes.get(
    "/towns",
    {
      schema: {
        tags: ["reference"],
        summary: "Towns of a province (its cities, as /cities lists them)",
        querystring: z.object({ province_id: id }),
        response: { 200: successEnvelope(z.array(town)) },
      },
    },
    async (request, reply) => {
      if (!(await places.stateExists(request.query.province_id)))
        throw new NotFoundError("Province not found.");
      cacheable(reply);
      return ok(byName(await repository.listTowns(request.query.province_id), request.ctx.language));
    },
  );

  routes.get(
    "/branch-office",
    {
      schema: {
        tags: ["reference"],
        summary: "Branches of a bank, optionally in one town",
        querystring: z.object({ bank_id: id, town_id: optionalId }),
        response: { 200: successEnvelope(z.array(branchOffice)) },
      },
    },
    async (request, reply) => {
      const { bank_id: bankId, town_id: townId } = request.query;
      if (!(await repository.bankExists(bankId))) throw new NotFoundError("Bank not found.");
      if (townId !== undefined && !(await repository.townExists(townId)))
        throw new NotFoundError("Town not found.");
      cacheable(reply);
      return ok(byName(await repository.listBranches(bankId, townId), request.ctx.language));
    },
  );

  routes.get(
    "/type_places",
    {
      schema: {
        tags: ["reference"],
        summary: "Kinds of cash-pickup place (bank branch, pawnshop, supermarket…)",
        response: { 200: successEnvelope(z.array(codeName)) },
      },
    },
    async (request, reply) => {
      cacheable(reply);
      return ok(await repository.listPlaceTypes(request.ctx.language));
    },
  );

  routes.get(
    "/service_types",
    {
      schema: {
        tags: ["reference"],
        summary: "Kinds of payout service, each with the shipping method it delivers",
        response: { 200: successEnvelope(z.array(serviceType)) },
      },
    },
    async (request, reply) => {
      cacheable(reply);
      return ok(await repository.listServiceTypes(request.ctx.language));
    },
  );

  routes.get(
    "/service_providers",
    {
      schema: {
        tags: ["reference"],
        summary: "Payer networks (cash pickup, mobile wallets), by country and service type",
        querystring: z.object({ country_id: optionalId, service_type_id: optionalId }),
        response: { 200: successEnvelope(z.array(serviceProvider)) },
      },
    },
    async (request, reply) => {
      const { country_id: countryId, service_type_id: serviceTypeId } = request.query;
      await requireCountry(countryId);
      if (serviceTypeId !== undefined && !(await repository.serviceTypeExists(serviceTypeId)))
        throw new NotFoundError("Service type not found.");
      cacheable(reply);
      return ok(
        byName(await repository.listServiceProviders(countryId, serviceTypeId), request.ctx.language),
      );
    },
  );

  routes.get(
    "/places/filter",
    {
      schema: {
        tags: ["reference"],
        summary: "Cash-pickup places, filtered and paginated",
        querystring: paginationQuery.extend({
          country_id: optionalId,
          service_provider_id: optionalId,
          type_place_id: optionalId,
          province_id: optionalId,
          town_id: optionalId,
          search: searchText.describe("Part of the place's name or address"),
        }),
        response: { 200: pageSchema(payoutPlace) },
      },
    },
    async (request, reply) => {
      const query = request.query;
      await requireCountry(query.country_id);
      if (
        query.service_provider_id !== undefined &&
        !(await repository.serviceProviderExists(query.service_provider_id))
      )
        throw new NotFoundError("Service provider not found.");
      if (query.type_place_id !== undefined && !(await repository.placeTypeExists(query.type_place_id)))
        throw new NotFoundError("Place type not found.");
      if (query.province_id !== undefined && !(await places.stateExists(query.province_id)))
        throw new NotFoundError("Province not found.");
      if (query.town_id !== undefined && !(await repository.townExists(query.town_id)))
        throw new NotFoundError("Town not found.");
      const { rows, total } = await repository.filterPlaces(
        {
          countryId: query.country_id,
          serviceProviderId: query.service_provider_id,
          typePlaceId: query.type_place_id,
          provinceId: query.province_id,
          townId: query.town_id,
          search: query.search,
        },
        query.page,
        query.per_page,
      );
      cacheable(reply);
      return ok(page(rows, total, query.page, query.per_page));
    },
  );
}
