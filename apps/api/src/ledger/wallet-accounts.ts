import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { wallets } from "../db/schema/index";
import { rootOf } from "../db/transactions";

// Where a wallet's money sits in the ledger: the order steps (orders/transition.ts) post to it
// without knowing the wallets' domain, so orders/ never imports wallets/.

/** The ledger account a wallet's money lives in, with its currency and status (for the order steps). */
async function walletAccount(db: Db, walletId: number) {
  const [row] = await db
    .select({
      ledgerAccountId: wallets.ledgerAccountId,
      currencyId: wallets.currencyId,
      status: wallets.status,
    })
    .from(wallets)
    .where(eq(wallets.id, walletId));
  return row ?? null;
}

/**
 * A wallet's ledger account and currency, which never change once the wallet is made (its status
 * does, and is not kept here). Kept per database for the life of the process: the order steps of
 * every send, convert and withdrawal ask for them. A wallet id is never given twice (an identity
 * column), so even the id of a wallet whose transaction rolled back names nothing else later.
 */
const walletLedgers = new WeakMap<Db, Map<number, { ledgerAccountId: bigint; currencyId: number }>>();

async function walletLedger(db: Db, walletId: number) {
  const root = rootOf(db);
  let known = walletLedgers.get(root);
  if (!known) {
    known = new Map();
    walletLedgers.set(root, known);
  }
  const kept = known.get(walletId);
  if (kept) return kept;
  const wallet = await walletAccount(db, walletId);
  if (!wallet) return null;
  const ledger = { ledgerAccountId: wallet.ledgerAccountId, currencyId: wallet.currencyId };
  known.set(walletId, ledger);
  return ledger;
}

/** A wallet's ledger account, checked to hold the currency the order's step moves. */
export async function walletLedgerAccount(tx: Db, walletId: number, currencyId: number): Promise<bigint> {
  const wallet = await walletLedger(tx, walletId);
  if (!wallet) throw new Error(`wallet ${walletId} is missing`);
  if (wallet.currencyId !== currencyId) {
    throw new Error(`wallet ${walletId} holds currency ${wallet.currencyId}, the order moves ${currencyId}`);
  }
  return wallet.ledgerAccountId;
}
