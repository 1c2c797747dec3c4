import type { Language } from "@vela/shared/api";

/**
 * Spanish for the delivery vocabulary priced data carries: the delivery methods' names (seeded in
 * `shipping_methods`, by slug) and the arrival times ("transfer_time" of `corridor_methods`, of the
 * wallet and purchase offers, copied onto quotations and orders). Both stay English where they are
 * stored: `expectedArrival` reads the English arrival time, and an order keeps the words it was
 * priced with. They are translated on the way out, by `localizeDisplay` (display/display-text.ts).
 */
export const METHOD_NAMES_ES: Record<string, string> = {
  vela: "Billetera Vela",
  "bank-deposit": "Depósito bancario",
  "cash-pickup": "Retiro en efectivo",
  "mobile-wallet": "Billetera móvil",
  "home-delivery": "Entrega a domicilio",
  "mobile-top-up": "Recarga de móvil",
  "gift-card": "Tarjeta de regalo por correo electrónico",
  "bill-payment": "Pago de facturas",
};

export const ARRIVAL_TIMES_ES: Record<string, string> = {
  Instant: "Al instante",
  "Instant, by e-mail": "Al instante, por correo electrónico",
  "Within minutes": "En minutos",
  "1-2 business days": "1-2 días hábiles",
  "1-3 business days": "1-3 días hábiles",
};

/** A delivery method's name in the caller's language (the seeded English name otherwise). */
export const deliveryMethodName = (slug: string, name: string, language: Language) =>
  language === "es" ? (METHOD_NAMES_ES[slug] ?? name) : name;

/** An arrival time ("1-2 business days") in the caller's language. */
export const arrivalTime = (text: string, language: Language) =>
  language === "es" ? (ARRIVAL_TIMES_ES[text] ?? text) : text;
