import multipart from "@fastify/multipart";
import * as contract from "@vela/shared/contract/kyb";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { contractRoutes, contractSchema, urlOf } from "../../http/contract";
import { ok } from "../../http/envelope";
import { KYB_MESSAGES as M } from "../../kyb/messages-es";
import {
  addOwner,
  businessVerification,
  changeOwner,
  type KybDeps,
  listOwners,
  ownerAccessToken,
  removeOwner,
  saveDetails,
  saveDocument,
  submitBusiness,
} from "../../kyb/service";
import { readBusinessDocument } from "../../kyb/upload";
import { currentAuth } from "../../plugins/auth";
import { DOCUMENT_MAX_BYTES } from "../../providers/verification/document-images";

const TAGS = ["business verification"];

/**
 * Businesses' verification (KYB): registration details, documents, beneficial owners and their
 * identity checks, the progress and the submission. The business role only: others get 403.
 */
export async function kybRoutes(app: FastifyInstance) {
  // Multipart bodies for the document upload only: one file of 8 MB and its kind.
  await app.register(multipart, {
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 2, fieldSize: 100, parts: 3, headerPairs: 50 },
  });
  const businessOnly = app.requireAuth(["business"]);
  const serve = contractRoutes(app, { tags: TAGS, preValidation: businessOnly });
  const deps: KybDeps = {
    db: app.db,
    provider: app.providers.verification,
    secrets: app.secrets,
    tokenTtlSeconds: app.config.VERIFICATION_TOKEN_TTL_SECONDS,
    tokensPerHour: app.config.VERIFICATION_TOKENS_PER_HOUR,
    publicAppUrl: app.config.PUBLIC_APP_URL,
  };
  const userId = (request: FastifyRequest) => currentAuth(request).user.id;

  serve(
    contract.getBusinessVerification,
    { summary: "The business's verification: details, documents, owners, progress and what is missing" },
    async (request) =>
      ok(await businessVerification(deps, { userId: userId(request), language: request.ctx.language })),
  );

  serve(
    contract.saveBusinessDetails,
    { summary: "Saves the business's registration details" },
    async (request) =>
      ok(
        await saveDetails(deps, {
          userId: userId(request),
          language: request.ctx.language,
          details: request.body,
        }),
        M.detailsSaved,
      ),
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    urlOf(contract.uploadBusinessDocument),
    {
      preValidation: businessOnly,
      schema: {
        tags: TAGS,
        summary: "Uploads one of the business's documents (multipart/form-data: 'kind' and 'file')",
        description:
          "A JPEG, PNG or PDF by its content, at most 8 MB; a photo at least 300 pixels on its shorter side. " +
          "Images are re-encoded without metadata; every file is stored encrypted and never served back. " +
          "A new upload of a kind replaces the one before.",
        consumes: ["multipart/form-data"],
        // Only the answer: the multipart body is read by the route itself, not validated as a schema.
        response: contractSchema(contract.uploadBusinessDocument).response,
      },
    },
    async (request) => {
      const { kind, document } = await readBusinessDocument(app, request);
      return ok(await saveDocument(deps, { userId: userId(request), kind, document }), M.documentSaved);
    },
  );

  serve(
    contract.getBeneficialOwners,
    { summary: "The business's beneficial owners and controlling person" },
    async (request) => ok(await listOwners(deps, userId(request))),
  );

  serve(
    contract.addBeneficialOwner,
    { summary: "Adds a beneficial owner (25 % or more) or the controlling person; screens them" },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await addOwner(deps, { userId: userId(request), body: request.body }), M.ownerAdded)),
  );

  serve(
    contract.updateBeneficialOwner,
    { summary: "Changes a beneficial owner; screens them again" },
    async (request) =>
      ok(
        await changeOwner(deps, { userId: userId(request), ownerId: request.params.id, body: request.body }),
        M.ownerSaved,
      ),
  );

  serve(contract.removeBeneficialOwner, { summary: "Removes a beneficial owner" }, async (request) =>
    ok(await removeOwner(deps, { userId: userId(request), ownerId: request.params.id }), M.ownerRemoved),
  );

  serve(
    contract.getOwnerAccessToken,
    { summary: "The verification provider's SDK page for one owner's identity check" },
    async (request) =>
      ok(
        await ownerAccessToken(deps, {
          userId: userId(request),
          ownerId: request.params.id,
          language: request.ctx.language,
        }),
        M.sdkStarted,
      ),
  );

  serve(
    contract.submitBusinessVerification,
    { summary: "Submits the business's verification once nothing is missing" },
    async (request) =>
      ok(
        await submitBusiness(deps, { userId: userId(request), language: request.ctx.language }),
        M.submitted,
      ),
  );
}
