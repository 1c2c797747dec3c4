import type { Language } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/reference";
import type { FastifyInstance } from "fastify";
import { cacheable } from "../../http/cacheable";
import { contractRoutes } from "../../http/contract";
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
  const serve = contractRoutes(app, { tags: TAGS });
  const repository = payoutRepository(app.db);
  const places = referenceRepository(app.db);

  async function requireCountry(countryId: number | undefined) {
    if (countryId !== undefined && !(await places.countryExists(countryId)))
      throw new NotFoundError("Country not found.");
  }

  serve(
    contract.getDocuments,
    { summary: "Identity documents accepted in a country (its own, then those valid everywhere)" },
    async (request, reply) => {
      await requireCountry(request.query.country_id);
      cacheable(reply);
      return ok(await repository.listDocuments(request.query.country_id, request.ctx.language));
    },
  );

  serve(
    contract.getRelationships,
    { summary: "How a recipient is related to the sender" },
    async (request, reply) => {
      cacheable(reply);
      return ok(await repository.listRelationships(request.ctx.language));
    },
  );

  serve(contract.getReasons, { summary: "Purposes of a transfer" }, async (request, reply) => {
    cacheable(reply);
    return ok(await repository.listReasons(request.ctx.language));
  });

  serve(
    contract.getBanks,
    { summary: "Banks and e-wallets of a country, optionally those paying out by one shipping method" },
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

  serve(
    contract.getProvinces,
    { summary: "Provinces of a country (its states, as /states lists them)" },
    async (request, reply) => {
      await requireCountry(request.query.country_id);
      cacheable(reply);
      return ok(byName(await repository.listProvinces(request.query.country_id), request.ctx.language));
    },
  );

  serve(
    contract.getTowns,
    { summary: "Towns of a province (its cities, as /cities lists them)" },
    async (request, reply) => {
      if (!(await places.stateExists(request.query.province_id)))
        throw new NotFoundError("Province not found.");
      cacheable(reply);
      return ok(byName(await repository.listTowns(request.query.province_id), request.ctx.language));
    },
  );

  serve(
    contract.getBranchOffices,
    { summary: "Branches of a bank, optionally in one town" },
    async (request, reply) => {
      const { bank_id: bankId, town_id: townId } = request.query;
      if (!(await repository.bankExists(bankId))) throw new NotFoundError("Bank not found.");
      if (townId !== undefined && !(await repository.townExists(townId)))
        throw new NotFoundError("Town not found.");
      cacheable(reply);
      return ok(byName(await repository.listBranches(bankId, townId), request.ctx.language));
    },
  );

  serve(
    contract.getPlaceTypes,
    { summary: "Kinds of cash-pickup place (bank branch, pawnshop, supermarket…)" },
    async (request, reply) => {
      cacheable(reply);
      return ok(await repository.listPlaceTypes(request.ctx.language));
    },
  );

  serve(
    contract.getServiceTypes,
    { summary: "Kinds of payout service, each with the shipping method it delivers" },
    async (request, reply) => {
      cacheable(reply);
      return ok(await repository.listServiceTypes(request.ctx.language));
    },
  );

  serve(
    contract.getServiceProviders,
    { summary: "Payer networks (cash pickup, mobile wallets), by country and service type" },
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

  serve(
    contract.getPayoutPlaces,
    { summary: "Cash-pickup places, filtered and paginated" },
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
