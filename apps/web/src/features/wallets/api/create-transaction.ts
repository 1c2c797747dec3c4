import * as contract from "@vela/shared/contract/wallets";
import type { ConfirmationRecord } from "@vela/shared/orders";
import { api } from "@/shared/api/api-client";
import type { WalletMoneyService } from "./money-services";

/** What each service's transaction is placed with. */
export type WalletTransactionBody =
  | { quotation_id: number; payment_id: number }
  | { quotation_id: number }
  | { quotation_id: number; code: string };

/**
 * POST /wallets/{service}/transaction with the attempt's Idempotency-Key: places the order and
 * answers its confirmation record. A conversion and a send complete at once; a deposit waits for
 * its payment; a withdrawal puts the amount on hold until the payout settles.
 */
export const createWalletTransaction = (
  service: WalletMoneyService,
  body: WalletTransactionBody,
  idempotencyKey: string,
): Promise<ConfirmationRecord> => {
  const options = { headers: { "Idempotency-Key": idempotencyKey } };
  return service === "convert-money"
    ? api.call(contract.createConvertTransaction, { body }, options)
    : api.call(contract.createWalletTransaction, { params: { service }, body }, options);
};
