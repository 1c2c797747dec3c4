import type { Language } from "@vela/shared/api";
import { convertAmount, fromMinor, toMinor } from "@vela/shared/decimal";
import { moneyText } from "@vela/shared/money";
import { LIMIT_WINDOWS, type LimitWindow, type VerificationLevel } from "@vela/shared/verification";
import type { Db } from "../db/client";
import { InvalidDataError, NotAllowedError, ProviderUnavailableError } from "../http/errors";
import { type FxRateProvider, midRateFrom } from "../providers/fx/rate-provider";
import { verificationStateOf } from "../verification/state";
import { COUNTED_SERVICES, limitsOf, lockMoneyMoving, windowSums } from "./repository";
import { limitRefusal, MONEY_MOVING_BLOCKED, NO_USD_RATE } from "./texts";

/**
 * The one check of the verification levels' limits (issue 20): every money-moving service calls it
 * at the quotation (`assertQuotationWithinLimits`) and again in the transaction that inserts the
 * order (`holdWithinLimits`, under the per-user lock). Amounts are counted in US dollar cents.
 */

export type LimitsDeps = { db: Db; rates: FxRateProvider; language: Language };
/** An amount in its currency, as the quotation states it (amount paid, currency from). */
export type PaidAmount = { iso: string; amount: string };

const USD = "USD";
const USD_DECIMALS = 2;

/** Quotation services that count (a transfer's generic twin `send_money` too). */
const COUNTED_QUOTATIONS = new Set<string>([...COUNTED_SERVICES, "send_money"]);
export const isCountedService = (service: string) => COUNTED_QUOTATIONS.has(service);

/** An amount in US dollar cents at today's mid rate (rounded down), or null when it has no rate. */
export function usdMinorOf(rates: FxRateProvider, paid: PaidAmount): bigint | null {
  if (paid.iso === USD) return toMinor(convertAmount(paid.amount, "1", USD_DECIMALS), USD_DECIMALS);
  const mid = midRateFrom(rates.table(), paid.iso, USD);
  return mid ? toMinor(convertAmount(paid.amount, mid.rate, USD_DECIMALS), USD_DECIMALS) : null;
}

/** What the user has moved in each window, in USD cents (older orders without their USD at today's rate). */
export async function usedByWindow(
  db: Db,
  rates: FxRateProvider,
  userId: number,
): Promise<Record<LimitWindow, bigint>> {
  const used: Record<LimitWindow, bigint> = { "24h": 0n, "30d": 0n, "180d": 0n };
  for (const row of await windowSums(db, userId)) {
    const columns = {
      "24h": [row.usd_24h, row.legacy_24h],
      "30d": [row.usd_30d, row.legacy_30d],
      "180d": [row.usd_180d, row.legacy_180d],
    } satisfies Record<LimitWindow, [string, string]>;
    for (const window of LIMIT_WINDOWS) {
      const [usd, legacy] = columns[window];
      used[window] += BigInt(usd);
      if (legacy !== "0") {
        // An older order in a currency without a rate today counts as nothing: rare, and only before issue 20.
        used[window] +=
          usdMinorOf(rates, { iso: row.iso, amount: fromMinor(BigInt(legacy), row.decimals) }) ?? 0n;
      }
    }
  }
  return used;
}

/** One window of the user's level: its limit, what is used and what is left (never below 0). */
export type WindowStanding = {
  window: LimitWindow;
  limitMinor: bigint;
  usedMinor: bigint;
  leftMinor: bigint;
};

export type Standing = {
  level: VerificationLevel;
  blocked: boolean;
  /** Shortest window first. */
  windows: WindowStanding[];
};

/** Where the user stands: their level, block, and each window's limit, use and room. */
export async function standingOf(db: Db, rates: FxRateProvider, userId: number): Promise<Standing> {
  const state = await verificationStateOf(db, userId);
  const limits = await limitsOf(db, state.level);
  const used = await usedByWindow(db, rates, userId);
  const windows = LIMIT_WINDOWS.flatMap((window) => {
    const limit = limits.find((row) => row.window === window);
    if (!limit) return [];
    const left = limit.amountMinor - used[window];
    return [
      { window, limitMinor: limit.amountMinor, usedMinor: used[window], leftMinor: left > 0n ? left : 0n },
    ];
  });
  return { level: state.level, blocked: state.blockedAt !== null, windows };
}

/** The first window (shortest first) an amount of `usdMinor` would pass, or null. */
export function breachOf(standing: Standing, usdMinor: bigint): WindowStanding | null {
  return standing.windows.find((window) => window.usedMinor + usdMinor > window.limitMinor) ?? null;
}

/** USD cents for people: whole dollars without decimals ("2,000 USD"), else with cents. */
export function usdText(minor: bigint, language: Language): string {
  const amount = minor % 100n === 0n ? (minor / 100n).toString() : fromMinor(minor, USD_DECIMALS);
  return moneyText(amount, USD, language);
}

function assertAllowed(deps: LimitsDeps, standing: Standing, usdMinor: bigint) {
  if (standing.blocked) throw new NotAllowedError(MONEY_MOVING_BLOCKED);
  const breach = breachOf(standing, usdMinor);
  if (!breach) return;
  const message = limitRefusal(deps.language, {
    level: standing.level,
    window: breach.window,
    limit: usdText(breach.limitMinor, deps.language),
    left: usdText(breach.leftMinor, deps.language),
  });
  throw new InvalidDataError({ amount: [message] }, message);
}

function usdOrRefuse(rates: FxRateProvider, paid: PaidAmount): bigint {
  const usd = usdMinorOf(rates, paid);
  // Without a rate the amount cannot be counted: refuse rather than let it pass uncounted.
  if (usd === null) throw new ProviderUnavailableError(NO_USD_RATE);
  return usd;
}

/** At the quotation: refuses an amount that would pass a limit (422 on `amount`) or a blocked account (403). */
export async function assertQuotationWithinLimits(deps: LimitsDeps, userId: number, paid: PaidAmount) {
  const usdMinor = usdOrRefuse(deps.rates, paid);
  assertAllowed(deps, await standingOf(deps.db, deps.rates, userId), usdMinor);
}

/**
 * In the transaction that inserts the order: takes the user's money-moving lock (if the caller did
 * not yet), sums the windows as committed now, and refuses as at the quotation. Answers the order's
 * USD cents, which the caller stores in the same insert (orders.usd_equivalent_minor).
 */
export async function holdWithinLimits(
  tx: Db,
  deps: Omit<LimitsDeps, "db">,
  userId: number,
  paid: PaidAmount,
) {
  await lockMoneyMoving(tx, userId);
  const usdMinor = usdOrRefuse(deps.rates, paid);
  assertAllowed({ ...deps, db: tx }, await standingOf(tx, deps.rates, userId), usdMinor);
  return usdMinor;
}

export { lockMoneyMoving };
