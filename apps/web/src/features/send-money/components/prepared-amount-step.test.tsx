import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { changeLanguage } from "@/shared/i18n/i18n";
import { requests, server } from "@/test/api-server";
import { expectListsRetried } from "@/test/flow-steps";
import { renderWithApp } from "@/test/render";
import { FIRST_SELECTION, sendMoneyHandlers } from "@/test/send-money-api";
import { INITIAL_SEND_MONEY_DATA, useSendMoneyStore } from "../stores/send-money-store";
import { PreparedAmountStep } from "./prepared-amount-step";

const selectedText = (label: string) =>
  screen.getByLabelText<HTMLSelectElement>(label).selectedOptions[0]?.textContent;

const renderPrepared = (countries: Parameters<typeof sendMoneyHandlers>[0] = {}) => {
  server.use(...sendMoneyHandlers(countries));
  const onContinue = vi.fn();
  renderWithApp(<PreparedAmountStep continueLabel="Get started" onContinue={onContinue} />);
  return { requests, onContinue, user: userEvent.setup() };
};

const pathsOf = (requests: { url: string }[]) =>
  requests.map((request) => new URL(request.url, "http://localhost").pathname).sort();

describe("PreparedAmountStep", () => {
  beforeEach(() => {
    useSendMoneyStore.setState(INITIAL_SEND_MONEY_DATA);
  });
  afterEach(async () => {
    await changeLanguage("en");
  });

  it("shows the loading state until the first price is known, then the whole priced step at once", async () => {
    const { requests, user, onContinue } = renderPrepared();

    expect(screen.getByLabelText("Loading…").getAttribute("aria-busy")).toBe("true");
    expect(screen.getByRole("button", { name: "Get started" }).hasAttribute("disabled")).toBe(true);
    await waitFor(() => expect(screen.queryByLabelText("Loading…")).toBeNull());

    // The step's first render already has every answer: no field or price is still on its way.
    const quote = within(screen.getByRole("region", { name: "Your price" }));
    expect(quote.getByText("1 USD = 20.2224 MXN")).toBeTruthy();
    expect(quote.getByText("102.99 USD")).toBeTruthy();
    expect(selectedText("You send from")).toBe("United States");
    expect(selectedText("Currency they receive")).toBe("MXN");
    expect(selectedText("Delivery method")).toBe("Vela wallet");
    expect(screen.getByLabelText<HTMLInputElement>("They receive").value).toBe("2,022.24");

    // Each answer was asked once: the step found them all in the cache.
    expect(pathsOf(requests)).toEqual(
      [
        "/api/consignments/currencies",
        "/api/consignments/currencies-from",
        "/api/home/countries",
        "/api/home/countries",
        "/api/home/send-money/calculator",
        "/api/limits",
        "/api/shipping-methods",
      ].sort(),
    );

    await user.click(screen.getByRole("button", { name: "Get started" }));
    expect(onContinue).toHaveBeenCalledWith(FIRST_SELECTION);
  });

  it("leaves a failed list to the step, which shows it with a retry button", () =>
    expectListsRetried(renderPrepared));
});
