import { countDecimals, isDecimalString, toMinor } from "@vela/shared/decimal";
import {
  LIMIT_WINDOWS,
  type LimitWindow,
  VERIFICATION_LEVELS,
  type VerificationLevel,
} from "@vela/shared/verification";
import type { Db } from "../db/client";
import { setLimit } from "./repository";

/**
 * `npm run limits:set -w @vela/api -- <level> <window> <amount>`: changes one limit in the database;
 * the next money-moving request reads it, no restart. The amount is in US dollars ("25000" or
 * "25000.00"), 0 or more, at most two decimals.
 */
export const SET_LIMIT_USAGE = `Usage: limits:set <${VERIFICATION_LEVELS.join("|")}> <${LIMIT_WINDOWS.join("|")}> <amount in USD>`;

export type SetLimitArgs = { level: VerificationLevel; window: LimitWindow; amountMinor: bigint };

const isLevel = (value: string | undefined): value is VerificationLevel =>
  VERIFICATION_LEVELS.some((level) => level === value);
const isWindow = (value: string | undefined): value is LimitWindow =>
  LIMIT_WINDOWS.some((window) => window === value);

/** The command's arguments, validated, or why not. */
export function parseSetLimitArgs(args: readonly string[]): SetLimitArgs | { error: string } {
  const [level, window, amount, ...rest] = args;
  if (rest.length > 0 || amount === undefined) return { error: SET_LIMIT_USAGE };
  if (!isLevel(level)) return { error: `Unknown level "${level}". ${SET_LIMIT_USAGE}` };
  if (!isWindow(window)) return { error: `Unknown window "${window}". ${SET_LIMIT_USAGE}` };
  if (!isDecimalString(amount) || amount.startsWith("-") || countDecimals(amount) > 2) {
    return { error: `The amount must be US dollars, 0 or more, at most two decimals (e.g. 25000.00).` };
  }
  return { level, window, amountMinor: toMinor(amount, 2) };
}

export async function setLimitCommand(db: Db, args: SetLimitArgs) {
  return setLimit(db, args.level, args.window, args.amountMinor);
}
