import * as contract from "@vela/shared/contract/verification";
import type { FastifyInstance } from "fastify";
import { contractRoutes } from "../../http/contract";
import { ok } from "../../http/envelope";
import { verificationLevels } from "../../limits/levels";
import { currentAuth } from "../../plugins/auth";

/** The verification levels and their limits (issue 20), with the caller's own use of theirs. */
export async function verificationLevelRoutes(app: FastifyInstance) {
  const serve = contractRoutes(app, { tags: ["identity verification"], preValidation: app.requireAuth() });

  serve(
    contract.getVerificationLevels,
    {
      summary: "The verification levels, their limits in US dollars, and the caller's use of their own level",
    },
    async (request) =>
      ok(
        await verificationLevels(
          { db: app.db, rates: app.rates, language: request.ctx.language },
          currentAuth(request).user.id,
        ),
      ),
  );
}
