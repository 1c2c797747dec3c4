import { completeAmount, parseAmountText } from "@vela/shared/amount-text";
import { compareAmounts, convertAmount, isDecimalString, sendAmountForReceiving } from "@vela/shared/decimal";
import { type CorridorLimits, limitMessage } from "@vela/shared/limits";
import type { AmountLimits, MoneyLocale } from "@vela/shared/money";
import type { FieldErrors } from "@/shared/api/api-error";
import type { AmountCorrection, AmountSide } from "../stores/send-money-store";

/** The words spec §5's messages start with, as `limitMessage` writes them. */
const LIMIT_PREFIXES = ["Min", "Max"] as const;

/** An empty or half-typed field ("", ".") holds nothing, so the rules read it as zero. */
const amountOrZero = (amount: string) => (isDecimalString(amount) ? amount : "0");

const FIELD_ERROR_KEYS = { send: "send_amount", receiving: "receiving_amount" } as const satisfies Record<
  AmountSide,
  string
>;

/**
 * One amount against its limits (spec §5): below the minimum, or zero, it is replaced by the
 * minimum with 'Min … amount is {amount}'; above the maximum by the maximum with 'Max … amount is
 * {amount}'; within them nothing changes (null). The replacement is written with the currency's
 * digits ("10" → "10.00"), and the message formats the limit with the one money formatter.
 */
export const checkAmount = (
  field: AmountSide,
  amount: string,
  bounds: AmountLimits,
  decimals: number,
  locale: MoneyLocale,
): AmountCorrection | null => {
  const value = amountOrZero(amount);
  const kind =
    compareAmounts(value, "0") <= 0 || compareAmounts(value, bounds.min) < 0
      ? "min"
      : compareAmounts(value, bounds.max) > 0
        ? "max"
        : null;
  if (kind === null) return null;
  return {
    field,
    amount: completeAmount(bounds[kind], decimals),
    message: limitMessage(kind, field, bounds[kind], decimals, locale),
  };
};

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
 * Spec §5 when an amount is left: the send amount is checked first; only when it is within its
 * limits is the receiving amount checked, the same way. The amount not typed is worked out from
 * the typed one at the calculator's rate with the server's own rounding (receiving rounds down, a
 * send amount worked back rounds up), so the check needs no round trip and agrees with the API.
 * When the send amount cannot be known yet (a receiving amount typed before any rate arrived)
 * nothing is replaced: the calculator's 422 carries the same rules (see serverLimitCorrection).
 */
export const limitCorrection = (check: LimitCheck): AmountCorrection | null => {
  const { side, rate, limits, fromDecimals, toDecimals, locale } = check;
  let sendAmount: string | null = null;
  if (side === "send") sendAmount = amountOrZero(check.sendAmount);
  else if (rate !== null)
    sendAmount = sendAmountForReceiving(amountOrZero(check.receivingAmount), rate, fromDecimals);
  if (sendAmount === null) return null;

  const sendCorrection = checkAmount("send", sendAmount, limits.send, fromDecimals, locale);
  if (sendCorrection) return sendCorrection;

  let receivingAmount: string | null = null;
  if (side === "receiving") receivingAmount = amountOrZero(check.receivingAmount);
  else if (rate !== null) receivingAmount = convertAmount(sendAmount, rate, toDecimals);
  if (receivingAmount === null) return null;
  return checkAmount("receiving", receivingAmount, limits.receiving, toDecimals, locale);
};

/**
 * The calculator's 422 read as a §5 replacement: its `send_amount` or `receiving_amount` error is
 * one of the spec's limit messages ('Min send amount is 10.00'), so the amount becomes the limit
 * the message names and the message is shown as it came. The limit is read from the message, not
 * from the limits this page holds, because the server checked against its own (a delivery method
 * just chosen may answer before its limits do). Any other failure is no limit: null.
 */
export const serverLimitCorrection = (
  errors: FieldErrors | null,
  locale: MoneyLocale,
  fromDecimals: number,
  toDecimals: number,
): AmountCorrection | null => {
  if (!errors) return null;
  for (const field of ["send", "receiving"] as const) {
    const message = errors[FIELD_ERROR_KEYS[field]]?.[0];
    if (!message) continue;
    const prefix = LIMIT_PREFIXES.map((kind) => `${kind} ${field} amount is `).find((candidate) =>
      message.startsWith(candidate),
    );
    if (prefix === undefined) return null;
    const decimals = field === "send" ? fromDecimals : toDecimals;
    const amount = completeAmount(parseAmountText(message.slice(prefix.length), locale), decimals);
    return amount ? { field, amount, message } : null;
  }
  return null;
};

/** The first message the calculator's 422 gives for an amount field, to show by that field. */
export const amountFieldError = (errors: FieldErrors | null, field: AmountSide): string | null =>
  errors?.[FIELD_ERROR_KEYS[field]]?.[0] ?? null;
