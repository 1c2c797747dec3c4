import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/reference";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { cacheable } from "../../http/cacheable";
import { contractSchema, urlOf } from "../../http/contract";
import { ok, page } from "../../http/envelope";
import { NotFoundError } from "../../http/errors";
import { payoutRepository } from "../../reference/payout-repository";
import { referenceRepository } from "../../reference/repository";

const TAGS = ["reference"];

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
    urlOf(contract.getDocuments),
    {
      schema: {
        tags: TAGS,
        summary: "Identity documents accepted in a country (its own, then those valid everywhere)",
        ...contractSchema(contract.getDocuments),
      },
    },
    async (request, reply) => {
      await requireCountry(request.query.country_id);
      cacheable(reply);
      return ok(await repository.listDocuments(request.query.country_id, request.ctx.language));
    },
  );

  routes.get(
    urlOf(contract.getRelationships),
    {
      schema: {
        tags: TAGS,
        summary: "How a recipient is related to the sender",
        ...contractSchema(contract.getRelationships),
      },
    },
    async (request, reply) => {
      cacheable(reply);
      return ok(await repository.listRelationships(request.ctx.language));
    },
  );

  routes.get(
    urlOf(contract.getReasons),
    {
      schema: {
        tags: TAGS,
        summary: "Purposes of a transfer",
        ...contractSchema(contract.getReasons),
      },
    },
    async (request, reply) => {
      cacheable(reply);
      return ok(await repository.listReasons(request.ctx.language));
    },
  );

  routes.get(
    urlOf(contract.getBanks),
    {
      schema: {
        tags: TAGS,
        summary: "Banks and e-wallets of a country, optionally those paying out by one shipping method",
        ...contractSchema(contract.getBanks),
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
    urlOf(contract.getProvinces),
    {
      schema: {
        tags: TAGS,
        summary: "Provinces of a country (its states, as /states lists them)",
        ...contractSchema(contract.getProvinces),
      },
    },
    async (request, reply) => {
      await requireCountry(request.query.country_id);
      cacheable(reply);
      return ok(byName(await repository.listProvinces(request.query.country_id), request.ctx.language));
    },
  );

  routes.get(
    urlOf(contract.getTowns),
    {
      schema: {
        tags: TAGS,
        summary: "Towns of a province (its cities, as /cities lists them)",
        ...contractSchema(contract.getTowns),
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
    urlOf(contract.getBranchOffices),
    {
      schema: {
        tags: TAGS,
        summary: "Branches of a bank, optionally in one town",
        ...contractSchema(contract.getBranchOffices),
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
    urlOf(contract.getPlaceTypes),
    {
      schema: {
        tags: TAGS,
        summary: "Kinds of cash-pickup place (bank branch, pawnshop, supermarket…)",
        ...contractSchema(contract.getPlaceTypes),
      },
    },
    async (request, reply) => {
      cacheable(reply);
      return ok(await repository.listPlaceTypes(request.ctx.language));
    },
  );

  routes.get(
    urlOf(contract.getServiceTypes),
    {
      schema: {
        tags: TAGS,
        summary: "Kinds of payout service, each with the shipping method it delivers",
        ...contractSchema(contract.getServiceTypes),
      },
    },
    async (request, reply) => {
      cacheable(reply);
      return ok(await repository.listServiceTypes(request.ctx.language));
    },
  );

  routes.get(
    urlOf(contract.getServiceProviders),
    {
      schema: {
        tags: TAGS,
        summary: "Payer networks (cash pickup, mobile wallets), by country and service type",
        ...contractSchema(contract.getServiceProviders),
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
    urlOf(contract.getPayoutPlaces),
    {
      schema: {
        tags: TAGS,
        summary: "Cash-pickup places, filtered and paginated",
        ...contractSchema(contract.getPayoutPlaces),
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
