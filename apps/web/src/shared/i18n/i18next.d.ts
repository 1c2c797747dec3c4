import type { Messages } from "./locales/en";

// Typed translation keys: `t("home.card.title")` is checked against the English copy.
// Module augmentation is the one place an `interface` is required.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Messages };
    returnNull: false;
  }
}
