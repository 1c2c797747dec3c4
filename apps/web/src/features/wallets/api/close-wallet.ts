import * as contract from "@vela/shared/contract/wallets";
import { api } from "@/shared/api/api-client";

/**
 * POST /wallets/{id}/close: closes an empty wallet (nothing available, nothing on hold, no order in
 * flight); the server refuses otherwise with a message that says why. The Idempotency-Key makes a
 * repeat of the same attempt answer the first close.
 */
export const closeWallet = (walletId: number, idempotencyKey: string) =>
  api.exchangeCall(
    contract.closeWallet,
    { params: { id: walletId } },
    { headers: { "Idempotency-Key": idempotencyKey } },
  );
