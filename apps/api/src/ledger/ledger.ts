import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client";
import { isCheckViolation, sqlState } from "../db/errors";
import { queryNamedRows } from "../db/prepared";
import { type LedgerAccountKind, ledgerAccounts, ledgerBalanceShards, postings } from "../db/schema/index";
import { isPooled, isTransaction, rootOf } from "../db/transactions";
import { ConflictError, InsufficientFundsError } from "../http/errors";

export type AccountRef = {
  kind: LedgerAccountKind;
  currencyId: number;
  userId?: number | null;
  channel?: string;
};
export type Leg = { accountId: bigint; amountMinor: bigint };
export type EntryInput = {
  kind: string;
  legs: Leg[];
  reference?: string | null;
  /**
   * At most one entry is ever posted under a key: a repeat of the same entry (kind, reversed entry,
   * legs in any order) answers the first entry's id; a different entry under a used key is refused
   * with IdempotencyKeyReusedError.
   */
  idempotencyKey?: string | null;
  reversesEntryId?: bigint | null;
  metadata?: Record<string, unknown>;
};

export const LEDGER_MESSAGES = {
  keyReused: "This idempotency key was already used for a different entry.",
} as const;

/** post_entry was asked for another entry under a key that already posted one (SQLSTATE VL005). */
export class IdempotencyKeyReusedError extends ConflictError {
  constructor() {
    super(LEDGER_MESSAGES.keyReused);
  }
}

/** A map kept per database (its root, so a transaction shares its pool's), made on first use. */
function perDatabase<K, V>(): (root: Db) => Map<K, V> {
  const maps = new WeakMap<Db, Map<K, V>>();
  return (root) => {
    let map = maps.get(root);
    if (!map) {
      map = new Map();
      maps.set(root, map);
    }
    return map;
  };
}

/**
 * Account ids known to be committed, per database. An account is never deleted (a trigger refuses
 * it) and its owner, kind, currency and channel never change, so a committed id stays right for
 * the life of the process. Only committed ids are kept: an account a transaction made may still be
 * rolled back, and a kept id of a rolled-back account would name nothing.
 */
const committedAccountsOf = perDatabase<string, bigint>();

/**
 * Each account's currency, per database, as ensureAccount saw it or postEntry read it. An account's
 * currency never changes and an id is never reused (identity column), so an entry stays right even
 * when the transaction that made the account rolled back: it then names an account no entry uses.
 */
const accountCurrenciesOf = perDatabase<bigint, number>();

type AccountValues = { kind: LedgerAccountKind; userId: number | null; currencyId: number; channel: string };

async function findAccount(db: Db, values: AccountValues): Promise<bigint | null> {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.kind, values.kind),
        sql`coalesce(${ledgerAccounts.userId}, 0) = ${values.userId ?? 0}`,
        eq(ledgerAccounts.currencyId, values.currencyId),
        eq(ledgerAccounts.channel, values.channel),
      ),
    );
  return row?.id ?? null;
}

/**
 * The account for an owner, kind, currency and channel, made on first use. A busy account (funds
 * in transit, fee revenue, a wallet) is looked up once per process: read inside a transaction, the
 * row may be the transaction's own uncommitted one, so it is kept only once a query outside the
 * transaction (on another of the pool's connections, not waited for) sees it committed.
 */
export async function ensureAccount(db: Db, ref: AccountRef): Promise<bigint> {
  const values = {
    kind: ref.kind,
    userId: ref.userId ?? null,
    currencyId: ref.currencyId,
    channel: ref.channel ?? "",
  };
  const key = `${values.kind}:${values.userId ?? 0}:${values.currencyId}:${values.channel}`;
  const root = rootOf(db);
  const currencies = accountCurrenciesOf(root);
  const known = committedAccountsOf(root);
  const kept = known.get(key);
  if (kept !== undefined) {
    currencies.set(kept, values.currencyId);
    return kept;
  }
  await db.insert(ledgerAccounts).values(values).onConflictDoNothing();
  const id = await findAccount(db, values);
  if (id === null) throw new Error("ledger account vanished after insert");
  currencies.set(id, values.currencyId);
  if (!isTransaction(db)) {
    known.set(key, id);
  } else if (isPooled(root)) {
    void findAccount(root, values).then(
      (committed) => {
        if (committed !== null) known.set(key, committed);
      },
      () => {},
    );
  }
  return id;
}

/** An entry whose legs do not sum to zero in one of its currencies: a caller's bug, never posted. */
export class UnbalancedEntryError extends Error {
  constructor(
    readonly kind: string,
    readonly currencyId: number,
    /** Debits less credits, in the currency's minor units. */
    readonly offByMinor: bigint,
  ) {
    super(`entry "${kind}" does not balance in currency ${currencyId}: off by ${offByMinor} minor units`);
    this.name = "UnbalancedEntryError";
  }
}

/** The currency of each leg's account: from memory, reading only the accounts not seen yet. */
async function legCurrencies(db: Db, legs: Leg[]): Promise<Map<bigint, number>> {
  const known = accountCurrenciesOf(rootOf(db));
  const unseen = [...new Set(legs.map((leg) => leg.accountId).filter((id) => !known.has(id)))];
  if (unseen.length > 0) {
    const rows = await db
      .select({ id: ledgerAccounts.id, currencyId: ledgerAccounts.currencyId })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, unseen));
    for (const row of rows) known.set(row.id, row.currencyId);
  }
  return known;
}

/**
 * Refuses an entry whose legs do not balance in each currency (debits, positive, equal credits,
 * negative), in exact minor units, so a caller's bug reads plainly before it reaches the database
 * (post_entry checks it again, as the last word). A leg on an account that does not exist is left
 * to post_entry, which refuses it.
 */
export async function assertBalanced(db: Db, input: Pick<EntryInput, "kind" | "legs">): Promise<void> {
  for (const leg of input.legs) {
    if (leg.amountMinor === 0n) throw new Error("a leg of zero moves nothing");
  }
  const currencyOf = await legCurrencies(db, input.legs);
  const totals = new Map<number, bigint>();
  for (const leg of input.legs) {
    const currencyId = currencyOf.get(leg.accountId);
    if (currencyId === undefined) return;
    totals.set(currencyId, (totals.get(currencyId) ?? 0n) + leg.amountMinor);
  }
  for (const [currencyId, total] of totals) {
    if (total !== 0n) throw new UnbalancedEntryError(input.kind, currencyId, total);
  }
}

/**
 * Posts one balanced entry through `post_entry` (one round trip once its accounts' currencies are
 * known; see migrations 0003, 0006 and 0009). An entry that does not balance per currency is refused
 * with UnbalancedEntryError before the database is asked. A customer wallet that would go below zero
 * refuses the whole entry with InsufficientFundsError.
 */
export async function postEntry(db: Db, input: EntryInput): Promise<bigint> {
  await assertBalanced(db, input);
  const accountIds = `{${input.legs.map((leg) => leg.accountId.toString()).join(",")}}`;
  const amounts = `{${input.legs.map((leg) => leg.amountMinor.toString()).join(",")}}`;
  try {
    const rows = await queryNamedRows<{ entry_id: string | bigint }>(
      db,
      "post_entry",
      sql`select post_entry(
      ${input.kind}, ${input.reference ?? null}, ${input.idempotencyKey ?? null},
      ${input.reversesEntryId?.toString() ?? null}::bigint, ${JSON.stringify(input.metadata ?? {})}::jsonb,
      ${accountIds}::bigint[], ${amounts}::bigint[]) as entry_id`,
    );
    const entryId = rows[0]?.entry_id;
    if (entryId === undefined || entryId === null) throw new Error("post_entry answered nothing");
    return BigInt(entryId);
  } catch (error) {
    if (isCheckViolation(error)) throw new InsufficientFundsError();
    if (sqlState(error) === "VL005") throw new IdempotencyKeyReusedError();
    throw error;
  }
}

/** Posts the mirror image of an entry: the correction of a ledger that is never edited. */
export async function reverseEntry(db: Db, entryId: bigint, kind = "reversal"): Promise<bigint> {
  const legs = await db
    .select({ accountId: postings.accountId, amountMinor: postings.amountMinor })
    .from(postings)
    .where(eq(postings.entryId, entryId));
  if (legs.length === 0) throw new Error(`entry ${entryId} has no postings`);
  return postEntry(db, {
    kind,
    legs: legs.map((leg) => ({ accountId: leg.accountId, amountMinor: -leg.amountMinor })),
    reversesEntryId: entryId,
    idempotencyKey: `reversal:${entryId}`,
  });
}

/** An account's cached balance: the sum of its shards (see ledgerBalanceShards). */
export async function balanceOf(db: Db, accountId: bigint): Promise<bigint> {
  const rows = await queryRows<{ balance: string | null }>(
    db,
    sql`select sum(${ledgerBalanceShards.balanceMinor})::text as balance
        from ${ledgerBalanceShards} where ${ledgerBalanceShards.accountId} = ${accountId.toString()}::bigint`,
  );
  const balance = rows[0]?.balance;
  if (balance === null || balance === undefined) throw new Error(`no ledger account ${accountId}`);
  return BigInt(balance);
}
