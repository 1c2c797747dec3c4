import type { TFunction } from "i18next";
import type { Recipient } from "../api/types";

/** "bank-deposit" → "Bank deposit": a key or slug the page has no name for, readable. */
export const humanize = (key: string) => {
  const words = key.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const KNOWN_METHODS = ["vela", "bank-deposit", "cash-pickup", "mobile-wallet", "home-delivery"] as const;
type KnownMethod = (typeof KNOWN_METHODS)[number];
const isKnown = (slug: string): slug is KnownMethod => (KNOWN_METHODS as readonly string[]).includes(slug);

/** How the recipient receives, in the page's language when the method is one we know. */
export const methodLabel = (
  recipient: Pick<Recipient, "shipping_method_slug" | "withdrawal_method">,
  t: TFunction,
) => {
  const slug = recipient.shipping_method_slug ?? recipient.withdrawal_method;
  if (!slug) return t("recipients.methods.none");
  return isKnown(slug) ? t(`recipients.methods.${slug}`) : humanize(slug);
};
