import { createHmac } from "node:crypto";
import type { Db } from "../../db/client";
import { InvalidDataError } from "../../http/errors";
import { sandboxFulfilmentStore } from "../purchases/sandbox-fulfilments";
import { GIFT_CARD_PRODUCTS } from "./giftcard-catalogue";
import type { GiftCardProvider } from "./giftcard-provider";

/**
 * The sandbox gift card aggregator: the catalogue of giftcard-catalogue.ts; a card is issued at
 * once, except the test value: a recipient e-mail whose local part is `out-of-stock` fails
 * (OUT_OF_STOCK, nothing charged). A card's code (and PIN, for brands with one) is derived from its
 * transaction id with an HMAC under the sandbox secret: never stored, the same every time it is asked.
 */
export const SANDBOX_GIFTCARD_PROVIDER = "sandbox-giftcards";

export const GIFTCARD_FAILURES = {
  OUT_OF_STOCK: "This gift card is out of stock right now.",
} as const;

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** The code ("XXXX-XXXX-XXXX-XXXX") and PIN (6 digits) of a transaction. */
export function sandboxRedeemCode(secret: string, transactionId: string, hasPin: boolean) {
  const digest = createHmac("sha256", secret).update(`giftcard:${transactionId}`).digest();
  const characters = Array.from(digest.subarray(0, 16), (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]);
  const code = [0, 4, 8, 12].map((start) => characters.slice(start, start + 4).join("")).join("-");
  const pin = hasPin ? String(digest.readUInt32BE(16) % 1_000_000).padStart(6, "0") : null;
  return { code, pin };
}

const byId = new Map(GIFT_CARD_PRODUCTS.map((product) => [product.id, product]));

const matches = (text: string, search: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .includes(search.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase());

export function createSandboxGiftCards(deps: { db: Db; secret: string }): GiftCardProvider {
  const store = sandboxFulfilmentStore(deps.db, "giftcard", SANDBOX_GIFTCARD_PROVIDER);

  return {
    name: SANDBOX_GIFTCARD_PROVIDER,
    async products(filter = {}) {
      const country = filter.countryIso?.toUpperCase();
      const search = filter.search?.trim();
      const category = filter.category?.trim().toLowerCase();
      return GIFT_CARD_PRODUCTS.filter(
        (product) =>
          (!country || product.countryIso === country) &&
          (!category || product.category === category) &&
          (!search || matches(`${product.name} ${product.brand} ${product.category}`, search)),
      );
    },
    async product(id) {
      return byId.get(id) ?? null;
    },
    async submit(request) {
      const product = byId.get(request.productId);
      if (!product) throw new InvalidDataError({ product_id: ["Product not found."] });
      if (request.currencyIso.toUpperCase() !== product.currencyIso) {
        throw new InvalidDataError({ currency: [`${product.brand} cards are in ${product.currencyIso}.`] });
      }
      const email = request.recipientEmail.trim().toLowerCase();
      return store.submit(
        { ...request, account: email, productId: product.id, providerId: null },
        product.commissionBps,
        (transactionId) =>
          email.split("@")[0] === "out-of-stock"
            ? {
                status: "failed",
                failureCode: "OUT_OF_STOCK",
                failureMessage: GIFTCARD_FAILURES.OUT_OF_STOCK,
              }
            : { status: "delivered", confirmation: `GC-${transactionId.slice(3, 15).toUpperCase()}` },
      );
    },
    get: (transactionId) => store.get(transactionId),
    async redeemCode(transactionId) {
      const state = await store.get(transactionId);
      if (state?.status !== "delivered") return null;
      const productId = await store.productOf(transactionId);
      const product = productId === null ? undefined : byId.get(productId);
      return sandboxRedeemCode(deps.secret, transactionId, product?.hasPin ?? false);
    },
  };
}
