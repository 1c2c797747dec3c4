/**
 * What every money-moving call to a provider carries: the amount in minor units, its currency, and
 * our reference as the idempotency key (the same key answers the same operation, never a second one).
 */
export type MoneyRequest = {
  amountMinor: bigint;
  /** ISO 4217 code. */
  currency: string;
  /** Our own reference ("payment:42"). */
  idempotencyKey: string;
};
