/**
 * What the three purchase aggregators (phone top-ups, gift cards, bill payments) answer about one
 * purchase we submitted, in one shape so the order job follows them alike (orders/purchase-jobs.ts).
 * A submit is idempotent by our order's reference: the same reference answers the same purchase,
 * so a crash between submitting and recording the answer never buys twice.
 */
export type FulfilmentState = {
  /** The aggregator's name ("sandbox-topups") and its id of the purchase. */
  provider: string;
  transactionId: string;
  /** pending: accepted, not done yet (ask again with `get`); delivered; failed (nothing charged). */
  status: "pending" | "delivered" | "failed";
  /** A stable code of why it failed ("OPERATOR_DOWN", "OUT_OF_STOCK", "BILL_ALREADY_PAID"). */
  failureCode: string | null;
  /** What the customer reads when it failed. */
  failureMessage: string | null;
  /**
   * What the aggregator charges us for it, in `costCurrencyIso` minor units (the face value less
   * our commission). Known once delivered; the ledger's provider payable takes it.
   */
  costMinor: bigint;
  costCurrencyIso: string;
  /** The operator's, issuer's or biller's own confirmation ("TOPUP-…", a bill's receipt number). */
  confirmation: string | null;
};

/** A purchase to submit: our order's reference and the face value in the product's currency. */
export type FulfilmentBase = {
  /** Our order's reference (orders.ref): the idempotency key of the submit. */
  reference: string;
  amountMinor: bigint;
  currencyIso: string;
};

/** What every purchase aggregator does with a purchase: submit it, then ask after it by its id. */
export type FulfilmentProvider<Request extends FulfilmentBase> = {
  name: string;
  submit(request: Request): Promise<FulfilmentState>;
  get(transactionId: string): Promise<FulfilmentState | null>;
};
