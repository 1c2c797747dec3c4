import { SANCTIONS_MESSAGES } from "./messages";

/** Spanish for screening's messages (registered in app.ts); reasons are translated sentence by sentence. */
export const SANCTIONS_SPANISH: Record<string, string> = {
  "Your transfer is on hold for a routine compliance review.":
    "Tu envío está retenido para una revisión de cumplimiento de rutina.",
  "We will let you know when it moves on.": "Te avisaremos cuando siga adelante.",
  "Your transfer could not be completed after a compliance review.":
    "Tu envío no pudo completarse tras una revisión de cumplimiento.",
  "Your payment was refunded in full.": "Tu pago se reembolsó por completo.",
  [SANCTIONS_MESSAGES.orderHeld]:
    "Tu envío está retenido para una revisión de cumplimiento de rutina. Te avisaremos cuando siga adelante.",
  "The compliance review is complete.": "La revisión de cumplimiento terminó.",
  "Your transfer is on its way.": "Tu envío está en camino.",
  [SANCTIONS_MESSAGES.orderReleased]: "La revisión de cumplimiento terminó. Tu envío está en camino.",
  [SANCTIONS_MESSAGES.orderRefunded]:
    "Tu envío no pudo completarse tras una revisión de cumplimiento. Tu pago se reembolsó por completo.",
  [SANCTIONS_MESSAGES.hitNotFound]: "No se encontró la coincidencia de control.",
  [SANCTIONS_MESSAGES.alreadyDecided]: "Esta coincidencia de control ya fue decidida.",
  [SANCTIONS_MESSAGES.reviewerRequired]: "Indica quién revisa.",
};
