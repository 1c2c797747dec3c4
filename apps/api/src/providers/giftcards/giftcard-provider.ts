import type { FulfilmentBase, FulfilmentProvider } from "../purchases/fulfilment";

/**
 * A gift card aggregator (Tango, Reloadly Gift Cards, Runa): brands with their logo, the country and
 * currency they are redeemed in, FIXED denominations or a RANGE, redeem instructions and terms, and
 * the sender countries they may be sold in. Once an order is delivered its code (and PIN, where the
 * brand has one) is fetched with `redeemCode`; we keep it sealed and show it once.
 */
export type GiftCardProductDef = {
  id: number;
  name: string;
  brand: string;
  category: string;
  logoUrl: string;
  countryIso: string;
  currencyIso: string;
  type: "FIXED" | "RANGE";
  denominations: string[];
  min: string | null;
  max: string | null;
  hasPin: boolean;
  redeemInstructions: string;
  terms: string;
  soldIn: string[];
  /** Our commission off the face value, in basis points. */
  commissionBps: number;
};

export type GiftCardRequest = FulfilmentBase & {
  productId: number;
  recipientName: string;
  recipientEmail: string;
};

export type GiftCardProvider = FulfilmentProvider<GiftCardRequest> & {
  products(filter?: {
    countryIso?: string;
    search?: string;
    category?: string;
  }): Promise<GiftCardProductDef[]>;
  product(id: number): Promise<GiftCardProductDef | null>;
  /** The code and PIN of a delivered card (null before it is delivered). */
  redeemCode(transactionId: string): Promise<{ code: string; pin: string | null } | null>;
};
