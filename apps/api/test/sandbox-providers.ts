/**
 * The variables that choose a sandbox provider, in the order the configuration names them: what
 * the API tests and the production-start journey expect a production start to name. Kept apart
 * from helper.ts so the journey reads it without loading the API.
 */
export const SANDBOX_PROVIDER_VARIABLES = [
  "CARD_PROVIDER",
  "BANK_PROVIDER",
  "GATEWAY_PROVIDER",
  "PAYOUT_PROVIDER",
  "TOPUP_PROVIDER",
  "GIFTCARD_PROVIDER",
  "BILL_PROVIDER",
  "VERIFICATION_PROVIDER",
  "FX_PROVIDER",
];
