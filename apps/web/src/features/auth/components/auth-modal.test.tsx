import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  forgotPasswordMasking,
  forgotPasswordSendCode,
  login,
  registerClient,
  tfaVerifyAndLogin,
} from "@vela/shared/contract/auth";
import { getCountries, getPrefixes } from "@vela/shared/contract/reference";
import type { PhonePrefix } from "@vela/shared/reference";
import type { HttpHandler } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppRoutes } from "@/app/router";
import { requests, server } from "@/test/api-server";
import { failure, handle } from "@/test/contract-handlers";
import {
  CLIENT_USER,
  EMAIL_CHALLENGE,
  FROM_COUNTRIES,
  MEXICO,
  sessionFor,
  TO_COUNTRIES,
} from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { sendMoneyHandlers } from "@/test/send-money-api";
import { dashboardArrival, sessionCheckOf } from "@/test/session-api";
import { useAuthModalStore } from "../stores/auth-modal-store";
import { useAuthStore } from "../stores/auth-store";

const MX_PREFIX: PhonePrefix = {
  country_id: MEXICO.id,
  iso2: "MX",
  name: "Mexico",
  flag: "",
  flag_url: "/api/flags/MX.svg",
  prefix: "+52",
};

/** The home page's calls plus whatever a test adds (first, so that they answer first). */
const stubHome = (...handlers: HttpHandler[]) =>
  server.use(
    ...handlers,
    ...sendMoneyHandlers(),
    handle(
      getCountries,
      [...FROM_COUNTRIES, ...TO_COUNTRIES].map((country) => ({ ...country, phone_prefix: "+52" })),
    ),
    handle(getPrefixes, [MX_PREFIX]),
  );

// The modal's code is a lazy chunk: the first test to open it waits for it to compile.
const dialog = () => screen.findByRole("dialog", {}, { timeout: 10_000 });

const openLogin = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click((await screen.findAllByRole("button", { name: "Log in" }))[0]!);
  return within(await dialog());
};

const fillLogin = async (user: ReturnType<typeof userEvent.setup>, modal: ReturnType<typeof within>) => {
  await user.type(modal.getByLabelText(/Email/), "ana@example.com");
  await user.type(modal.getByLabelText(/^Password/), "Velvet-Harbor-72");
  await user.click(modal.getByRole("button", { name: "Log in" }));
};

/** Opens the register view from the header and sends Ana's client registration with this mobile number. */
const registerClientAna = async (mobileNumber: string) => {
  const user = userEvent.setup();
  renderWithApp(<AppRoutes />, { route: "/" });
  await user.click((await screen.findAllByRole("button", { name: "Sign up" }))[0]!);
  const modal = within(await dialog());

  await user.type(modal.getByLabelText(/First name/), "Ana");
  await user.type(modal.getByLabelText(/Last name/), "López");
  await user.type(modal.getByLabelText(/^Email/), "ana@example.com");
  await user.type(modal.getByLabelText(/^Password/), "Velvet-Harbor-72");
  await user.type(modal.getByLabelText(/Repeat the password/), "Velvet-Harbor-72");
  await user.click(modal.getByLabelText(/Country of residence/));
  // The combobox's own option (the home page behind has native selects with options too); jsdom
  // never finishes the dropdown's transition, so the list still counts as hidden.
  const mexico = screen
    .getAllByRole("option", { name: "Mexico", hidden: true })
    .find((option) => option.hasAttribute("data-combobox-option"));
  await user.click(mexico!);
  await user.type(modal.getByLabelText(/Mobile number/), mobileNumber);
  await user.click(modal.getByRole("checkbox"));
  await user.click(modal.getByRole("button", { name: "Create account" }));
  return modal;
};

// Proves the auth modal moves between its views and steps the way spec §2 describes: login and
// register (a tab per kind), then two-factor, recovery, the abuser message, verification after
// registering and a rule's limit modal — each driven by what the (stubbed) API answers.
describe("auth modal", () => {
  beforeEach(() => {
    useAuthStore.getState().logout();
    useAuthModalStore.getState().close();
  });
  afterEach(() => {
    useAuthStore.getState().logout();
    useAuthModalStore.getState().close();
  });

  it("opens on the login view from the header and switches to register, with a tab per kind", async () => {
    stubHome();
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, { route: "/" });

    const modal = await openLogin(user);
    expect(modal.getByRole("heading", { name: "Log in to Vela" })).toBeTruthy();
    expect(useAuthModalStore.getState().view).toBe("login");

    await user.click(modal.getByRole("button", { name: "Create an account" }));

    expect(await modal.findByRole("heading", { name: "Create your Vela account" })).toBeTruthy();
    expect(useAuthModalStore.getState().view).toBe("register");
    const tabs = modal.getAllByRole("tab").map((tab) => tab.textContent);
    expect(tabs).toEqual(["Personal", "Agent", "Business"]);
    expect(modal.queryByLabelText(/Agency name/)).toBeNull();

    await user.click(modal.getByRole("tab", { name: "Agent" }));
    expect(await modal.findByLabelText(/Agency name/)).toBeTruthy();
    expect(modal.getByLabelText(/Agency address/)).toBeTruthy();
    expect(useAuthModalStore.getState().registerKind).toBe("agent");

    await user.click(modal.getByRole("button", { name: "Log in" }));
    expect(await modal.findByRole("heading", { name: "Log in to Vela" })).toBeTruthy();
  });

  it("validates with the contract's schema before calling the API", async () => {
    stubHome();
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, { route: "/" });
    const modal = await openLogin(user);

    await user.type(modal.getByLabelText(/Email/), "not-an-email");
    await user.click(modal.getByRole("button", { name: "Log in" }));

    expect(await modal.findByText("Must be a valid email address.")).toBeTruthy();
    expect(modal.getAllByText("This field is required.").length).toBeGreaterThan(0);
    expect(requests.some((request) => request.url.includes("authentication/login"))).toBe(false);
  });

  it("shows the server's message in the modal after a wrong password", async () => {
    stubHome(handle(login, failure(401, "The e-mail or password is not right.")));
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, { route: "/" });
    const modal = await openLogin(user);

    await fillLogin(user, modal);

    expect((await modal.findByRole("alert")).textContent).toContain("The e-mail or password is not right.");
    expect(useAuthModalStore.getState()).toMatchObject({
      errorMessage: "The e-mail or password is not right.",
      status: "error",
    });
    expect(useAuthStore.getState().token).toBeNull();
  });

  it("moves to the two-step step on a challenge, and back to the form", async () => {
    stubHome(handle(login, EMAIL_CHALLENGE));
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, { route: "/" });
    const modal = await openLogin(user);

    await fillLogin(user, modal);

    expect(await modal.findByRole("heading", { name: "Two-step verification" })).toBeTruthy();
    expect(modal.getByTestId("tfa-destination").textContent).toContain("a•••@e•••.com");
    expect(modal.getByLabelText(/6-digit code/)).toBeTruthy();
    // The countdown of `seconds` holds the resend back; the channel switch is offered.
    expect(
      modal.getByRole("button", { name: /Send a new code in 1:00|Send a new code in 0:5\d/ }),
    ).toBeTruthy();
    expect(modal.getByRole("button", { name: "Send the code by SMS instead" })).toBeTruthy();
    // Log in was sent without any session headers.
    const loginRequest = requests.find((request) => request.url === "/api/authentication/login");
    expect(loginRequest?.headers.has("Authorization")).toBe(false);

    await user.click(modal.getByRole("button", { name: "Back to log in" }));
    expect(await modal.findByRole("heading", { name: "Log in to Vela" })).toBeTruthy();
  });

  it("signs in with the second factor and goes to the account", async () => {
    stubHome(handle(login, EMAIL_CHALLENGE), handle(tfaVerifyAndLogin, sessionFor()), ...dashboardArrival());
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, { route: "/" });
    const modal = await openLogin(user);
    await fillLogin(user, modal);

    await user.type(await modal.findByLabelText(/6-digit code/), "123456");
    await user.click(modal.getByRole("button", { name: "Verify and log in" }));

    await waitFor(() => expect(useAuthStore.getState().token).toBe("access-7"));
    expect(useAuthModalStore.getState().opened).toBe(false);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Welcome to Vela" }, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it("locks the form behind the abuser message after a 429, with the Retry-After countdown", async () => {
    stubHome(
      handle(
        login,
        failure(429, "Too many attempts. Try again in 5 minutes.", { headers: { "Retry-After": "300" } }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, { route: "/" });
    const modal = await openLogin(user);

    await fillLogin(user, modal);

    expect(await modal.findByRole("heading", { name: "Too many attempts" })).toBeTruthy();
    expect(modal.getByRole("alert").textContent).toContain("Too many attempts. Try again in 5 minutes.");
    expect(modal.getByTestId("abuser-countdown").textContent).toMatch(/You can try again in [45]:\d\d\./);
    expect(modal.getByRole("button", { name: "Try again" }).hasAttribute("disabled")).toBe(true);
    expect(useAuthModalStore.getState().abuserMessage?.message).toBe(
      "Too many attempts. Try again in 5 minutes.",
    );
  });

  it("walks through password recovery: masking, channel, code", async () => {
    stubHome(
      handle(forgotPasswordMasking, { email: "an•••@ex•••.com", phone: "+52 •••• 5678" }),
      handle(forgotPasswordSendCode, { seconds: 60, expires_in: 600 }),
    );
    const user = userEvent.setup();
    renderWithApp(<AppRoutes />, { route: "/" });
    const modal = await openLogin(user);

    await user.click(modal.getByRole("button", { name: "Forgot your password?" }));
    expect(await modal.findByRole("heading", { name: "Reset your password" })).toBeTruthy();
    expect(useAuthModalStore.getState().recoverPassword).toBe(true);

    await user.type(modal.getByLabelText(/Email/), "ana@example.com");
    await user.click(modal.getByRole("button", { name: "Continue" }));
    expect(await modal.findByLabelText("By email to an•••@ex•••.com")).toBeTruthy();
    await user.click(modal.getByLabelText("By SMS to +52 •••• 5678"));
    await user.click(modal.getByRole("button", { name: "Send code" }));

    expect(await modal.findByText(/a 6-digit code is on its way to \+52 •••• 5678/)).toBeTruthy();
    expect(modal.getByLabelText(/6-digit code/)).toBeTruthy();

    await user.click(modal.getByRole("button", { name: "Back to log in" }));
    expect(await modal.findByRole("heading", { name: "Log in to Vela" })).toBeTruthy();
  });

  it("signs a new client in and moves to e-mail verification after registering", async () => {
    stubHome(handle(registerClient, sessionFor()));
    const modal = await registerClientAna("55 1234 5678");

    expect(await modal.findByRole("heading", { name: "Verify your account" })).toBeTruthy();
    expect(modal.getByText(/We emailed a 6-digit code to ana@example.com/)).toBeTruthy();
    expect(useAuthModalStore.getState()).toMatchObject({ countryId: MEXICO.id });
    expect(useAuthModalStore.getState().onboardingStatus?.status).toBe("pending_email");
    expect(useAuthStore.getState()).toMatchObject({ token: "access-7", type: "client", user: CLIENT_USER });
    const body = requests.find((request) => request.url === "/api/onboarding/client/register")?.body;
    // The contract's output: the phone's digits only, the prefix from the country, terms accepted.
    expect(body).toMatchObject({
      first_name: "Ana",
      email: "ana@example.com",
      country_id: MEXICO.id,
      phone_prefix: "+52",
      phone_number: "5512345678",
      terms: true,
    });
  }, 20_000);

  it("refuses a number the country's plan does not have, on the phone field, before asking the server", async () => {
    stubHome();
    // Four digits pass the shape check but are no Mexican number.
    const modal = await registerClientAna("5512");

    const phone = modal.getByLabelText(/Mobile number/);
    await waitFor(() => expect(phone.getAttribute("aria-invalid")).toBe("true"));
    expect(modal.getByText("Must be a valid phone number for the country of its prefix.")).toBeTruthy();
    expect(requests.some((request) => request.url === "/api/onboarding/client/register")).toBe(false);
  }, 20_000);

  it("shows a rule's limit modal, whose VERIFY_EMAIL button leads to e-mail verification", async () => {
    const session = sessionFor();
    stubHome(sessionCheckOf(session.user));
    useAuthStore.getState().setAuthSession(session);
    renderWithApp(<AppRoutes />, { route: "/help" });
    const user = userEvent.setup();

    act(() =>
      useAuthModalStore.getState().showLimitModal({
        button: { label: "Verify e-mail", code: "VERIFY_EMAIL" },
        code: "VERIFY_EMAIL",
        id: "dashboard:verify_email",
        persistent: true,
        text: "Enter the code we sent to your e-mail address to start using your account.",
        time: null,
        title: "Verify your e-mail address",
        img: null,
        seconds: null,
        show: true,
      }),
    );
    const modal = within(await dialog());
    expect(modal.getByRole("heading", { name: "Verify your e-mail address" })).toBeTruthy();
    // Persistent: no way around it but its button.
    expect(modal.queryByRole("button", { name: "Close" })).toBeNull();

    await user.click(modal.getByRole("button", { name: "Verify e-mail" }));

    expect(await modal.findByRole("heading", { name: "Verify your account" })).toBeTruthy();
    expect(modal.getByRole("button", { name: "Verify email" })).toBeTruthy();
  });
});
