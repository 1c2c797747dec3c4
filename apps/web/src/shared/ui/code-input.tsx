import { TextInput, type TextInputProps } from "@mantine/core";
import { CODE_LENGTH } from "@vela/shared/auth";

/**
 * The six-digit code field of every verification step. One plain field (not six boxes): it
 * accepts a pasted code, the phone's one-time-code suggestion and a password manager alike.
 */
export const CodeInput = (props: TextInputProps) => (
  <TextInput
    inputMode="numeric"
    autoComplete="one-time-code"
    maxLength={CODE_LENGTH}
    placeholder="000000"
    styles={{ input: { letterSpacing: "0.4em", fontVariantNumeric: "tabular-nums", fontSize: "1.25rem" } }}
    {...props}
  />
);
