import { completeAmount, inputDecimals, isCutOnCompletion } from "@vela/shared/amount-text";
import { formatMoney } from "@vela/shared/money";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useShallow } from "zustand/react/shallow";
import { useLanguage } from "@/shared/i18n/use-language";
import type { QuoteStatus } from "../components/quote-summary";
import { type AmountSide, type TypedAmount, useSendMoneyStore } from "../stores/send-money-store";
import { amountFieldError, typedAmountCorrection } from "../utils/amount-limits";
import { type AmountSelection, amountSelectionOf } from "../utils/send-money-search";
import { useCalculation } from "./use-calculation";
import type { CorridorSelection } from "./use-corridor-selection";
import { useTypingPause } from "./use-typing-pause";

/** How long typing must pause before the other amount is asked for: one request per pause, not per key. */
export const AMOUNT_DEBOUNCE_MS = 400;

/** Fields of the calculator's 422 that mean "this corridor or method is not offered", not "fix the amount". */
const CORRIDOR_FIELDS = [
  "country_from_id",
  "country_to_id",
  "currency_from_id",
  "currency_to_id",
  "shipping_method_id",
] as const;

/**
 * The AMOUNT step's amounts: the one the person typed (the store's `amount` on its `amountSide`,
 * its only copy), priced once typing pauses, and the other one from the price. Spec §5 for an
 * amount outside the limits, found here or refused by the server: applied at once unless the person
 * is still in the field (then its message shows by the field, and leaving the field applies it).
 */
export const useAmountSelection = (corridor: CorridorSelection) => {
  const { t } = useTranslation();
  const locale = useLanguage();
  const typed = useSendMoneyStore(
    useShallow((state): TypedAmount => ({ side: state.amountSide, amount: state.amount })),
  );
  const limitNotice = useSendMoneyStore((state) => state.limitNotice);
  const applyCorrection = useSendMoneyStore((state) => state.applyCorrection);
  const typing = useTypingPause(typed, AMOUNT_DEBOUNCE_MS);
  const typingSide = typing.isTyping ? typed.side : null;
  // The field with the focus: a limit the server reports while someone types is shown, not yet applied.
  const [focusedSide, setFocusedSide] = useState<AmountSide | null>(null);

  const fromDecimals = corridor.currencyFrom?.decimals ?? 2;
  const toDecimals = corridor.currencyTo?.decimals ?? 2;
  const decimalsOf = (side: AmountSide) => (side === "send" ? fromDecimals : toDecimals);
  const { pricedCorridor } = corridor;
  const price = useCalculation({ pricedCorridor, typed: typing.value, fromDecimals, toDecimals });
  const { calculation, localCorrection, fieldErrors } = price;

  // Each replacement is applied once per typed amount, so limits that contradict each other (a
  // send maximum below what the receiving maximum needs) cannot bounce for ever.
  const appliedCorrections = useRef(new Set<string>());
  const autoCorrection = localCorrection ?? price.serverCorrection;
  const autoCorrectionKey = autoCorrection
    ? `${JSON.stringify(pricedCorridor)} ${autoCorrection.field} ${autoCorrection.amount}`
    : null;
  const autoCorrectionRef = useRef(autoCorrection);
  autoCorrectionRef.current = autoCorrection;
  // The limits and the calculator's 422 arrive from the server after the render that asked them:
  // the §5 replacement follows their arrival, once the person has left the field.
  useEffect(() => {
    const correction = autoCorrectionRef.current;
    if (focusedSide !== null || typingSide !== null || !correction || autoCorrectionKey === null) return;
    if (appliedCorrections.current.has(autoCorrectionKey)) return;
    appliedCorrections.current.add(autoCorrectionKey);
    applyCorrection(correction);
  }, [autoCorrectionKey, focusedSide, typingSide, applyCorrection]);

  /** Says which amount is used when the typed one has more decimals than its currency takes. */
  const cutMessage = (side: AmountSide, amount: string): string | null => {
    const decimals = decimalsOf(side);
    if (!isCutOnCompletion(amount, decimals)) return null;
    const currency = (side === "send" ? corridor.currencyFrom?.iso : corridor.currencyTo?.iso) ?? "";
    const used = formatMoney(completeAmount(amount, decimals), {
      decimals: inputDecimals(decimals),
      locale,
      currencyIso: currency,
    });
    return decimals === 0
      ? t("sendMoney.amountStep.cutNoDecimals", { currency, amount: used })
      : t("sendMoney.amountStep.cutDecimals", { currency, amount: used, digits: inputDecimals(decimals) });
  };

  /** Prices a field now (it was left, or the form sent) and applies spec §5 to what it holds. */
  const settle = (side: AmountSide | null): boolean => {
    const state = useSendMoneyStore.getState();
    // Only the field typed in is completed: leaving the amount that follows changes nothing.
    if (side !== null && state.amountSide === side) {
      const completed = completeAmount(state.amount, decimalsOf(side));
      const cut = cutMessage(side, state.amount);
      if (completed !== state.amount) state.typeAmount(side, completed);
      // Typed decimals the currency does not take were cut: the field keeps saying so.
      if (cut) state.applyCorrection({ field: side, amount: completed, message: cut });
      typing.settle();
    }
    // Limits still on their way are not judged by the fallback: the check runs once they arrive.
    if (!price.areLimitsSettled) return true;
    const settled = useSendMoneyStore.getState();
    const correction = typedAmountCorrection(
      { side: settled.amountSide, amount: settled.amount },
      { rate: price.rate, limits: price.methodLimits, fromDecimals, toDecimals, locale },
    );
    if (correction) settled.applyCorrection(correction);
    return correction === null;
  };

  const isUnavailable =
    corridor.hasEmptyList || CORRIDOR_FIELDS.some((field) => fieldErrors?.[field] !== undefined);

  const quoteStatus = ((): QuoteStatus => {
    if (isUnavailable) return "unavailable";
    // Limit refusals are shown by their field; any other failure is the price box's to show.
    if (price.failure && !fieldErrors) return "error";
    if (!pricedCorridor) return "loading";
    if (!price.pricedAmount) return "empty";
    if (localCorrection || fieldErrors) return "invalid";
    if (typingSide !== null || !price.areLimitsSettled || calculation.isFetching || !calculation.data) {
      return "loading";
    }
    return "ready";
  })();

  /** Why the priced amount cannot be priced, to show by the field it concerns. */
  const refusalFor = (side: AmountSide) =>
    (localCorrection?.field === side ? localCorrection.message : null) ?? amountFieldError(fieldErrors, side);
  // The amount that follows the typed one shows only a value worked out for what is typed now:
  // while typing pauses, while the price is asked, or when the amount is refused, it is empty
  // (with a spinner and "Updating…" while a price is on its way), never the previous answer.
  const followerSide: AmountSide = typed.side === "send" ? "receiving" : "send";
  const followerAmount =
    quoteStatus === "ready" && calculation.data
      ? followerSide === "send"
        ? calculation.data.send_amount
        : calculation.data.receiving_amount
      : "";

  return {
    calculation,
    quoteStatus,
    isUnavailable,
    decimalsOf,
    /** What a field shows: the typed amount, or the one that follows from the price. */
    amountOf: (side: AmountSide) => (side === followerSide ? followerAmount : typed.amount),
    isUpdating: (side: AmountSide) => side === followerSide && quoteStatus === "loading",
    /** A refusal shown live by the field being typed in (the replacement waits until it is left). */
    hasLiveError: (side: AmountSide) =>
      (focusedSide === side || typingSide === side) && refusalFor(side) !== null,
    messageFor: (side: AmountSide) =>
      limitNotice?.field === side
        ? limitNotice.message
        : ((side === typed.side ? cutMessage(side, typed.amount) : null) ?? refusalFor(side)),
    type: (side: AmountSide, amount: string) => {
      const state = useSendMoneyStore.getState();
      if (state.amountSide === side && state.amount === amount) return;
      appliedCorrections.current.clear();
      typing.keystroke();
      state.typeAmount(side, amount);
    },
    focus: (side: AmountSide) => setFocusedSide(side),
    leave: (side: AmountSide) => {
      setFocusedSide(null);
      settle(side);
    },
    /** The selection to continue with, or null when it is incomplete, refused or just replaced. */
    submit: (): AmountSelection | null => {
      const isWithinLimits = settle(typingSide ?? focusedSide);
      const { amountSide, amount } = useSendMoneyStore.getState();
      const selection = amountSelectionOf(
        pricedCorridor,
        amountSide,
        completeAmount(amount, decimalsOf(amountSide)),
      );
      // A replaced amount stops here, so the person sees the new amount and its message first.
      return isWithinLimits && !isUnavailable ? selection : null;
    },
  };
};
