import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "@/test/render";
import { AmountInput } from "./amount-input";

const Field = () => {
  const [amount, setAmount] = useState("2022.24");
  return <AmountInput label="Amount" amount={amount} onAmountChange={setAmount} decimals={2} locale="en" />;
};

describe("AmountInput", () => {
  it("keeps an amount selected as the field gains focus, so typing replaces it", async () => {
    renderWithApp(<Field />);
    const input = screen.getByLabelText<HTMLInputElement>("Amount");
    expect(input.value).toBe("2,022.24");

    // Keyboard focus selects the whole text, and the text stays as it is until something is typed.
    input.setSelectionRange(0, input.value.length);
    act(() => input.focus());

    expect(input.value).toBe("2,022.24");
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, "2,022.24".length]);
    const user = userEvent.setup();
    await user.keyboard("5000");
    expect(input.value).toBe("5000");
    await user.type(input, ".5");
    // While editing: the plain amount, cut to the currency's digits; once left, formatted.
    expect(input.value).toBe("5000.5");
    await user.tab();
    expect(input.value).toBe("5,000.50");
  });
});
