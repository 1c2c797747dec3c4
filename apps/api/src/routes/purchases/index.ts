import type { FastifyInstance } from "fastify";
import { purchaseCatalogueRoutes } from "./catalogue";
import { purchaseOrderRoutes } from "./orders";

/**
 * The purchase services (issue 11): phone top-ups (reload-phones), gift cards (gift-cards) and bill
 * payments (prepaid-pay-bills). Their catalogues (operators, products, services, providers, plans,
 * the bill lookup) and their quotations, transactions and gift card codes.
 */
export async function purchaseRoutes(app: FastifyInstance) {
  await app.register(purchaseCatalogueRoutes);
  await app.register(purchaseOrderRoutes);
}
