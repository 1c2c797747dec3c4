import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "@/test/render";
import { SendMoneyCard } from "./send-money-card";

// The card is the home page's frame for the calculator; the calculator itself is the send-money
// feature's AMOUNT step, composed in by the app's routes and tested there.
describe("SendMoneyCard", () => {
  it("frames the calculator it is given under its title, with the security note", () => {
    renderWithApp(
      <SendMoneyCard>
        <p>the calculator</p>
      </SendMoneyCard>,
    );

    const card = screen.getByRole("region", { name: "Start a transfer" });
    expect(card.textContent).toContain("Choose where the money goes and how much to send.");
    expect(card.textContent).toContain("the calculator");
    expect(card.textContent).toContain("Your details travel over an encrypted connection.");
  });
});
