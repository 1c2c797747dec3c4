import { WALLET_SEND_MESSAGES } from "@vela/shared/wallet-send";
import { SEARCH_MESSAGES } from "./send-recipients";

/** Spanish for the wallet send's fixed messages (registered with http/messages.ts by app.ts). */
export const WALLET_SEND_SPANISH: Record<string, string> = {
  [WALLET_SEND_MESSAGES.notFound]:
    "No encontramos ninguna billetera Vela para este correo electrónico, número de teléfono o id de billetera.",
  [WALLET_SEND_MESSAGES.yourself]:
    "Esta es tu propia billetera. Para mover dinero entre tus billeteras, conviértelo.",
  [WALLET_SEND_MESSAGES.badWalletId]: "Debe ser un id de billetera como VW-7K3M9-Q2XAB.",
  [WALLET_SEND_MESSAGES.notSend]: "Esta cotización no es de un envío entre billeteras.",
  [WALLET_SEND_MESSAGES.recipientGone]:
    "La billetera del destinatario ya no está abierta. Elige el destinatario de nuevo.",
  [WALLET_SEND_MESSAGES.sourceGone]: "Tu billetera para este envío ya no está abierta.",
  [WALLET_SEND_MESSAGES.sent]: "Dinero enviado.",
  [SEARCH_MESSAGES.badQuery]:
    "Escribe un correo electrónico, un número de teléfono con su código de país o un id de billetera.",
};

/** The wallet send's messages that carry a value (a currency, a number of minutes), by their shape. */
export const WALLET_SEND_SPANISH_PATTERNS: [RegExp, (...parts: string[]) => string][] = [
  [
    /^The recipient has no open (\w+) wallet\.$/,
    (iso) => `El destinatario no tiene una billetera en ${iso} abierta.`,
  ],
  [
    /^You have no open (\w+) wallet to send from\.$/,
    (iso) => `No tienes una billetera en ${iso} abierta desde la que enviar.`,
  ],
  [
    /^Too many searches\. Try again in (\d+) minutes?\.$/,
    (n) => `Demasiadas búsquedas. Inténtalo de nuevo en ${n} ${n === "1" ? "minuto" : "minutos"}.`,
  ],
];
