export * from "./idempotency";
export * from "./identity";
export * from "./ledger";
export * from "./pricing";
export * from "./reference";
export * from "./payout-network";
