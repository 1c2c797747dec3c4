import { ORDER_SERVICES, ORDER_STATUS_LABELS, type OrderStatus } from "@vela/shared/orders";
import { WALLET_SERVICES } from "@vela/shared/wallets";

/**
 * Spanish for the order vocabulary the API answers in English (packages/shared: ORDER_STATUS_LABELS,
 * ORDER_SERVICES, WALLET_SERVICES): status labels, and the names of the services in the history's and
 * the wallets' selects. Applied on the way out by `localizeDisplay` (display/display-text.ts).
 */
export const ORDER_STATUS_LABELS_ES: Record<OrderStatus, string> = {
  created: "Creado",
  awaiting_payment: "Esperando el pago",
  payment_failed: "Pago fallido",
  paid: "Pagado",
  on_hold: "Retenido",
  processing: "En proceso",
  sent: "Enviado",
  available_for_pickup: "Listo para retirar",
  completed: "Completado",
  failed: "Fallido",
  cancelled: "Cancelado",
  refunded: "Reembolsado",
};

export const ORDER_SERVICE_NAMES_ES: Record<keyof typeof ORDER_SERVICES, string> = {
  consignments: "Envío de dinero",
  "wallet-deposit": "Depósito en billetera",
  "wallet-convert": "Conversión en billetera",
  "wallet-send": "Envío desde billetera",
  "wallet-withdraw": "Retiro de billetera",
  "reload-phones": "Recarga de móvil",
  "gift-cards": "Tarjeta de regalo",
  "prepaid-pay-bills": "Pago de facturas",
};

export const WALLET_SERVICE_NAMES_ES: Record<keyof typeof WALLET_SERVICES, string> = {
  "wallet-deposit": "Depositar",
  "wallet-convert": "Convertir",
  "wallet-send": "Enviar",
  "wallet-withdraw": "Retirar",
};

/**
 * The Spanish for an English label of this vocabulary named by its key (a status, a service id),
 * or undefined: only a label that is exactly the English one of that key is replaced.
 */
export function orderTextEs(key: string, english: string): string | undefined {
  if ((ORDER_STATUS_LABELS as Record<string, string>)[key] === english) {
    return ORDER_STATUS_LABELS_ES[key as OrderStatus];
  }
  if ((ORDER_SERVICES as Record<string, string>)[key] === english) {
    return ORDER_SERVICE_NAMES_ES[key as keyof typeof ORDER_SERVICES];
  }
  if ((WALLET_SERVICES as Record<string, string>)[key] === english) {
    return WALLET_SERVICE_NAMES_ES[key as keyof typeof WALLET_SERVICES];
  }
  return undefined;
}
