import type { FastifyInstance } from "fastify";
import "../../providers/sandboxes";
import { sandboxBankRoutes } from "./banks";
import { sandboxCardRoutes } from "./cards";
import { sandboxGatewayRoutes } from "./gateways";
import { parseForm } from "./page";
import { sandboxVerificationRoutes } from "./verification";

/**
 * The sandbox providers' own endpoints and pages, under /api/sandbox (public: the browser reaches
 * them as it would a provider's site). Only the kinds configured as sandboxes are served.
 */
export async function sandboxRoutes(app: FastifyInstance) {
  // The pages' forms post urlencoded bodies; only this plugin's routes accept them.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => done(null, parseForm(String(body))),
  );
  const { cards, banks, gateways, verification } = app.sandbox;
  if (cards) await app.register(sandboxCardRoutes, { cards });
  if (banks) await app.register(sandboxBankRoutes, { banks });
  if (gateways) await app.register(sandboxGatewayRoutes, { gateways });
  if (verification) await app.register(sandboxVerificationRoutes, { verification });
}
