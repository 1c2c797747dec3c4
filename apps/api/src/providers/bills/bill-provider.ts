import type { FulfilmentBase, FulfilmentProvider } from "../purchases/fulfilment";

/**
 * A bill payment aggregator (Arcus, Pagaqui, Reloadly Utilities): services by country (electricity,
 * water, internet, TV, phone, gas), billers per service, plans where a biller sells them (prepaid
 * energy packs, TV packages), the bill looked up by the biller's reference (its balance and
 * currency), and payment of all of it or, where the biller allows, part of it.
 */
export type BillServiceDef = {
  serviceTypeId: number;
  slug: "electricity" | "water" | "internet" | "tv" | "phone" | "gas";
  name: string;
  /** The identifier its billers ask for ("Contract number"). */
  idField: string;
};

export type BillProviderDef = {
  id: number;
  name: string;
  logoUrl: string;
  countryIso: string;
  serviceTypeId: number;
  currencyIso: string;
  referenceLabel: string;
  referenceExample: string;
  /** The reference's shape, a regular expression's source, anchored. */
  referencePattern: string;
  hasPlans: boolean;
  partialPayment: boolean;
  /** Our commission off what is paid, in basis points. */
  commissionBps: number;
};

export type BillPlanDef = {
  id: number;
  providerId: number;
  name: string;
  description: string;
  /** A fixed amount, or null: the plan pays the bill's balance. */
  amount: string | null;
  currencyIso: string;
};

/** A bill as the biller answers it: what is owed now. */
export type BillDef = {
  providerId: number;
  referenceNumber: string;
  balance: string;
  currencyIso: string;
  /** The account holder, as the biller shows it (we mask it before answering). */
  customerName: string;
  dueDate: string | null;
};

export type BillPaymentRequest = FulfilmentBase & {
  providerId: number;
  referenceNumber: string;
  planId: number | null;
};

export type BillPaymentProvider = FulfilmentProvider<BillPaymentRequest> & {
  /** The countries it pays bills in, and each one's services. */
  countries(): Promise<string[]>;
  services(countryIso: string): Promise<BillServiceDef[]>;
  providers(countryIso: string, serviceTypeId: number): Promise<BillProviderDef[]>;
  provider(id: number): Promise<BillProviderDef | null>;
  plans(providerId: number): Promise<BillPlanDef[]>;
  /** The bill of a reference, or null when the biller has none. */
  lookup(providerId: number, referenceNumber: string): Promise<BillDef | null>;
};
