import { splitPhone } from "@vela/shared/phone";
import {
  type RecentRecipient,
  type RecipientCurrency,
  WALLET_PUBLIC_ID_PATTERN,
  WALLET_SEND_MESSAGES,
  type WalletRecipient,
} from "@vela/shared/wallet-send";
import { type SQL, sql } from "drizzle-orm";
import { maskPersonName } from "../auth/masking";
import { claimUse } from "../auth/throttles";
import { type Db, queryRows } from "../db/client";
import { InvalidDataError, NotFoundError } from "../http/errors";

/**
 * Finding the person a wallet send goes to (spec §7 send-money search-user and recent recipients).
 *
 * A search is exact — an e-mail address, a phone number or a wallet's public id — and answers only
 * what confirms the right person: a masked name, a public wallet id and the currencies of their open
 * wallets. An address or number nobody has, and one whose owner has no open wallet, answer the same
 * 404 from the same one query, so a search tells nobody who has an account. E-mail and phone match
 * only once verified: an unverified address or number may belong to someone else (a number is
 * verified on one account at most), and money must not follow a claim nobody proved.
 */

export const SEARCH_MESSAGES = {
  badQuery: "Type an e-mail address, a phone number with its country code, or a wallet id.",
  tooMany: (minutes: number) =>
    `Too many searches. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
} as const;

/** Searches per user and window: enough to find a few people, too few to walk an address book. */
export const SEARCH_LIMIT = { kind: "wallet_search", max: 20, windowSeconds: 900 } as const;

type Lookup =
  | { kind: "wallet"; publicId: string }
  | { kind: "email"; email: string }
  | { kind: "phone"; prefix: string; nationalNumber: string };

/**
 * What a search text names: a wallet id (any case), an e-mail (has "@"), else a phone number —
 * international, or national in the caller's own country. Null when it is none of them.
 */
export function readSearch(query: string, defaultCountry: string | null): Lookup | null {
  const text = query.trim();
  const upper = text.toUpperCase();
  if (WALLET_PUBLIC_ID_PATTERN.test(upper)) return { kind: "wallet", publicId: upper };
  if (text.includes("@")) {
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? { kind: "email", email: text } : null;
  }
  const phone = splitPhone(text, defaultCountry);
  return phone ? { kind: "phone", prefix: phone.prefix, nationalNumber: phone.nationalNumber } : null;
}

type PersonWalletRow = {
  user_id: number;
  wallet_id: number;
  first_name: string;
  last_name: string;
  public_id: string;
  currency_id: number;
  iso: string;
  name: string;
  decimals: number;
  symbol: string;
};

/** The one person a lookup names (at most one: the lowest id should two ever match). */
function personCondition(lookup: Lookup): SQL {
  if (lookup.kind === "wallet") {
    return sql`u.id = (select w0.user_id from wallets w0 where w0.public_id = ${lookup.publicId} and w0.status = 'open')`;
  }
  if (lookup.kind === "email") {
    // users_email_lower_unique makes this an index lookup.
    return sql`u.id = (select u0.id from users u0
      where lower(u0.email) = lower(${lookup.email}) and u0.email_verified_at is not null)`;
  }
  // Numbers are stored as typed digits, so one may keep the national trunk "0" ("+44", "07911…").
  return sql`u.id = (select u0.id from users u0
    where u0.phone_prefix = ${lookup.prefix}
      and u0.phone_number in (${lookup.nationalNumber}, ${`0${lookup.nationalNumber}`})
      and u0.phone_verified_at is not null
    order by u0.id limit 1)`;
}

/** A person's open wallets with their currencies, oldest first, in one round trip. */
async function personWallets(db: Db, condition: SQL): Promise<PersonWalletRow[]> {
  return queryRows<PersonWalletRow>(
    db,
    sql`select u.id as user_id, w.id as wallet_id, u.first_name, u.last_name, w.public_id,
          c.id as currency_id, c.iso, c.name, c.decimals, c.symbol
        from users u
        join wallets w on w.user_id = u.id and w.status = 'open'
        join currencies c on c.id = w.currency_id
        where ${condition}
        order by w.id`,
  );
}

const currencyOf = (row: PersonWalletRow): RecipientCurrency => ({
  id: row.currency_id,
  iso: row.iso,
  name: row.name,
  decimals: row.decimals,
  symbol: row.symbol,
  wallet_id: row.public_id,
});

/** The answer for one person's rows: their masked name, a wallet id to name them by, their currencies. */
function recipientOf(rows: PersonWalletRow[], preferredWalletId?: string): WalletRecipient {
  const first = rows[0]!;
  return {
    name: maskPersonName(first.first_name, first.last_name),
    wallet_id: preferredWalletId ?? first.public_id,
    currencies: rows.map(currencyOf),
  };
}

/**
 * Counts a search against the caller's window before it runs, in one statement (requests sent
 * together each take their own place in the count), and refuses it past the limit with the wait.
 */
export async function claimSearch(db: Db, userId: number): Promise<void> {
  await claimUse(db, SEARCH_LIMIT, String(userId), SEARCH_MESSAGES.tooMany);
}

/**
 * GET /wallets/send-money/search-user: the person an exact e-mail, phone or wallet id names, if they
 * have an open wallet. The caller's own account is refused (a send to oneself is a conversion).
 */
export async function searchWalletUser(
  db: Db,
  caller: { id: number; countryId: number | null },
  query: string,
): Promise<WalletRecipient> {
  await claimSearch(db, caller.id);
  let defaultCountry: string | null = null;
  if (!query.includes("@") && !query.trim().startsWith("+") && caller.countryId !== null) {
    const [country] = await queryRows<{ iso2: string }>(
      db,
      sql`select iso2 from countries where id = ${caller.countryId}`,
    );
    defaultCountry = country?.iso2 ?? null;
  }
  const lookup = readSearch(query, defaultCountry);
  if (!lookup) throw new InvalidDataError({ query: [SEARCH_MESSAGES.badQuery] });
  const rows = await personWallets(db, personCondition(lookup));
  if (rows.length === 0) throw new NotFoundError(WALLET_SEND_MESSAGES.notFound);
  if (rows[0]!.user_id === caller.id) throw new InvalidDataError({ query: [WALLET_SEND_MESSAGES.yourself] });
  return recipientOf(rows, lookup.kind === "wallet" ? lookup.publicId : undefined);
}

/** An open wallet of the person a send goes to. */
export type RecipientWallet = { walletId: number; publicId: string; currencyId: number };

/**
 * The person behind a public wallet id (one of their open wallets): their user id, what a search
 * would answer about them, and their open wallets.
 */
export async function recipientByWalletId(db: Db, publicId: string) {
  const rows = await personWallets(db, personCondition({ kind: "wallet", publicId }));
  if (rows.length === 0) return null;
  const wallets: RecipientWallet[] = rows.map((row) => ({
    walletId: row.wallet_id,
    publicId: row.public_id,
    currencyId: row.currency_id,
  }));
  return { userId: rows[0]!.user_id, recipient: recipientOf(rows, publicId), wallets };
}

/** How many recent recipients are answered. */
export const RECENT_RECIPIENTS_LIMIT = 10;

/**
 * GET /wallets/send-money/recent-recipients: the people the caller last sent to (completed sends),
 * newest first, each once, with their open wallets today; someone with no open wallet left is not
 * listed. Two round trips whatever the count.
 */
export async function recentRecipients(db: Db, userId: number): Promise<RecentRecipient[]> {
  const recent = await queryRows<{ user_id: number; last_wallet_id: string; last_sent_at: Date | string }>(
    db,
    sql`select w.user_id, max(o.created_at) as last_sent_at,
          (array_agg(w.public_id order by o.created_at desc, o.id desc))[1] as last_wallet_id
        from orders o
        join wallets w on w.id = o.target_wallet_id
        where o.user_id = ${userId} and o.service = 'wallet-send' and o.status = 'completed'
          and w.user_id <> ${userId}
        group by w.user_id
        order by max(o.created_at) desc
        limit ${RECENT_RECIPIENTS_LIMIT}`,
  );
  if (recent.length === 0) return [];
  const ids = `{${recent.map((row) => row.user_id).join(",")}}`;
  const rows = await personWallets(db, sql`u.id = any(${ids}::int[])`);
  const byUser = new Map<number, PersonWalletRow[]>();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  return recent.flatMap((row) => {
    const wallets = byUser.get(row.user_id);
    if (!wallets) return [];
    const at = row.last_sent_at instanceof Date ? row.last_sent_at : new Date(row.last_sent_at);
    // Named by the wallet last sent to while it is open, else by their oldest open one.
    const preferred = wallets.some((wallet) => wallet.public_id === row.last_wallet_id)
      ? row.last_wallet_id
      : undefined;
    return [{ ...recipientOf(wallets, preferred), last_sent_at: at.toISOString() }];
  });
}
