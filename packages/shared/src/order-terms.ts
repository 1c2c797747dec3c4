import type { Quotation } from "./pricing";
import { PURCHASE_SERVICES, type PurchaseService } from "./purchases";

/*
 * The copy of the terms an order keeps (`orders.terms`): the quotation as priced, who sent and who
 * received as they were, and what each service adds, so an old order is described from itself alone
 * (never from today's quotation, sender or recipient). One type per service, told apart by
 * `service` (the order's own service: migration 0021 wrote it into the rows placed before it).
 * Built only by apps/api/src/orders/terms.ts.
 */

/**
 * The quotation as describeQuotation answered it. Partial: an order placed before a field existed
 * does not have it, so readers fall back to the order's own columns.
 */
export type TermsQuotation = Partial<Quotation>;

/** The delivery method as priced ("Bank deposit", "bank-deposit"). */
export type TermsDeliveryMethod = { id: number; name: string; slug: string };

/** Who sent: a saved sender (id), or a wallet's owner (a wallet send: no sender record, id null). */
export type TermsSender = { id: number | null; name: string; country_iso: string | null };

/**
 * Who received: a saved recipient with their delivery details (labelled, account numbers masked),
 * or a wallet's owner (a wallet send: their masked name only, id null).
 */
export type TermsRecipient = {
  id: number | null;
  name: string;
  first_name: string | null;
  last_name: string | null;
  country_iso: string | null;
  delivery: Record<string, string>;
};

/** A wallet an order pays from or delivers into. */
export type TermsWallet = { id: number; public_id: string; currency_iso: string };

/** What every order's terms keep: the quotation as priced, its method and its currencies. */
export type PricedTerms = {
  quotation: TermsQuotation;
  delivery_method: TermsDeliveryMethod | null;
  transfer_time: string;
  guaranteed_rate: boolean;
  currency_from_iso: string;
  currency_to_iso: string;
  currency_from_decimals: number;
  currency_to_decimals: number;
};

/** What a purchase quotation buys, kept on the quotation (`purchase`) and copied to the order's terms. */
export type PurchaseTerms = {
  service: PurchaseService;
  /** The aggregator ("sandbox-topups") and the operator, brand or biller as the customer knows it. */
  aggregator: string;
  provider_name: string;
  logo_url: string;
  operator_id: number | null;
  product_id: number | null;
  product_name: string;
  country_iso: string;
  face_value: string;
  face_currency_iso: string;
  /** Phone (E.164), the gift card recipient's e-mail, or the bill's reference number. */
  account: string;
  recipient_name: string | null;
  message: string | null;
  /** The aggregator's commission off the face value: what we keep of it when delivered. */
  commission_bps: number;
  payer: Record<string, string> | null;
  /** Gift cards: how to redeem it (shown with the code and in the e-mail). */
  redeem_instructions: string | null;
};

/** One service's terms: the priced terms, who sent and who received, and what the service adds. */
type ServiceTerms<Service, Sender, Recipient, Own> = PricedTerms & {
  service: Service;
  sender: Sender;
  recipient: Recipient;
} & Own;

/** Send money: from a saved sender to a saved recipient. */
export type ConsignmentTerms = ServiceTerms<"consignments", TermsSender, TermsRecipient, unknown>;

/** Money into the caller's wallet, paid by card, bank or gateway. */
export type WalletDepositTerms = ServiceTerms<"wallet-deposit", null, null, { wallet: TermsWallet }>;

/** Between two of the caller's wallets, at once. */
export type WalletConvertTerms = ServiceTerms<
  "wallet-convert",
  null,
  null,
  { wallets: { from: TermsWallet; to: TermsWallet } }
>;

/** A wallet's owner as a wallet send names them: the name each side saw, and the wallet's public id. */
export type WalletSendParty = { name: string; wallet_id: string };

/**
 * From the caller's wallet into another user's, at once. `wallet_send` names both sides for either
 * side's wallet history: the sender sees the masked name they confirmed, the recipient who sent it.
 */
export type WalletSendTerms = ServiceTerms<
  "wallet-send",
  TermsSender,
  TermsRecipient,
  { wallet_send: { sender: WalletSendParty; recipient: WalletSendParty } }
>;

/** Out of the caller's wallet to one of their own bank accounts (a recipient they saved). */
export type WalletWithdrawTerms = ServiceTerms<
  "wallet-withdraw",
  null,
  TermsRecipient,
  { wallet: TermsWallet }
>;

/** A top-up, gift card or bill: who pays (when a sender was named) and what was bought. */
export type PurchaseOrderTerms = ServiceTerms<
  PurchaseService,
  TermsSender | null,
  null,
  { purchase: PurchaseTerms }
>;

export type OrderTerms =
  | ConsignmentTerms
  | WalletDepositTerms
  | WalletConvertTerms
  | WalletSendTerms
  | WalletWithdrawTerms
  | PurchaseOrderTerms;

export type OrderTermsService = OrderTerms["service"];

const PURCHASE_SERVICE_SET: ReadonlySet<string> = new Set(PURCHASE_SERVICES);

export const isPurchaseTerms = (terms: OrderTerms): terms is PurchaseOrderTerms =>
  PURCHASE_SERVICE_SET.has(terms.service);
