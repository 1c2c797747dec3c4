import type { Language } from "@vela/shared/api";

/**
 * The names of the gift card categories. `category` stays the aggregator's key (the catalogue's
 * filter takes it); `category_name` is what a person reads, in the caller's language.
 */
const CATEGORY_NAMES: Record<string, { en: string; es: string }> = {
  shopping: { en: "Shopping", es: "Compras" },
  entertainment: { en: "Entertainment", es: "Entretenimiento" },
  music: { en: "Music", es: "Música" },
  apps: { en: "Apps", es: "Aplicaciones" },
  gaming: { en: "Gaming", es: "Videojuegos" },
  transport: { en: "Transport", es: "Transporte" },
  fashion: { en: "Fashion", es: "Moda" },
  beauty: { en: "Beauty", es: "Belleza" },
  food: { en: "Food and drink", es: "Comida y bebida" },
};

/** A category's name; an unknown key is shown capitalised rather than hidden. */
export const giftCardCategoryName = (category: string, language: Language) =>
  CATEGORY_NAMES[category]?.[language] ?? category.charAt(0).toUpperCase() + category.slice(1);
