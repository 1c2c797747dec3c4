import { act, screen, waitFor, within } from "@testing-library/react";
import { Route } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerAuthSource } from "@/shared/api/auth-source";
import { changeLanguage } from "@/shared/i18n/i18n";
import { requests, server } from "@/test/api-server";
import { expectNoSeriousAxeViolations } from "@/test/axe";
import { address, renderRoutes } from "@/test/render";
import { STATUS_POLL_FOR_MS } from "../hooks/use-verification-status";
import {
  levelsFixture,
  PERSONAL_DATA,
  SDK_URL,
  STATUSES,
  verificationBackend,
} from "../testing/verification-backend";
import { VerificationRoute } from "./verification-route";

// The verification area (issue 20, point 7): each state of a person's verification in words, the
// SDK page opened with a fresh token, the polling after it, the enhanced level's forms, the way
// back to the money flow (only to the account's own pages), Spanish, and axe.

type Options = Parameters<typeof verificationBackend>[0];

const renderArea = (route = "/account/verification", options: Options = {}) => {
  const backend = verificationBackend(options);
  server.use(...backend.handlers);
  const user = renderRoutes(
    <>
      <Route path="/account/verification" element={<VerificationRoute />} />
      <Route path="/account/send-money/:step" element={<p>Transfer page</p>} />
      <Route path="/account/wallets/send/:step" element={<p>Wallet page</p>} />
    </>,
    route,
    { withSearch: true },
  );
  return { user, state: backend.state };
};

/** Stubs the browser's navigation away (the SDK page) and answers what it was sent to. */
const stubNavigation = () => {
  const assign = vi.fn();
  vi.stubGlobal("location", { ...window.location, origin: window.location.origin, assign });
  return assign;
};

/** A client living in Mexico (whose accepted documents the backend lists). */
const signInClient = () =>
  registerAuthSource(() => ({ token: "client-token", type: "client", userType: "client", countryId: 4 }));

const statusCard = () => screen.getByRole("region", { name: "Your verification" });

describe("the verification area", () => {
  beforeEach(() => {
    signInClient();
  });
  afterEach(async () => {
    sessionStorage.clear();
    await changeLanguage("en");
  });

  it("shows an unverified person their level, the documents to have ready and what each level allows", async () => {
    renderArea();
    expect(await screen.findByText("Not started")).toBeTruthy();
    expect(within(statusCard()).getByText("Unverified")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Identity verification" })).toBeTruthy();

    // Only the identity documents Mexico (the user's country) accepts, the two-sided one said so.
    const documents = await screen.findByRole("list", { name: "Accepted documents" });
    expect(
      within(documents)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Passport", "Voter ID (INE) (front and back)"]);
    expect(
      requests.some((request) => request.url === "/api/identity_verifications/country/4/documents"),
    ).toBe(true);

    // The levels with their limits formatted, and the person's own used amount as labelled bars.
    const own = await screen.findByRole("region", { name: "Unverified" });
    expect(within(own).getByText("Your level")).toBeTruthy();
    expect(within(own).getByText("1,000.00 USD")).toBeTruthy();
    expect(within(own).getByText("Used: 1,500.00 USD of 2,000.00 USD")).toBeTruthy();
    const bar = within(own).getByRole("progressbar", { name: "Used in the last 30 days" });
    expect(bar.getAttribute("aria-valuenow")).toBe("75");
    const enhanced = screen.getByRole("region", { name: "Enhanced" });
    expect(within(enhanced).getByText("500,000.00 USD")).toBeTruthy();
    expect(within(enhanced).queryByRole("progressbar")).toBeNull();

    await expectNoSeriousAxeViolations();
  });

  it("asks for an SDK token for the identity flow and sends the browser to the provider's page", async () => {
    const assign = stubNavigation();
    const { user, state } = renderArea();
    await user.click(await screen.findByRole("button", { name: "Verify my identity" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(SDK_URL));
    expect(state.tokenFlows).toEqual(["identity"]);
    const post = requests.find((request) => request.url === "/api/identity-verification/get-access-token");
    expect(post?.body).toEqual({ flow: "identity" });
  });

  it("says a review is on its way and offers nothing to start meanwhile", async () => {
    renderArea("/account/verification", { statuses: [STATUSES.pending] });
    expect(await screen.findByText("In review")).toBeTruthy();
    expect(
      screen.getByText(
        "We're checking your documents for your identity check. This usually takes a minute or two.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Verify my identity" })).toBeNull();
  });

  it("shows the reviewer's message after a RETRY and starts the flow again from Try again", async () => {
    const assign = stubNavigation();
    const { user, state } = renderArea("/account/verification", { statuses: [STATUSES.retry] });
    expect(await screen.findByText("Your identity check needs another try.")).toBeTruthy();
    expect(
      screen.getByText("The photo of your document is blurry. Take it again in good light."),
    ).toBeTruthy();
    // What to have ready for the new try.
    expect(await within(statusCard()).findByRole("list", { name: "Accepted documents" })).toBeTruthy();
    await expectNoSeriousAxeViolations();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(SDK_URL));
    expect(state.tokenFlows).toEqual(["identity"]);
  });

  it("explains a FINAL rejection and points to support, with nothing to start", async () => {
    renderArea("/account/verification", { statuses: [STATUSES.final] });
    expect(
      await screen.findByText("We couldn't verify your identity, and this decision is final."),
    ).toBeTruthy();
    expect(screen.getByText(/You can't send money with Vela for now/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Contact support" }).getAttribute("href")).toBe("/contact-us");
    expect(screen.queryByRole("button", { name: "Verify my identity" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    await expectNoSeriousAxeViolations();
  });

  it("says money-moving is paused on a blocked account and hides the enhanced step", async () => {
    renderArea("/account/verification", { statuses: [STATUSES.blocked] });
    expect(await screen.findByText("Sending money is paused on your account.")).toBeTruthy();
    expect(screen.getByText("Paused")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Contact support" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Raise your limits further" })).toBeNull();
  });

  it("offers the way back to the transfer once approved", async () => {
    const { user } = renderArea("/account/verification?from=%2Faccount%2Fsend-money%2Famount", {
      statuses: [STATUSES.green],
      levels: levelsFixture("identity_verified"),
    });
    expect(await screen.findByText("Your identity check was approved.")).toBeTruthy();
    expect(within(statusCard()).getByText("Identity verified")).toBeTruthy();
    await user.click(screen.getByRole("link", { name: "Back to your transfer" }));
    expect(await screen.findByText("Transfer page")).toBeTruthy();
    expect(address()).toBe("/account/send-money/amount");
  });

  it.each([
    "https://evil.example/account/send-money/amount",
    "//evil.example/account/send-money",
    "/account/../logout",
    "/\\evil.example",
    "javascript:alert(1)",
  ])("ignores a return address outside the account area (%s)", async (from) => {
    renderArea(`/account/verification?${new URLSearchParams({ from })}`, {
      statuses: [STATUSES.green],
      levels: levelsFixture("identity_verified"),
    });
    expect(await screen.findByText("Your identity check was approved.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /^Back to/ })).toBeNull();
    expect(sessionStorage.getItem("verification_from")).toBeNull();
  });

  it("polls the status after the SDK page until the review leaves pending, then leads back to the flow", async () => {
    // Before the SDK page the flow that sent the person here was remembered.
    sessionStorage.setItem("verification_from", "/account/wallets/send/amount");
    const { state, user } = renderArea("/account/verification?returned=1", {
      statuses: [STATUSES.pending, STATUSES.pending, STATUSES.green],
    });
    expect(await screen.findByText("Checking for the result of your review…")).toBeTruthy();
    expect(
      await screen.findByText("Your identity check was approved.", {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(state.statusCalls).toBe(3);
    expect(screen.queryByText("Checking for the result of your review…")).toBeNull();
    // The level may have changed: what each level allows is asked again.
    await waitFor(() =>
      expect(requests.filter((request) => request.url === "/api/identity-verification/levels")).toHaveLength(
        2,
      ),
    );
    await user.click(screen.getByRole("link", { name: "Back to your wallet" }));
    expect(address()).toBe("/account/wallets/send/amount");
    expect(sessionStorage.getItem("verification_from")).toBeNull();
  }, 30_000);

  it("stops polling after about a minute and says the result will come by e-mail", async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"],
    });
    try {
      const { state } = renderArea("/account/verification?returned=1", { statuses: [STATUSES.pending] });
      expect(await screen.findByText("Checking for the result of your review…")).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(STATUS_POLL_FOR_MS + 1000));
      expect(await screen.findByText(/This is taking longer than usual/)).toBeTruthy();
      const calls = state.statusCalls;
      expect(calls).toBeGreaterThan(20);
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(state.statusCalls).toBe(calls);
    } finally {
      vi.useRealTimers();
    }
  }, 30_000);

  it("says nothing has arrived after a minute when the person came back without sending documents", async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"],
    });
    try {
      renderArea("/account/verification?returned=1", { statuses: [STATUSES.unverified] });
      expect(await screen.findByText("Checking for the result of your review…")).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(STATUS_POLL_FOR_MS + 1000));
      expect(await screen.findByText(/We haven't received your documents yet/)).toBeTruthy();
      expect(screen.getByRole("button", { name: "Verify my identity" })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  }, 30_000);

  it("renders in Spanish", async () => {
    await changeLanguage("es");
    renderArea("/account/verification", { statuses: [STATUSES.retry] });
    expect(await screen.findByRole("heading", { level: 1, name: "Verificación de identidad" })).toBeTruthy();
    expect(await screen.findByText("Tu verificación de identidad necesita otro intento.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Intentar de nuevo" })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Qué permite cada nivel" })).toBeTruthy();
    expect(await screen.findAllByText("1.000,00 USD")).toHaveLength(1);
  });
});

describe("the enhanced level", () => {
  beforeEach(() => {
    signInClient();
  });
  afterEach(() => {
    sessionStorage.clear();
  });

  const renderEnhanced = (options: Options = {}) =>
    renderArea("/account/verification", {
      statuses: [STATUSES.green],
      levels: levelsFixture("identity_verified"),
      ...options,
    });

  const questionnaire = () => screen.getByRole("form", { name: "Questions about your money" });

  it("validates the questionnaire, puts the server's messages on their questions, then saves it", async () => {
    const { user, state } = renderEnhanced({
      refuseAnswers: { "answers.occupation": ["Tell us what you do in a few more words."] },
    });
    const form = await screen.findByRole("form", { name: "Questions about your money" });
    await user.click(within(form).getByRole("button", { name: "Save answers" }));
    // Required questions are refused in the browser, before anything is sent.
    expect(await within(form).findAllByText("This field is required.")).toHaveLength(3);
    expect(requests.some((request) => request.url === "/api/questions_answere/save")).toBe(false);

    await user.selectOptions(within(form).getByLabelText(/Where does your money come from/), "salary");
    await user.type(within(form).getByLabelText(/What do you do for a living/), "Nurse");
    await user.type(within(form).getByLabelText(/How much do you expect to send/), "lots");
    await user.click(within(form).getByRole("button", { name: "Save answers" }));
    expect(await within(form).findByText("Must be a whole number (digits only).")).toBeTruthy();

    const amount = within(form).getByLabelText(/How much do you expect to send/);
    await user.clear(amount);
    await user.type(amount, "800");
    await user.click(within(form).getByRole("button", { name: "Save answers" }));
    expect(await within(questionnaire()).findByText("Tell us what you do in a few more words.")).toBeTruthy();
    const sent = requests.filter((request) => request.url === "/api/questions_answere/save");
    expect(sent.at(-1)?.body).toEqual({
      list_id: 1,
      answers: { source_of_funds: "salary", occupation: "Nurse", monthly_amount: "800", purpose: "" },
    });

    await user.click(within(questionnaire()).getByRole("button", { name: "Save answers" }));
    await waitFor(() => expect(state.questions.answers.occupation).toBe("Nurse"));
    const step = screen.getByRole("region", { name: /1\. About your money/ });
    expect(await within(step).findByText("Saved")).toBeTruthy();
  });

  it("shows saved details, with the document number the API masks to be typed again", async () => {
    renderEnhanced({ personalData: { ...PERSONAL_DATA, document_number: "•••• 0412" } });
    const form = await screen.findByRole("form", { name: "Your personal details" });
    expect((within(form).getByLabelText(/First name/) as HTMLInputElement).value).toBe("Ana");
    const number = within(form).getByLabelText(/Document number/) as HTMLInputElement;
    expect(number.value).toBe("");
    expect(within(form).getByText("Saved: •••• 0412. Type it again to save a change.")).toBeTruthy();
    const step = screen.getByRole("region", { name: /2\. Your personal details/ });
    expect(within(step).getByText("Saved")).toBeTruthy();
  });

  it("opens the upload of a proof of address once the answers and the details are saved", async () => {
    const assign = stubNavigation();
    const { user, state } = renderEnhanced({
      questions: {
        ...(await import("../testing/verification-backend")).QUESTIONS,
        answers: { source_of_funds: "salary", occupation: "Nurse", monthly_amount: "800" },
      },
      refusePersonalData: { document_number: ["This document number is not valid for Mexico."] },
    });
    const upload = await screen.findByRole("button", { name: "Upload proof of address or source of funds" });
    expect(upload.hasAttribute("disabled") || upload.getAttribute("data-disabled") === "true").toBe(true);
    // What to have ready for this step: the address and funds documents only.
    const step = screen.getByRole("region", { name: /3\. Proof of address/ });
    expect((await within(step).findAllByRole("listitem")).map((item) => item.textContent)).toEqual([
      "Utility bill",
      "Bank statement",
    ]);

    const form = await screen.findByRole("form", { name: "Your personal details" });
    await user.type(within(form).getByLabelText(/First name/), PERSONAL_DATA.first_name);
    await user.type(within(form).getByLabelText(/Last name/), PERSONAL_DATA.last_name);
    await user.type(within(form).getByLabelText(/Date of birth/), PERSONAL_DATA.date_of_birth);
    const nationality = within(form)
      .getAllByLabelText(/Nationality/)
      .find((element) => element.tagName === "INPUT") as HTMLInputElement;
    await waitFor(() => expect(nationality.disabled).toBe(false));
    await user.click(nationality);
    const mexico = screen
      .getAllByRole("option", { name: "Mexico", hidden: true })
      .find((option) => option.hasAttribute("data-combobox-option"));
    await user.click(mexico!);
    await user.type(within(form).getByLabelText(/Document number/), PERSONAL_DATA.document_number);
    await user.type(within(form).getByLabelText(/^Address/), PERSONAL_DATA.address);
    await user.type(within(form).getByLabelText(/^City/), PERSONAL_DATA.city);
    await user.click(within(form).getByRole("button", { name: "Save details" }));
    expect(await within(form).findByText("This document number is not valid for Mexico.")).toBeTruthy();

    await user.click(
      within(screen.getByRole("form", { name: "Your personal details" })).getByRole("button", {
        name: "Save details",
      }),
    );
    await waitFor(() => expect(state.personalData?.document_number).toBe(PERSONAL_DATA.document_number));
    expect(state.personalData?.nationality_country_id).toBe(4);

    await waitFor(() =>
      expect(
        screen
          .getByRole("button", { name: "Upload proof of address or source of funds" })
          .hasAttribute("disabled"),
      ).toBe(false),
    );
    await user.click(screen.getByRole("button", { name: "Upload proof of address or source of funds" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(SDK_URL));
    expect(state.tokenFlows).toEqual(["enhanced"]);
    await expectNoSeriousAxeViolations();
  });
});
