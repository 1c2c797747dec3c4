import { completeAmount } from "@vela/shared/amount-text";
import { convertAmount, isDecimalString, sendAmountForReceiving } from "@vela/shared/decimal";
import {
  amountLimitOf,
  breachMessage,
  type CorridorLimits,
  LIMIT_FIELD_KEYS,
  limitBreach,
} from "@vela/shared/limits";
import type { MoneyLocale } from "@vela/shared/money";
import type { ApiError, FieldErrors } from "@/shared/api/api-error";
import type { AmountCorrection, AmountSide, TypedAmount } from "../stores/send-money-store";

/** An empty or half-typed field ("", ".") holds nothing, so the rules read it as zero. */
const amountOrZero = (amount: string) => (isDecimalString(amount) ? amount : "0");

export type LimitCheck = {
  /** The amount the person typed; the other one follows from it. */
  side: AmountSide;
  sendAmount: string;
  receivingAmount: string;
  /** The corridor's customer rate from a calculation, or null before the first one. */
  rate: string | null;
  limits: CorridorLimits;
  fromDecimals: number;
  toDecimals: number;
  locale: MoneyLocale;
};

/**
 * Spec §5 when an amount is left (the shared limitBreach): the send amount is checked first; only
 * when it is within its limits is the receiving amount checked, the same way. Outside them, the
 * amount is replaced by the limit, written with the digits its field takes ("10" → "10.00"), with
 * the spec's message. The amount not typed is worked out from the typed one at the calculator's
 * rate with the server's own rounding (receiving rounds down, a send amount worked back rounds up),
 * so the check needs no round trip and agrees with the API. When the send amount cannot be known
 * yet (a receiving amount typed before any rate arrived) nothing is replaced: the calculator's 422
 * carries the same rules (see serverLimitCorrection).
 */
export const limitCorrection = (check: LimitCheck): AmountCorrection | null => {
  const { side, rate, limits, fromDecimals, toDecimals, locale } = check;
  let sendAmount: string | null = null;
  if (side === "send") sendAmount = amountOrZero(check.sendAmount);
  else if (rate !== null)
    sendAmount = sendAmountForReceiving(amountOrZero(check.receivingAmount), rate, fromDecimals);
  if (sendAmount === null) return null;

  let receivingAmount: string | null = null;
  if (side === "receiving") receivingAmount = amountOrZero(check.receivingAmount);
  else if (rate !== null) receivingAmount = convertAmount(sendAmount, rate, toDecimals);

  const decimals = { send: fromDecimals, receiving: toDecimals };
  const breach = limitBreach({ send: sendAmount, receiving: receivingAmount }, limits, decimals);
  if (breach === null) return null;
  return {
    field: breach.field,
    amount: completeAmount(breach.limit, decimals[breach.field]),
    message: breachMessage(breach, decimals[breach.field], locale),
  };
};

/** limitCorrection for the one amount the person typed (the other follows at the rate). */
export const typedAmountCorrection = (
  typed: TypedAmount,
  check: Omit<LimitCheck, "side" | "sendAmount" | "receivingAmount">,
): AmountCorrection | null =>
  limitCorrection({
    ...check,
    side: typed.side,
    sendAmount: typed.side === "send" ? typed.amount : "",
    receivingAmount: typed.side === "receiving" ? typed.amount : "",
  });

/**
 * The calculator's 422 read as a §5 replacement: a limit refusal carries the limit as data
 * (`limit` in the envelope), so the amount becomes that limit and the message by its field is
 * shown as it came. The server's limit is used, not the limits this page holds, because the server
 * checked against its own (a delivery method just chosen may answer before its limits do). Any
 * other failure is no limit: null.
 */
export const serverLimitCorrection = (
  failure: Pick<ApiError, "errors" | "body"> | null,
  fromDecimals: number,
  toDecimals: number,
): AmountCorrection | null => {
  const limit = amountLimitOf(failure?.body);
  if (limit === null) return null;
  const message = failure?.errors?.[LIMIT_FIELD_KEYS[limit.field]]?.[0];
  const amount = completeAmount(limit.amount, limit.field === "send" ? fromDecimals : toDecimals);
  return message && amount ? { field: limit.field, amount, message } : null;
};

/** The first message the calculator's 422 gives for an amount field, to show by that field. */
export const amountFieldError = (errors: FieldErrors | null, field: AmountSide): string | null =>
  errors?.[LIMIT_FIELD_KEYS[field]]?.[0] ?? null;
