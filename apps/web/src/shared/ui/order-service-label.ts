import { ORDER_SERVICES, type OrderService } from "@vela/shared/orders";
import type { TFunction } from "i18next";

const isOrderService = (service: string): service is OrderService => Object.hasOwn(ORDER_SERVICES, service);

/**
 * An order's service in the page's language ("Gift card", "Tarjeta de regalo"): the history's rows,
 * filters and details name every kind of order alike. A service the SPA has no words for yet shows
 * the server's name.
 */
export const serviceLabel = (t: TFunction, service: string, serverName: string) =>
  isOrderService(service) ? t(`history.services.${service}`) : serverName;
