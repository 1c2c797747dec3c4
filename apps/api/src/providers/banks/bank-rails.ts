import type { MoneyRequest } from "../money-request";

/**
 * Bank rails (ARCHITECTURE §6): ACH debits from a customer's US account (pull), and instructions for
 * the push methods — domestic wire, international SWIFT, SEPA in euros, electronic funds transfer —
 * that the customer sends themselves with a unique reference, which the bank reports when it arrives.
 */
export type BankAccountInput = {
  routingNumber: string;
  accountNumber: string;
  accountType: "checking" | "savings";
  holderName: string;
};

export type VerifiedBankAccount = { accountToken: string; bankName: string; last4: string };

export type AchDebitState = {
  debitId: string;
  /** pending until it settles (after a delay) or the customer's bank returns it (R01, R03 …). */
  status: "pending" | "settled" | "returned";
  amountMinor: bigint;
  returnCode: string | null;
  returnReason: string | null;
};

export const PUSH_TRANSFER_METHODS = [
  "domestic-wire-transfer-usa",
  "international-swift-transfer",
  "sepa-transfer-eur",
  "electronic-funds-transfer",
] as const;
export type PushTransferMethod = (typeof PUSH_TRANSFER_METHODS)[number];

/** Where and how the customer sends a push transfer; `reference` must be quoted on it. */
export type TransferInstructions = {
  method: PushTransferMethod;
  reference: string;
  amount: string;
  currency: string;
  beneficiary_name: string;
  bank_name: string;
  bank_address: string;
  account_number: string | null;
  routing_number: string | null;
  iban: string | null;
  bic: string | null;
};

export type IncomingTransferState = {
  reference: string;
  /** awaiting: nothing yet; received: the expected amount arrived; review: a wrong amount arrived. */
  status: "awaiting" | "received" | "review";
  expectedMinor: bigint;
  receivedMinor: bigint | null;
};

export type BankRails = {
  name: string;
  /** Checks the ABA routing checksum and the account, and answers a token for later debits. */
  verifyAccount(input: BankAccountInput): Promise<VerifiedBankAccount>;
  debit(input: MoneyRequest & { accountToken: string }): Promise<AchDebitState>;
  getDebit(debitId: string): Promise<AchDebitState | null>;
  /** Sends money back to an account we debited (a refund). */
  credit(input: MoneyRequest & { accountToken: string }): Promise<{ creditId: string }>;
  /** Opens an expected incoming transfer and answers the instructions to show the customer. */
  expectTransfer(input: MoneyRequest & { method: PushTransferMethod }): Promise<TransferInstructions>;
  getIncomingTransfer(reference: string): Promise<IncomingTransferState | null>;
  /** A webhook's content (a debit settled or returned, a transfer arrived) when its signature is right. */
  verifyWebhook(
    rawBody: string,
    signature: string | undefined,
  ): { kind: "debit" | "incoming_transfer"; id: string; status: string } | null;
};
