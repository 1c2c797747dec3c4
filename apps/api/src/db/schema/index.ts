export * from "./idempotency";
export * from "./identity";
export * from "./ledger";
export * from "./parties";
export * from "./payout-network";
export * from "./pricing";
export * from "./reference";
