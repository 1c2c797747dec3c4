import type {
  BillingAddress,
  bankAccountInput,
  SavedBank,
  SavedCard,
  updateBankAccountRequest,
} from "@vela/shared/payments";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Secrets } from "../auth/secrets";
import type { Db } from "../db/client";
import { paymentProfiles, senders } from "../db/schema/index";
import { ConflictError, InvalidDataError, NotFoundError, ProviderDeclinedError } from "../http/errors";
import type { BankRails } from "../providers/banks/bank-rails";
import type { CardProcessor } from "../providers/cards/card-processor";

/**
 * Saved cards and banks (spec §3 saved card, saved bank; §7 payments/profiles with payment_method_id
 * 3 or 1, settings bank-accounts and payment-profiles). A card is the processor's profile token and
 * what the processor says of it (brand, last four, expiry); a bank account keeps its routing number
 * and last four in clear and its full number sealed with AES-256-GCM under APP_SECRET (an ACH debit
 * or refund needs it). Numbers are only ever answered masked. Another user's instrument is not found.
 */
export type ProfileRow = typeof paymentProfiles.$inferSelect;
export type InstrumentKind = "card" | "bank";

const METHOD_ID = { card: 3, bank: 1 } as const;
export const masked = (last4: string) => `•••• ${last4}`;

export function toSavedCard(row: ProfileRow): SavedCard {
  return {
    id: row.id,
    name_holder: row.holderName,
    billing_address: row.billingAddress ?? null,
    number: masked(row.last4),
    cardType: row.cardBrand ?? "card",
    exp_month: row.expMonth ?? 0,
    exp_year: row.expYear ?? 0,
  };
}

export function toSavedBank(row: ProfileRow): SavedBank {
  return {
    id: row.id,
    bankName: row.bankName ?? "",
    routingNumber: row.routingNumber ?? "",
    accountNumber: masked(row.last4),
    accountType: row.accountType ?? "checking",
    nameOnAccount: row.holderName,
  };
}

/** The user's saved instruments of one kind, newest first, optionally of one sender. */
export async function listProfiles(db: Db, userId: number, kind: InstrumentKind, senderId?: number) {
  const conditions = [
    eq(paymentProfiles.userId, userId),
    eq(paymentProfiles.kind, kind),
    eq(paymentProfiles.saved, true),
    isNull(paymentProfiles.deletedAt),
  ];
  if (senderId !== undefined) {
    await assertOwnSender(db, userId, senderId);
    conditions.push(eq(paymentProfiles.senderId, senderId));
  }
  return db
    .select()
    .from(paymentProfiles)
    .where(and(...conditions))
    .orderBy(desc(paymentProfiles.createdAt), desc(paymentProfiles.id));
}

/** One of the user's instruments (saved or the one-time one a payment used); else not found. */
export async function ownProfile(db: Db, userId: number, id: number, kind: InstrumentKind) {
  const [row] = await db
    .select()
    .from(paymentProfiles)
    .where(
      and(
        eq(paymentProfiles.id, id),
        eq(paymentProfiles.userId, userId),
        eq(paymentProfiles.kind, kind),
        isNull(paymentProfiles.deletedAt),
      ),
    );
  if (!row) throw new NotFoundError(kind === "card" ? "Card not found." : "Bank account not found.");
  return row;
}

export async function assertOwnSender(db: Db, userId: number, senderId: number) {
  const [row] = await db
    .select({ id: senders.id })
    .from(senders)
    .where(and(eq(senders.id, senderId), eq(senders.ownerUserId, userId)));
  if (!row) throw new NotFoundError("Sender not found.");
}

/** Inserts the user's instrument of `kind`; the same provider token (the same account) saved again is reused. */
async function insertProfile(
  db: Db,
  owner: { userId: number; senderId: number | undefined; kind: InstrumentKind; provider: string },
  details: Omit<typeof paymentProfiles.$inferInsert, keyof typeof owner | "paymentMethodId">,
): Promise<ProfileRow> {
  const values = {
    ...owner,
    senderId: owner.senderId ?? null,
    paymentMethodId: METHOD_ID[owner.kind],
    ...details,
  };
  const [inserted] = await db.insert(paymentProfiles).values(values).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(paymentProfiles)
    .where(
      and(
        eq(paymentProfiles.provider, values.provider),
        eq(paymentProfiles.providerToken, values.providerToken),
      ),
    );
  if (!existing || existing.userId !== values.userId) {
    throw new ConflictError("This payment instrument is already registered.");
  }
  const [revived] = await db
    .update(paymentProfiles)
    .set({
      saved: existing.saved || values.saved === true,
      deletedAt: null,
      holderName: values.holderName,
      senderId: values.senderId ?? existing.senderId,
      ...(values.bankName ? { bankName: values.bankName } : {}),
      ...(values.accountType ? { accountType: values.accountType } : {}),
      ...(values.billingAddress ? { billingAddress: values.billingAddress } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(paymentProfiles.id, existing.id))
    .returning();
  return revived!;
}

/** Turns the card processor's single-use token into a profile, saved for later or for one payment. */
export async function createCardProfile(
  deps: { db: Db; cards: CardProcessor },
  userId: number,
  input: {
    cardToken: string;
    holderName: string;
    billingAddress: BillingAddress | null;
    senderId?: number | undefined;
    save: boolean;
  },
): Promise<ProfileRow> {
  if (input.senderId !== undefined) await assertOwnSender(deps.db, userId, input.senderId);
  const profile = await deps.cards.createProfile({ token: input.cardToken, holderName: input.holderName });
  if ("status" in profile) {
    // A token the processor does not know (used, expired, made up) is bad input; a card it refuses is a decline.
    if (profile.code === "processing_error" || profile.code === "invalid_token") {
      throw new InvalidDataError({ card_token: [profile.message] }, profile.message);
    }
    throw new ProviderDeclinedError(profile.message);
  }
  const owner = { userId, senderId: input.senderId, kind: "card", provider: deps.cards.name } as const;
  return insertProfile(deps.db, owner, {
    providerToken: profile.profileToken,
    holderName: input.holderName,
    billingAddress: input.billingAddress,
    cardBrand: profile.brand,
    last4: profile.last4,
    expMonth: profile.expMonth,
    expYear: profile.expYear,
    saved: input.save,
  });
}

/** The ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. */
export function isValidRoutingNumber(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** Verifies a US bank account with the bank rails and keeps it, its full number sealed. */
export async function createBankProfile(
  deps: { db: Db; banks: BankRails; secrets: Secrets },
  userId: number,
  input: z.infer<typeof bankAccountInput> & { senderId?: number | undefined; save: boolean },
): Promise<ProfileRow> {
  if (input.senderId !== undefined) await assertOwnSender(deps.db, userId, input.senderId);
  if (!isValidRoutingNumber(input.routingNumber)) {
    throw new InvalidDataError({ routingNumber: ["This is not a valid ABA routing number."] });
  }
  const verified = await deps.banks.verifyAccount({
    routingNumber: input.routingNumber,
    accountNumber: input.accountNumber,
    accountType: input.accountType,
    holderName: input.nameOnAccount,
  });
  const owner = { userId, senderId: input.senderId, kind: "bank", provider: deps.banks.name } as const;
  return insertProfile(deps.db, owner, {
    providerToken: verified.accountToken,
    holderName: input.nameOnAccount,
    bankName: input.bankName || verified.bankName,
    routingNumber: input.routingNumber,
    accountType: input.accountType,
    last4: input.accountNumber.slice(-4),
    accountNumberSealed: deps.secrets.encrypt(input.accountNumber),
    saved: input.save,
  });
}

export async function updateBankProfile(
  db: Db,
  userId: number,
  id: number,
  input: z.infer<typeof updateBankAccountRequest>,
): Promise<ProfileRow> {
  const row = await ownProfile(db, userId, id, "bank");
  if (!row.saved) throw new NotFoundError("Bank account not found.");
  const [written] = await db
    .update(paymentProfiles)
    .set({
      ...(input.bankName !== undefined ? { bankName: input.bankName } : {}),
      ...(input.nameOnAccount !== undefined ? { holderName: input.nameOnAccount } : {}),
      ...(input.accountType !== undefined ? { accountType: input.accountType } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(paymentProfiles.id, row.id))
    .returning();
  return written!;
}

/** Deleting keeps the row (payments point at it) and stops listing it. */
export async function deleteProfile(db: Db, userId: number, id: number, kind: InstrumentKind) {
  const row = await ownProfile(db, userId, id, kind);
  if (!row.saved) throw new NotFoundError(kind === "card" ? "Card not found." : "Bank account not found.");
  await db
    .update(paymentProfiles)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(paymentProfiles.id, row.id));
}
