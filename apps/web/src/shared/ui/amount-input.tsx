import { TextInput, type TextInputProps } from "@mantine/core";
import { displayAmountText, editableAmountText, parseAmountText } from "@vela/shared/amount-text";
import type { MoneyLocale } from "@vela/shared/money";
import { useState } from "react";

type AmountInputProps = Omit<TextInputProps, "value" | "onChange" | "defaultValue"> & {
  /** The amount as a decimal string ("100.00"); "" when empty. */
  amount: string;
  onAmountChange: (amount: string) => void;
  /** The currency's minor-unit digits (2 for USD, 0 for JPY). */
  decimals: number;
  locale: MoneyLocale;
};

/**
 * A money amount field that never goes through a JavaScript number. Once typed in it shows the
 * plain amount as typed, decimal separator and all, for easy editing; otherwise it shows it
 * formatted with the shared formatter ("1,234.50"), thousands separators and at most two decimals.
 * Decimals the currency does not take stay visible while typing; once left, the field shows the
 * amount cut to the currency's digits, and the host stores it (`completeAmount`) and says so by the
 * field (`isCutOnCompletion`).
 */
export const AmountInput = ({
  amount,
  onAmountChange,
  decimals,
  locale,
  onBlur,
  ...props
}: AmountInputProps) => {
  const [isEditing, setIsEditing] = useState(false);
  const amountText = isEditing
    ? editableAmountText(amount, locale)
    : displayAmountText(amount, locale, decimals);

  return (
    <TextInput
      {...props}
      inputMode="decimal"
      autoComplete="off"
      value={amountText}
      onBlur={(event) => {
        // Left, the field shows the amount completed to the currency's digits; what is kept (and
        // whether a cut is worth a word) is the host's to decide, from the amount as typed.
        setIsEditing(false);
        onBlur?.(event);
      }}
      onChange={(event) => {
        // The plain form starts with the first change, not on focus: changing the text as the field
        // gains focus would drop the selection keyboard focus makes, and what is typed next would be
        // appended to the old amount instead of replacing it. The typed text is read either way,
        // since parsing skips the thousands separators.
        setIsEditing(true);
        onAmountChange(parseAmountText(event.currentTarget.value, locale));
      }}
    />
  );
};
