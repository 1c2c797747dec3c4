import type { FastifyInstance } from "fastify";

/** The three quotations and transactions, and a gift card's redeem code. */
export async function purchaseOrderRoutes(_app: FastifyInstance) {}
