import * as contract from "@vela/shared/contract/verification";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { contractRoutes } from "../../http/contract";
import { ok } from "../../http/envelope";
import { currentAuth } from "../../plugins/auth";
import { getPersonalData, savePersonalData } from "../../verification/personal-data";
import { questionList, saveAnswers } from "../../verification/questionnaire";
import { countryDocuments, documentForm } from "../../verification/reference";

const TAGS = ["identity verification"];

/**
 * What verification asks for (spec §7 "Other"): the documents a country accepts and each one's
 * form, the source-of-funds questionnaire and the person's answers, and their personal data.
 * Signed in; texts in the `language` header's language; only the person's own answers and data.
 */
export async function verificationReferenceRoutes(app: FastifyInstance) {
  const serve = contractRoutes(app, { tags: TAGS, preValidation: app.requireAuth() });
  const userId = (request: FastifyRequest) => currentAuth(request).user.id;
  const deps = { db: app.db, secrets: app.secrets };

  serve(
    contract.getCountryDocuments,
    { summary: "The documents a country accepts for identity, proof of address and source of funds" },
    async (request) =>
      ok(await countryDocuments(deps, { countryId: request.params.id, language: request.ctx.language })),
  );

  serve(
    contract.getDocumentForm,
    { summary: "The fields a document asks for, as a dynamic form (number format, dates, issuing state)" },
    async (request) =>
      ok(await documentForm(deps, { documentId: request.params.id, language: request.ctx.language })),
  );

  serve(
    contract.getQuestionList,
    {
      summary:
        "A questionnaire's questions with the person's saved answers (list 1: source of funds and purpose)",
    },
    async (request) =>
      ok(
        await questionList(deps, {
          userId: userId(request),
          listId: request.params.id,
          language: request.ctx.language,
        }),
      ),
  );

  serve(
    contract.saveAnswers,
    { summary: "Saves the person's answers to a questionnaire, replacing those saved before" },
    async (request) =>
      ok(
        await saveAnswers(deps, {
          userId: userId(request),
          listId: request.body.list_id,
          answers: request.body.answers,
          language: request.ctx.language,
        }),
        "Answers saved.",
      ),
  );

  serve(
    contract.savePersonalData,
    { summary: "Saves the person's personal data for verification (the document number is kept encrypted)" },
    async (request) =>
      ok(
        await savePersonalData(deps, { userId: userId(request), data: request.body }),
        "Personal data saved.",
      ),
  );

  serve(
    contract.getPersonalData,
    { summary: "The person's saved personal data, the document number masked (null before the first save)" },
    async (request) => ok(await getPersonalData(deps, userId(request))),
  );
}
