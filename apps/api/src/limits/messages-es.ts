import { MONEY_MOVING_BLOCKED, NO_USD_RATE } from "./texts";

/** Spanish for the limits' fixed messages (registered with http/messages.ts by app.ts). */
export const LIMITS_SPANISH: Record<string, string> = {
  [MONEY_MOVING_BLOCKED]:
    "Tu cuenta no puede enviar, retirar ni comprar por ahora debido al resultado de la revisión de tu identidad. Contacta con soporte.",
  [NO_USD_RATE]:
    "No podemos valorar este importe en dólares estadounidenses ahora mismo. Inténtalo de nuevo en unos minutos.",
};
