import { randomInt } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import {
  sandboxAchCredits,
  sandboxAchDebits,
  sandboxBankAccounts,
  sandboxIncomingTransfers,
  sandboxUnmatchedArrivals,
} from "../../db/schema/sandbox";
import { ConflictError, InvalidDataError, NotFoundError } from "../../http/errors";
import { type SandboxWebhooks, sandboxId, verifiedBody } from "../sandbox-webhooks";
import type {
  AchDebitState,
  BankRails,
  IncomingTransferState,
  PushTransferMethod,
  TransferInstructions,
} from "./bank-rails";

/**
 * The sandbox bank rails. ACH: an account is verified by its ABA routing checksum; a debit is
 * pending and, SANDBOX_ACH_SETTLE_SECONDS later, settles — or is returned for the test accounts
 * 000111111113 (R01 insufficient funds) and 000111111116 (R03 no account) — which `getDebit` shows at
 * once and a signed `banks` webhook ({kind:"debit"}) reports through the sweeper. Push transfers
 * (wire, SWIFT, SEPA, EFT): `expectTransfer` answers instructions with a unique "VLT-XXXXXXXX"
 * reference; the sandbox's "transfer arrives" page records an arrival: the exact amount is received
 * (webhook {kind:"incoming_transfer"}), any other amount goes to review, and money quoting an unknown
 * or already used reference is held for review (sandbox_unmatched_arrivals): never credited, never lost.
 */
export const SANDBOX_BANK_PROVIDER = "sandbox-ach";

export const ACH_TEST_ACCOUNTS: Record<string, { code: string; reason: string }> = {
  "000111111113": { code: "R01", reason: "Insufficient funds" },
  "000111111116": { code: "R03", reason: "No account or unable to locate account" },
};

const KNOWN_BANKS: Record<string, string> = {
  "011000015": "Federal Reserve Bank of Boston",
  "021000021": "JPMorgan Chase Bank",
  "026009593": "Bank of America",
  "110000000": "Sandbox Test Bank",
};

/** The ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function abaChecksumValid(routingNumber: string): boolean {
  if (!/^\d{9}$/.test(routingNumber)) return false;
  const d = [...routingNumber].map(Number);
  const at = (index: number) => d[index] ?? 0;
  const sum = 3 * (at(0) + at(3) + at(6)) + 7 * (at(1) + at(4) + at(7)) + (at(2) + at(5) + at(8));
  return sum % 10 === 0;
}

// No 0/O or 1/I, so a customer can copy the reference off a screen.
const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const newTransferReference = () =>
  `VLT-${Array.from({ length: 8 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join("")}`;

/** Where the customer sends each push method (the sandbox's own collection accounts). */
const COLLECTION_ACCOUNTS: Record<
  PushTransferMethod,
  Pick<
    TransferInstructions,
    "bank_name" | "bank_address" | "account_number" | "routing_number" | "iban" | "bic"
  >
> = {
  "domestic-wire-transfer-usa": {
    bank_name: "Sandbox National Bank",
    bank_address: "100 Market Street, San Francisco, CA 94105, United States",
    account_number: "000123456789",
    routing_number: "021000021",
    iban: null,
    bic: null,
  },
  "international-swift-transfer": {
    bank_name: "Sandbox National Bank",
    bank_address: "100 Market Street, San Francisco, CA 94105, United States",
    account_number: "000123456789",
    routing_number: null,
    iban: null,
    bic: "SNDBUS33XXX",
  },
  "sepa-transfer-eur": {
    bank_name: "Sandbox Europe Bank",
    bank_address: "Friedrichstraße 1, 10117 Berlin, Germany",
    account_number: null,
    routing_number: null,
    iban: "DE89370400440532013000",
    bic: "COBADEFFXXX",
  },
  "electronic-funds-transfer": {
    bank_name: "Sandbox National Bank",
    bank_address: "100 Market Street, San Francisco, CA 94105, United States",
    account_number: "000987654321",
    routing_number: "011000015",
    iban: null,
    bic: null,
  },
};

const BENEFICIARY = "Vela Payments Inc.";

/** Decimal digits of a currency's minor unit (2 for USD, 0 for JPY). */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

export function minorToDecimal(amountMinor: bigint, currency: string): string {
  const digits = currencyDigits(currency);
  const text = amountMinor.toString().padStart(digits + 1, "0");
  return digits > 0 ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
}

/** "25", "25.5", "1,025.50" in the currency's unit → minor units; null when it is not an amount. */
export function decimalToMinor(value: string, currency: string): bigint | null {
  const digits = currencyDigits(currency);
  const clean = value.trim().replaceAll(",", "");
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(clean);
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > digits) return null;
  return BigInt(match[1] ?? "0") * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, "0") || "0");
}

type DebitRow = typeof sandboxAchDebits.$inferSelect;
const toDebitState = (row: DebitRow): AchDebitState => ({
  debitId: row.id,
  status: row.status as AchDebitState["status"],
  amountMinor: row.amountMinor,
  returnCode: row.returnCode,
  returnReason: row.returnReason,
});

type TransferRow = typeof sandboxIncomingTransfers.$inferSelect;
const toTransferState = (row: TransferRow): IncomingTransferState => ({
  reference: row.reference,
  status: row.status as IncomingTransferState["status"],
  expectedMinor: row.expectedMinor,
  receivedMinor: row.receivedMinor,
});

export type UnmatchedArrival = { id: number; reference: string; amount: string; reason: string };

export type ArrivalResult =
  | { outcome: "received" | "review"; transfer: IncomingTransferState & { currency: string } }
  /** The reference's transfer had already arrived: this second one is held for review. */
  | {
      outcome: "already_recorded";
      transfer: IncomingTransferState & { currency: string };
      held: UnmatchedArrival;
    }
  /** No transfer is expected with this reference: the money is held for review. */
  | { outcome: "unmatched"; held: UnmatchedArrival };

export type SandboxBanks = BankRails & {
  /**
   * Settles (or returns) every pending debit whose time has come — or only `debitId` — and records
   * its `banks` webhook in the same statement; answers how many moved.
   */
  settleDue(debitId?: string): Promise<number>;
  /**
   * The "transfer arrives" page's work: the bank reports money quoting `reference`. Nothing that
   * arrives is lost: a reference that matches no expected transfer, or one whose transfer already
   * arrived, is kept in sandbox_unmatched_arrivals for review.
   */
  recordArrival(reference: string, amount: string): Promise<ArrivalResult>;
  /** The arrivals held for review, newest first. */
  unmatchedArrivals(limit?: number): Promise<UnmatchedArrival[]>;
};

export function createSandboxBanks(deps: {
  db: Db;
  webhooks: SandboxWebhooks;
  webhookSecret: string;
  settleSeconds: number;
}): SandboxBanks {
  const { db, webhooks } = deps;

  const loadDebit = async (debitId: string) => {
    const [row] = await db.select().from(sandboxAchDebits).where(eq(sandboxAchDebits.id, debitId));
    return row ?? null;
  };

  /** A debit or a credit needs a positive amount and an account this bank verified. */
  const assertMovable = async (input: { amountMinor: bigint; accountToken: string }) => {
    if (input.amountMinor <= 0n) throw new InvalidDataError({ amount: ["The amount must be positive."] });
    const [account] = await db
      .select({ token: sandboxBankAccounts.accountToken })
      .from(sandboxBankAccounts)
      .where(eq(sandboxBankAccounts.accountToken, input.accountToken));
    if (!account) throw new NotFoundError("The bank account is unknown to the bank.");
  };

  const banks: SandboxBanks = {
    name: SANDBOX_BANK_PROVIDER,

    async verifyAccount(input) {
      const routingNumber = input.routingNumber.trim();
      const accountNumber = input.accountNumber.trim();
      const errors: Record<string, string[]> = {};
      if (!abaChecksumValid(routingNumber)) errors.routingNumber = ["The routing number is invalid."];
      if (!/^\d{4,17}$/.test(accountNumber))
        errors.accountNumber = ["The account number has 4 to 17 digits."];
      if (Object.keys(errors).length > 0) throw new InvalidDataError(errors);
      const test = ACH_TEST_ACCOUNTS[accountNumber];
      const accountToken = sandboxId("ba", 16);
      const bankName = KNOWN_BANKS[routingNumber] ?? "Sandbox Bank";
      await db.insert(sandboxBankAccounts).values({
        accountToken,
        routingNumber,
        last4: accountNumber.slice(-4),
        bankName,
        scenario: test?.code ?? "ok",
      });
      return { accountToken, bankName, last4: accountNumber.slice(-4) };
    },

    async debit(input) {
      await assertMovable(input);
      await db
        .insert(sandboxAchDebits)
        .values({
          id: sandboxId("debit", 12),
          idempotencyKey: input.idempotencyKey,
          accountToken: input.accountToken,
          amountMinor: input.amountMinor,
          currency: input.currency.toUpperCase(),
          status: "pending",
          settleAt: sql`now() + ${deps.settleSeconds} * interval '1 second'`,
        })
        .onConflictDoNothing({ target: sandboxAchDebits.idempotencyKey });
      const [row] = await db
        .select()
        .from(sandboxAchDebits)
        .where(eq(sandboxAchDebits.idempotencyKey, input.idempotencyKey));
      if (!row) throw new Error("sandbox debit not recorded");
      return toDebitState(row);
    },

    async settleDue(debitId) {
      const only = debitId ? sql`and d.id = ${debitId}` : sql``;
      // One statement: the debit moves and its webhook is written together, once (status = 'pending').
      const rows = await queryRows<{ id: string }>(
        db,
        sql`with moved as (
              update sandbox_ach_debits d
              set status = case when a.scenario = 'ok' then 'settled' else 'returned' end,
                  return_code = case when a.scenario = 'ok' then null else a.scenario end,
                  return_reason = case a.scenario
                    when 'R01' then ${ACH_TEST_ACCOUNTS["000111111113"]?.reason}
                    when 'R03' then ${ACH_TEST_ACCOUNTS["000111111116"]?.reason}
                    else null end
              from sandbox_bank_accounts a
              where a.account_token = d.account_token and d.status = 'pending' and d.settle_at <= now() ${only}
              returning d.id, d.status, d.return_code
            )
            insert into sandbox_webhooks (provider, body)
            select 'banks', json_build_object('kind', 'debit', 'id', id, 'status', status, 'returnCode', return_code)::text
            from moved
            returning id`,
      );
      return rows.length;
    },

    async getDebit(debitId) {
      const row = await loadDebit(debitId);
      if (!row) return null;
      // Time is reflected on read: a debit whose moment has come settles now, without the sweeper.
      if (row.status === "pending" && (await banks.settleDue(debitId)) > 0) {
        const settled = await loadDebit(debitId);
        return settled ? toDebitState(settled) : null;
      }
      return toDebitState(row);
    },

    async credit(input) {
      await assertMovable(input);
      await db
        .insert(sandboxAchCredits)
        .values({
          id: sandboxId("credit", 12),
          idempotencyKey: input.idempotencyKey,
          accountToken: input.accountToken,
          amountMinor: input.amountMinor,
          currency: input.currency.toUpperCase(),
        })
        .onConflictDoNothing({ target: sandboxAchCredits.idempotencyKey });
      const [row] = await db
        .select()
        .from(sandboxAchCredits)
        .where(eq(sandboxAchCredits.idempotencyKey, input.idempotencyKey));
      if (!row) throw new Error("sandbox credit not recorded");
      return { creditId: row.id };
    },

    async expectTransfer(input) {
      if (input.amountMinor <= 0n) throw new InvalidDataError({ amount: ["The amount must be positive."] });
      const currency = input.currency.toUpperCase();
      const [existing] = await db
        .select()
        .from(sandboxIncomingTransfers)
        .where(eq(sandboxIncomingTransfers.idempotencyKey, input.idempotencyKey));
      if (existing) return existing.instructions as TransferInstructions;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const reference = newTransferReference();
        const instructions: TransferInstructions = {
          method: input.method,
          reference,
          amount: minorToDecimal(input.amountMinor, currency),
          currency,
          beneficiary_name: BENEFICIARY,
          ...COLLECTION_ACCOUNTS[input.method],
        };
        const inserted = await db
          .insert(sandboxIncomingTransfers)
          .values({
            reference,
            idempotencyKey: input.idempotencyKey,
            method: input.method,
            expectedMinor: input.amountMinor,
            currency,
            status: "awaiting",
            instructions,
          })
          .onConflictDoNothing()
          .returning();
        if (inserted[0]) return instructions;
        // Either the reference was taken (try another) or the same key raced us (answer its row).
        const [raced] = await db
          .select()
          .from(sandboxIncomingTransfers)
          .where(eq(sandboxIncomingTransfers.idempotencyKey, input.idempotencyKey));
        if (raced) return raced.instructions as TransferInstructions;
      }
      throw new Error("could not find a free transfer reference");
    },

    async getIncomingTransfer(reference) {
      const [row] = await db
        .select()
        .from(sandboxIncomingTransfers)
        .where(eq(sandboxIncomingTransfers.reference, reference.trim().toUpperCase()));
      return row ? toTransferState(row) : null;
    },

    async recordArrival(referenceInput, amount) {
      const reference = referenceInput.trim().toUpperCase();
      if (reference === "")
        throw new InvalidDataError({ reference: ["Enter the reference the transfer quoted."] });
      const hold = async (reason: "unknown_reference" | "reference_used", text: string) => {
        const [held] = await db
          .insert(sandboxUnmatchedArrivals)
          .values({ reference, amount: text, reason })
          .returning();
        return { id: held!.id, reference: held!.reference, amount: held!.amount, reason: held!.reason };
      };
      const [row] = await db
        .select()
        .from(sandboxIncomingTransfers)
        .where(eq(sandboxIncomingTransfers.reference, reference));
      if (!row) {
        // The currency is not known without a match: any positive amount with up to 3 decimals.
        const text = amount.trim().replaceAll(",", "");
        if (!/^\d{1,15}(?:\.\d{1,3})?$/.test(text) || !/[1-9]/.test(text)) {
          throw new InvalidDataError({ amount: ["Enter the amount that arrived, like 250.00."] });
        }
        return { outcome: "unmatched", held: await hold("unknown_reference", text) };
      }
      const receivedMinor = decimalToMinor(amount, row.currency);
      if (receivedMinor === null || receivedMinor <= 0n) {
        throw new InvalidDataError({ amount: ["Enter the amount that arrived, like 250.00."] });
      }
      const status = receivedMinor === row.expectedMinor ? "received" : "review";
      const moved = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(sandboxIncomingTransfers)
          .set({ status, receivedMinor, receivedAt: sql`now()` })
          .where(
            sql`${sandboxIncomingTransfers.reference} = ${reference} and ${sandboxIncomingTransfers.status} = 'awaiting'`,
          )
          .returning();
        if (!updated) return null;
        const webhookId =
          status === "received"
            ? await webhooks.record(tx, "banks", { kind: "incoming_transfer", id: reference, status })
            : null;
        return { updated, webhookId };
      });
      if (!moved) {
        const [current] = await db
          .select()
          .from(sandboxIncomingTransfers)
          .where(eq(sandboxIncomingTransfers.reference, reference));
        if (!current) throw new ConflictError("The transfer disappeared.");
        return {
          outcome: "already_recorded",
          transfer: { ...toTransferState(current), currency: current.currency },
          held: await hold("reference_used", minorToDecimal(receivedMinor, current.currency)),
        };
      }
      if (moved.webhookId !== null) await webhooks.attempt(moved.webhookId);
      return {
        outcome: status,
        transfer: { ...toTransferState(moved.updated), currency: moved.updated.currency },
      };
    },

    async unmatchedArrivals(limit = 20) {
      const rows = await db
        .select()
        .from(sandboxUnmatchedArrivals)
        .orderBy(desc(sandboxUnmatchedArrivals.id))
        .limit(limit);
      return rows.map((held) => ({
        id: held.id,
        reference: held.reference,
        amount: held.amount,
        reason: held.reason,
      }));
    },

    verifyWebhook(rawBody, signature) {
      const body = verifiedBody(deps.webhookSecret, rawBody, signature);
      if (!body) return null;
      const { kind, id, status } = body;
      if (
        (kind !== "debit" && kind !== "incoming_transfer") ||
        typeof id !== "string" ||
        typeof status !== "string"
      ) {
        return null;
      }
      return { kind, id, status };
    },
  };
  return banks;
}
