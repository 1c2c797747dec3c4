import type { FastifyInstance } from "fastify";

/** GET operators and products, gift card products, bill services, providers, plans; the bill lookup. */
export async function purchaseCatalogueRoutes(_app: FastifyInstance) {}
