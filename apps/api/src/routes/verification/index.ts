import { successEnvelope } from "@vela/shared/api";
import * as contract from "@vela/shared/contract/verification";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { contractRoutes } from "../../http/contract";
import { ok } from "../../http/envelope";
import { currentAuth } from "../../plugins/auth";
import { DIGEST_ALGORITHM_HEADER, DIGEST_HEADER } from "../../providers/verification/sumsub-webhook";
import { VERIFICATION_MESSAGES as M } from "../../verification/messages-es";
import { registerVerificationJobs } from "../../verification/retention";
import {
  handleVerificationWebhook,
  issueAccessToken,
  setApplicantId,
  startVerification,
  userResponseValidated,
  userStatus,
  userValidated,
  type VerificationDeps,
  verificationStatus,
} from "../../verification/service";

const TAGS = ["identity verification"];

/**
 * Identity verification (spec §7 "Identity verification SDK flow" and "Other"): an SDK token and
 * its hosted page, the applicant the SDK reports, the person's status and last review, the start
 * with a country and document; and the provider's signed webhook, the only way reviews arrive.
 */
export async function verificationRoutes(app: FastifyInstance) {
  const serve = contractRoutes(app, { tags: TAGS, preValidation: app.requireAuth() });
  const deps: VerificationDeps = {
    db: app.db,
    provider: app.providers.verification,
    tokenTtlSeconds: app.config.VERIFICATION_TOKEN_TTL_SECONDS,
    tokensPerHour: app.config.VERIFICATION_TOKENS_PER_HOUR,
    retentionDays: app.config.VERIFICATION_IMAGE_RETENTION_DAYS,
    publicAppUrl: app.config.PUBLIC_APP_URL,
  };
  const userId = (request: FastifyRequest) => currentAuth(request).user.id;
  await registerVerificationJobs(app);

  serve(
    contract.getAccessToken,
    { summary: "A short-lived SDK access token for the caller's applicant, and the hosted SDK page for it" },
    async (request) =>
      ok(
        await issueAccessToken(deps, {
          userId: userId(request),
          role: currentAuth(request).user.role,
          flow: request.body.flow,
          language: request.ctx.language,
        }),
        M.started,
      ),
  );

  serve(
    contract.setApplicantId,
    { summary: "Confirms the applicant the SDK reported (only one of the caller's own)" },
    async (request) =>
      ok(
        await setApplicantId(deps, { userId: userId(request), applicantId: request.body.applicant_id }),
        M.applicantSet,
      ),
  );

  serve(
    contract.getVerificationStatus,
    { summary: "The caller's level, review and whether they may start or resubmit verification" },
    async (request) => ok(await verificationStatus(deps, userId(request))),
  );

  serve(
    contract.getUserStatus,
    { summary: "Whether the account behind an e-mail address is verified (only the caller's own)" },
    async (request) => {
      const { user } = currentAuth(request);
      return ok(
        await userStatus(deps, { userId: user.id, ownEmail: user.email, email: request.query.email }),
      );
    },
  );

  serve(
    contract.getUserValidated,
    { summary: "Whether the caller is identity-verified, and their level" },
    async (request) => ok(await userValidated(deps, userId(request))),
  );

  serve(
    contract.getUserResponseValidated,
    { summary: "The caller's last review: its answer and the reviewer's message to them" },
    async (request) => ok(await userResponseValidated(deps, userId(request))),
  );

  serve(
    contract.startVerification,
    { summary: "Starts or resumes the caller's verification with a country and a document" },
    async (request) =>
      ok(
        await startVerification(deps, {
          userId: userId(request),
          role: currentAuth(request).user.role,
          countryId: request.body.country_id,
          documentId: request.body.document_id,
        }),
        M.started,
      ),
  );

  // The provider's webhook is verified on the raw body: this plugin keeps JSON bodies as text.
  await app.register(async (hooks) => {
    hooks.removeContentTypeParser("application/json");
    hooks.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) =>
      done(null, body),
    );
    hooks.withTypeProvider<ZodTypeProvider>().post(
      "/identity-verification/webhooks/sumsub",
      {
        schema: {
          tags: ["webhooks"],
          summary:
            "The verification provider's signed notification (X-Payload-Digest: hex HMAC of the raw body, X-Payload-Digest-Alg)",
          response: { 200: successEnvelope(z.object({ outcome: z.string() })) },
        },
      },
      async (request) => {
        const header = (name: string) => {
          const value = request.headers[name];
          return typeof value === "string" ? value : undefined;
        };
        const outcome = await handleVerificationWebhook(
          deps,
          typeof request.body === "string" ? request.body : "",
          { digest: header(DIGEST_HEADER), algorithm: header(DIGEST_ALGORITHM_HEADER) },
        );
        return ok({ outcome }, M.received);
      },
    );
  });
}
