import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerAuthSource } from "@/shared/api/auth-source";
import { changeLanguage } from "@/shared/i18n/i18n";
import { requests, server } from "@/test/api-server";
import { JAPAN, MEXICO, PHILIPPINES, SPAIN, UNITED_STATES } from "@/test/fixtures";
import { expectListsRetried } from "@/test/flow-steps";
import { renderWithApp } from "@/test/render";
import { FIRST_SELECTION, sendMoneyHandlers } from "@/test/send-money-api";
import { INITIAL_SEND_MONEY_DATA, useSendMoneyStore } from "../stores/send-money-store";
import { AmountStep } from "./amount-step";

const CALCULATOR = "/api/home/send-money/calculator";

const selectedText = (label: string) =>
  screen.getByLabelText<HTMLSelectElement>(label).selectedOptions[0]?.textContent;

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

const quote = () => within(screen.getByRole("region", { name: "Your price" }));

const calculatorQueries = (requests: { url: string }[]) =>
  requests
    .filter((request) => request.url.startsWith(CALCULATOR))
    .map((request) => new URL(request.url, "http://localhost").searchParams);

const renderStep = (countries: Parameters<typeof sendMoneyHandlers>[0] = {}) => {
  server.use(...sendMoneyHandlers(countries));
  const onContinue = vi.fn();
  renderWithApp(<AmountStep continueLabel="Get started" onContinue={onContinue} />);
  return { requests, onContinue, user: userEvent.setup() };
};

/** Waits until the price for the current amounts is on screen. */
const priced = async () => {
  await waitFor(() => expect(quote().getByText(/^1 USD = /)).toBeTruthy());
  await waitFor(() =>
    expect(screen.getByRole("region", { name: "Your price" }).getAttribute("aria-busy")).toBe("false"),
  );
};

describe("AmountStep", () => {
  beforeEach(() => {
    useSendMoneyStore.setState(INITIAL_SEND_MONEY_DATA);
  });
  afterEach(async () => {
    await changeLanguage("en");
    registerAuthSource(() => ({ token: null, type: null, userType: null }));
    vi.restoreAllMocks();
  });

  describe("starts from the person, never from the first row of a list (issue 18)", () => {
    // The lists in alphabetical order, as the API sends them: Japan and the Philippines first.
    const alphabetical = {
      from: () => [JAPAN, SPAIN, UNITED_STATES],
      to: () => [PHILIPPINES, MEXICO],
    };
    const browserSpeaks = (...languages: string[]) =>
      vi.spyOn(navigator, "languages", "get").mockReturnValue(languages);

    it("a signed-in US resident starts in the United States and dollars, whatever the browser says", async () => {
      browserSpeaks("ja-JP", "ja");
      registerAuthSource(() => ({
        token: "t",
        type: "client",
        userType: "client",
        countryId: UNITED_STATES.id,
      }));
      renderStep(alphabetical);
      await priced();
      expect(selectedText("You send from")).toBe("United States");
      expect(selectedText("Currency you send")).toBe("USD");
    });

    it("an es-MX visitor sends to Mexico in pesos, from a served country", async () => {
      browserSpeaks("es-MX", "es");
      renderStep(alphabetical);
      await priced();
      expect(selectedText("They receive in")).toBe("Mexico");
      expect(selectedText("Currency they receive")).toBe("MXN");
      expect(selectedText("You send from")).toBe("United States");
    });

    it("a ja-JP visitor sends from Japan in yen", async () => {
      browserSpeaks("ja-JP");
      renderStep(alphabetical);
      await waitFor(() => expect(selectedText("You send from")).toBe("Japan"));
      await waitFor(() => expect(selectedText("Currency you send")).toBe("JPY"));
    });
  });

  it("selects the default country (en-US: the United States) and its currency, and the vela method, then prices '100.00'", async () => {
    const { requests } = renderStep();

    expect(screen.getByLabelText("Loading…").getAttribute("aria-busy")).toBe("true");
    await priced();

    expect(selectedText("You send from")).toBe("United States");
    expect(selectedText("Currency you send")).toBe("USD");
    expect(selectedText("They receive in")).toBe("Mexico");
    expect(selectedText("Currency they receive")).toBe("MXN");
    expect(selectedText("Delivery method")).toBe("Vela wallet");
    expect(field("You send").value).toBe("100.00");
    expect(field("They receive").value).toBe("2,022.24");

    expect(quote().getByText("2.99 USD")).toBeTruthy();
    expect(quote().getByText("102.99 USD")).toBeTruthy();
    expect(quote().getByText("1 USD = 20.2224 MXN")).toBeTruthy();
    expect(quote().getByText("Instant")).toBeTruthy();
    expect(quote().getByText("Guaranteed")).toBeTruthy();

    const [query, ...more] = calculatorQueries(requests);
    expect(more).toEqual([]);
    expect(Object.fromEntries(query ?? [])).toEqual({
      country_from_id: "1",
      country_to_id: "4",
      currency_from_id: "10",
      currency_to_id: "12",
      shipping_method_id: "1",
      send_amount: "100.00",
    });
    // The store keeps what the person typed; the price above is the query's, not a copy in the store.
    expect(useSendMoneyStore.getState()).toMatchObject({ amount: "100.00", amountSide: "send" });
    expect(useSendMoneyStore.getState()).not.toHaveProperty("calculationData");
  });

  it("prices from the receiving amount once typing pauses, and the send amount follows", async () => {
    const { requests, user } = renderStep();
    await priced();

    const receiving = field("They receive");
    await user.clear(receiving);
    await user.type(receiving, "5000");

    await waitFor(() => expect(field("You send").value).toBe("247.26"));
    const queries = calculatorQueries(requests);
    // One request for the pause, not one per keystroke; and never both amounts.
    expect(queries).toHaveLength(2);
    expect(queries[1]?.get("receiving_amount")).toBe("5000.00");
    expect(queries[1]?.has("send_amount")).toBe(false);
    await priced();
    expect(quote().getByText("250.25 USD")).toBeTruthy();
  });

  it("replaces a send amount left below the minimum, or zero, by the minimum with the spec's message", async () => {
    const { user } = renderStep();
    await priced();

    const send = field("You send");
    await user.clear(send);
    await user.type(send, "5");
    await user.tab();

    expect(send.value).toBe("10.00");
    expect(screen.getByText("Min send amount is 10.00")).toBeTruthy();
    await waitFor(() => expect(field("They receive").value).toBe("202.22"));
    // The message stays with the replaced value, until the person types again.
    expect(screen.getByText("Min send amount is 10.00")).toBeTruthy();

    await user.clear(send);
    await user.type(send, "0");
    await user.tab();
    expect(send.value).toBe("10.00");

    await user.clear(send);
    await user.type(send, "25");
    expect(screen.queryByText("Min send amount is 10.00")).toBeNull();
  });

  it("replaces a send amount left above the maximum by the maximum, with thousands separators", async () => {
    const { user } = renderStep();
    await priced();

    const send = field("You send");
    await user.clear(send);
    await user.type(send, "20000");
    await user.tab();

    expect(send.value).toBe("10,000.00");
    expect(screen.getByText("Max send amount is 10,000.00")).toBeTruthy();
  });

  it("checks a receiving amount only once the send amount it needs is within limits", async () => {
    const { user } = renderStep();
    await priced();

    // 5 MXN needs 0.25 USD: the send rule applies first.
    const receiving = field("They receive");
    await user.clear(receiving);
    await user.type(receiving, "5");
    await user.tab();

    expect(field("You send").value).toBe("10.00");
    expect(screen.getByText("Min send amount is 10.00")).toBeTruthy();
  });

  it("applies the server's limits when a delivery method with other limits is chosen", async () => {
    const { user, requests } = renderStep();
    await priced();
    const send = field("You send");
    await user.clear(send);
    await user.type(send, "3000");
    await user.tab();
    await priced();
    expect(screen.queryByRole("status", { name: /amount is/ })).toBeNull();

    await user.selectOptions(screen.getByLabelText("Delivery method"), "Cash pickup");

    // Cash pickup sends at most 2,500.00 USD: its limits arrive before the calculator is asked, so
    // 3,000 is replaced by 2,500.00 without asking. That is within the send limits, so the
    // receiving amount is checked next: 2,500.00 USD buys 50,047.99 MXN at cash pickup's rate, which
    // only the calculator knows yet, so it refuses that one and the receiving amount becomes its
    // maximum, the send amount following it.
    await waitFor(() => expect(field("They receive").value).toBe("50,000.00"));
    expect(screen.getByText("Max receiving amount is 50,000.00")).toBeTruthy();
    await waitFor(() => expect(send.value).toBe("2,497.61"));
    const cashQueries = calculatorQueries(requests).filter(
      (query) => query.get("shipping_method_id") === "3",
    );
    expect(
      cashQueries.map((query) => query.get("send_amount") ?? `receiving ${query.get("receiving_amount")}`),
    ).toEqual(["2500.00", "receiving 50000.00"]);
    await priced();
    expect(quote().getByText("Within minutes")).toBeTruthy();
    expect(quote().getByText("1 USD = 20.0191 MXN")).toBeTruthy();
    expect(screen.getByText("Max receiving amount is 50,000.00")).toBeTruthy();
  });

  it("shows a limit while someone types without asking the calculator, and replaces the amount only when the field is left", async () => {
    // Issue 7, point 19: the limits are known, so an amount outside them never reaches the server.
    const { user, requests } = renderStep();
    await priced();
    const send = field("You send");
    await user.clear(send);
    await user.type(send, "5");

    expect(await screen.findByText("Min send amount is 10.00", undefined)).toBeTruthy();
    expect(send.value).toBe("5");
    expect(send.getAttribute("aria-invalid")).toBe("true");
    // The receiving amount is not the one 100.00 bought any more, and nothing new is asked.
    expect(field("They receive").value).toBe("");
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(calculatorQueries(requests).map((query) => query.get("send_amount"))).toEqual(["100.00"]);

    await user.tab();
    expect(send.value).toBe("10.00");
    expect(send.getAttribute("aria-invalid")).not.toBe("true");
  });

  it("never shows a receiving amount worked out for an older send amount while someone types", async () => {
    // Issue 7, point 19: between a keystroke and the answer for it, the amount that follows is
    // shown as updating, not as what the previous amount bought.
    const { user } = renderStep();
    await priced();
    const send = field("You send");
    const receiving = field("They receive");
    expect(receiving.value).toBe("2,022.24");

    await user.clear(send);
    await user.type(send, "200");
    expect(receiving.value).toBe("");
    expect(receiving.getAttribute("placeholder")).toBe("Updating…");
    expect(receiving.getAttribute("aria-busy")).toBe("true");

    await waitFor(() => expect(receiving.value).toBe("4,044.48"));
    expect(receiving.getAttribute("aria-busy")).toBe("false");
    expect(quote().getByText("202.99 USD")).toBeTruthy();
  });

  it("keeps the decimal point of an amount in a currency without decimals, and says what is used", async () => {
    // Issue 7, point 17: yen has no decimals. "5000.7" was read as 50007, ten times what was meant.
    const { user, requests } = renderStep();
    await priced();
    await user.selectOptions(screen.getByLabelText("You send from"), "Japan");
    await waitFor(() => expect(selectedText("Currency you send")).toBe("JPY"));
    await waitFor(() => expect(quote().getByText(/^1 JPY = /)).toBeTruthy());

    const send = field("You send");
    await user.clear(send);
    await user.type(send, "5000.7");
    expect(send.value).toBe("5000.7");
    expect(screen.getByText("JPY has no decimals, so 5,000 JPY is used.")).toBeTruthy();
    await waitFor(() => expect(calculatorQueries(requests).at(-1)?.get("send_amount")).toBe("5000"));
    expect(calculatorQueries(requests).some((query) => query.get("send_amount") === "50007")).toBe(false);

    await user.tab();
    expect(send.value).toBe("5,000");
    expect(screen.getByText("JPY has no decimals, so 5,000 JPY is used.")).toBeTruthy();
    await waitFor(() => expect(field("They receive").value).toBe("101,112.19"));
  });

  it("cuts a receiving amount typed with more decimals than its currency takes, and says so", async () => {
    const { user, requests } = renderStep();
    await priced();
    const receiving = field("They receive");
    await user.clear(receiving);
    await user.type(receiving, "5000.257");
    expect(receiving.value).toBe("5000.257");
    expect(screen.getByText("MXN takes at most 2 decimals here, so 5,000.25 MXN is used.")).toBeTruthy();
    await user.tab();
    expect(receiving.value).toBe("5,000.25");
    await waitFor(() => expect(calculatorQueries(requests).at(-1)?.get("receiving_amount")).toBe("5000.25"));
    expect(screen.getByText("MXN takes at most 2 decimals here, so 5,000.25 MXN is used.")).toBeTruthy();
  });

  it("shows a clear inline error when the corridor is not offered, and does not go on", async () => {
    const { user, onContinue } = renderStep();
    await priced();

    await user.selectOptions(screen.getByLabelText("You send from"), "Japan");
    await user.selectOptions(screen.getByLabelText("They receive in"), "Philippines");

    expect(await screen.findByText("We don't send on this route yet")).toBeTruthy();
    expect(selectedText("Currency you send")).toBe("JPY");
    const button = screen.getByRole("button", { name: "Get started" });
    expect(button.hasAttribute("disabled")).toBe(true);
    await user.click(button);
    expect(onContinue).not.toHaveBeenCalled();
  });

  it("hands the priced selection on when the person continues", async () => {
    const { user, onContinue } = renderStep();
    await priced();

    await user.click(screen.getByRole("button", { name: "Get started" }));

    expect(onContinue).toHaveBeenCalledWith(FIRST_SELECTION);
  });

  it("shows the failure with a retry button when the lists cannot be loaded", () =>
    expectListsRetried(renderStep));

  it("speaks Spanish, with the amounts and the rate in the Spanish format", async () => {
    renderStep();
    await priced();

    await act(() => changeLanguage("es"));

    expect(await screen.findByLabelText("Tú envías")).toBeTruthy();
    expect(field("Tú envías").value).toBe("100,00");
    await waitFor(() => expect(screen.getByText("1 USD = 20,2224 MXN")).toBeTruthy());
    expect(screen.getByText("Total a pagar")).toBeTruthy();
  });
});
