import * as OTPAuth from "otpauth";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { apiClient, outboxCodes, registerClient } from "../support/api";
import { expectNoSeriousAxeViolations } from "../support/axe";
import { isStatusLog, openSession, type Session, screenshot, sharedBrowser } from "../support/browser";
import { logIn, logOut, modal, pathname, submitLogin } from "../support/login";
import { devMailbox } from "../support/mailbox";

// Proves the account-settings pages end to end in a real browser against the production build.
// Each journey opens a client through the API (registered, e-mail and phone verified, the codes
// read from the development outbox), then signs in through the UI and: turns two-step
// verification on with an authenticator app (the code computed here from the key the page shows,
// as the app would) and logs in again with it; changes the phone number (the new number's SMS code
// read in the development mailbox); changes the e-mail address (the code goes to the new address)
// and logs in with it; switches the page to Spanish and back. Every finished screen is
// screenshotted into e2e/artifacts and checked with axe, and nothing may fail in the console.

const PASSWORD = "Copper-Meadow-58!";
const FIRST_NAME = "Lucía";
const LAST_NAME = "Romero";

describe("settings journeys", () => {
  const baseUrl = inject("baseUrl");
  const browser = sharedBrowser();
  // Codes read through the API and on the mailbox page are handed out once, from one record.
  const mailbox = devMailbox();

  // ---- Set-up through the API ----

  const api = apiClient(baseUrl);

  const outboxCode = outboxCodes(api, mailbox);

  /** A client with e-mail and a Mexican mobile number already verified, as on-boarding leaves one. */
  async function registerVerifiedClient(email: string, phoneNumber: string) {
    await registerClient(api, outboxCode, {
      firstName: FIRST_NAME,
      lastName: LAST_NAME,
      email,
      password: PASSWORD,
      countryIso: "MX",
      phonePrefix: "+52",
      phoneNumber,
    });
  }

  // ---- The browser ----

  /** Opens the site and signs in through the login modal; the account's dashboard opens. */
  async function signIn(email: string): Promise<Session> {
    const session = await openSession(browser(), baseUrl);
    await logIn(session.page, email, PASSWORD);
    await expect.poll(() => pathname(session.page), { timeout: 15_000 }).toBe("/account");
    return session;
  }

  /** The sidebar's Settings, then one of the settings tabs; resolves once its card has loaded. */
  async function openSettings(page: Page, tab: "Two-step verification" | "Phone" | "Email") {
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Settings" }).click();
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: "Settings" }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: tab }).click();
    const card = page.getByRole("region", { name: tab });
    await expect
      .poll(() => card.getByRole("heading", { level: 2, name: tab }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    return card;
  }

  /** Lets a success notice finish sliding in before a screenshot. */
  const settle = (page: Page) => page.waitForTimeout(400);

  it("a client turns on two-step verification with an authenticator app and logs in with its code", async () => {
    const email = "lucia.totp@example.com";
    await registerVerifiedClient(email, "5520001101");
    const client = await signIn(email);
    const { page } = client;

    const card = await openSettings(page, "Two-step verification");
    expect(await card.getByTestId("tfa-status").textContent()).toBe("Off");
    await card.getByRole("radio", { name: "from an authenticator app" }).check();
    await card.getByLabel(/^Current password/).fill(PASSWORD);
    await card.getByRole("button", { name: "Continue" }).click();

    // The set-up shows the QR code and the key an authenticator app would take.
    const qr = card.getByRole("img", { name: "QR code to scan with your authenticator app" });
    await expect
      .poll(() => qr.evaluate((image) => (image as HTMLImageElement).naturalWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);
    const secret = ((await card.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await settle(page);
    await screenshot(page, "settings-totp-qr");

    // The app's code (Vela's authenticator settings: SHA-1, 6 digits, 30 seconds) turns it on.
    const app = new OTPAuth.TOTP({
      algorithm: "SHA1",
      digits: 6,
      period: 30,
      secret: OTPAuth.Secret.fromBase32(secret),
    });
    const turnedOnStep = Math.floor(Date.now() / 30_000);
    await card.getByLabel(/6-digit code/).fill(app.generate({ timestamp: turnedOnStep * 30_000 }));
    await card.getByRole("button", { name: "Turn on" }).click();
    await expect.poll(() => card.getByTestId("tfa-status").textContent(), { timeout: 15_000 }).toBe("On");
    expect(await card.getByText("Codes come from an authenticator app.").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Two-step verification is on.").isVisible()).toBe(true);
    // Now the card offers to turn it off instead.
    expect(await card.getByRole("button", { name: "Turn off" }).isVisible()).toBe(true);
    await settle(page);
    await screenshot(page, "settings-security-totp-on");
    await expectNoSeriousAxeViolations(page);

    // Logging in again asks for the app's code: no destination, no "send again".
    await logOut(page);
    await logIn(page, email, PASSWORD);
    const dialog = modal(page);
    await expect
      .poll(() => dialog.getByRole("heading", { name: "Two-step verification" }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await dialog.getByTestId("tfa-destination").textContent()).toBe(
      "Open your authenticator app and enter the 6-digit code it shows for Vela.",
    );
    expect(await dialog.getByRole("button", { name: /Send a new code|instead/ }).count()).toBe(0);
    await settle(page);
    await dialog.screenshot({
      path: (await screenshot(page, "settings-login-totp")).replace(/\.png$/, "-dialog.png"),
    });
    // A code works once: the one that turned the app on is refused, so log in with a later step's
    // code (the server accepts the step after the current one, for clocks a little ahead).
    const loginStep = Math.max(turnedOnStep + 1, Math.floor(Date.now() / 30_000));
    await dialog.getByLabel(/6-digit code/).fill(app.generate({ timestamp: loginStep * 30_000 }));
    await dialog.getByRole("button", { name: "Verify and log in" }).click();
    await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe("/account");

    const again = await openSettings(page, "Two-step verification");
    await expect.poll(() => again.getByTestId("tfa-status").textContent()).toBe("On");

    expect(client.problems).toEqual([]);
    await client.context.close();
  }, 120_000);

  it("a client changes the phone number and confirms the new one with its texted code", async () => {
    const email = "lucia.phone@example.com";
    await registerVerifiedClient(email, "5520001102");
    const client = await signIn(email);
    const { page } = client;

    const card = await openSettings(page, "Phone");
    await expect.poll(() => card.getByTestId("current-phone").textContent()).toBe("+52 5520001102");
    expect(await card.getByText("Verified", { exact: true }).isVisible()).toBe(true);

    // A Spanish mobile: the prefix list is searched by the country's name.
    const prefix = card.getByLabel(/^Prefix/);
    await prefix.click();
    await prefix.fill("Spain");
    await page.locator("[data-combobox-option]", { hasText: "Spain" }).first().click();
    await expect.poll(() => prefix.inputValue()).toBe("+34");
    await card.getByLabel(/^New mobile number/).fill("612 345 678");
    // A session alone cannot move the phone: the current password confirms the change.
    await card.getByLabel(/^Current password/).fill(PASSWORD);
    await card.getByRole("button", { name: "Send code to the new number" }).click();
    await expect
      .poll(() => card.getByRole("status").textContent(), { timeout: 15_000 })
      .toMatch(/^We sent a 6-digit code to .+\.$/);
    // The current number stays in force until the new one is confirmed.
    expect(await card.getByTestId("current-phone").textContent()).toBe("+52 5520001102");
    await settle(page);
    await screenshot(page, "settings-phone-code");

    await card.getByLabel(/6-digit code/).fill(await mailbox.readCode(client, "+34612345678"));
    await card.getByRole("button", { name: "Verify phone" }).click();
    await expect
      .poll(() => card.getByTestId("current-phone").textContent(), { timeout: 15_000 })
      .toBe("+34 612345678");
    expect(await card.getByText("Verified", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Your phone is verified.").isVisible()).toBe(true);
    // Back to the form, empty, for a further change.
    expect(await card.getByLabel(/^New mobile number/).inputValue()).toBe("");
    await settle(page);
    await screenshot(page, "settings-phone-changed");
    await expectNoSeriousAxeViolations(page);

    // The new number is the account's: after a reload too.
    await page.reload({ waitUntil: "networkidle" });
    await expect
      .poll(() => page.getByTestId("current-phone").textContent(), { timeout: 15_000 })
      .toBe("+34 612345678");

    expect(client.problems).toEqual([]);
    await client.context.close();
  }, 120_000);

  it("a client changes the e-mail address, confirms it with the code sent there and logs in with it", async () => {
    const oldEmail = "lucia.mail@example.com";
    const newEmail = "romero.lucia@example.org";
    await registerVerifiedClient(oldEmail, "5520001103");
    const client = await signIn(oldEmail);
    const { page } = client;

    const card = await openSettings(page, "Email");
    await expect.poll(() => card.getByTestId("current-email").textContent()).toBe(oldEmail);

    await card.getByLabel(/^New email/).fill(newEmail);
    await card.getByLabel(/^Current password/).fill(PASSWORD);
    await card.getByRole("button", { name: "Send code to the new address" }).click();
    await expect
      .poll(() => card.getByRole("status").textContent(), { timeout: 15_000 })
      .toMatch(/^We sent a 6-digit code to .+\. Your current address stays until it's verified\.$/);
    expect(await card.getByTestId("current-email").textContent()).toBe(oldEmail);
    await settle(page);
    await screenshot(page, "settings-email-code");

    await card.getByLabel(/6-digit code/).fill(await mailbox.readCode(client, newEmail));
    await card.getByRole("button", { name: "Verify email" }).click();
    await expect
      .poll(() => card.getByTestId("current-email").textContent(), { timeout: 15_000 })
      .toBe(newEmail);
    expect(await card.getByText("Verified", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Your email is verified.").isVisible()).toBe(true);
    expect(await card.getByLabel(/^New email/).inputValue()).toBe("");
    await settle(page);
    await screenshot(page, "settings-email-changed");
    await expectNoSeriousAxeViolations(page);

    // The old address no longer signs in; the new one does.
    await logOut(page);
    await logIn(page, oldEmail, PASSWORD);
    await expect.poll(() => modal(page).getByRole("alert").isVisible(), { timeout: 15_000 }).toBe(true);
    await submitLogin(page, newEmail, PASSWORD);
    await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe("/account");
    const after = await openSettings(page, "Email");
    await expect.poll(() => after.getByTestId("current-email").textContent()).toBe(newEmail);

    // The refused login is an expected 401 in the console; nothing else may have failed.
    expect(client.problems.filter((problem) => !isStatusLog(problem, 401))).toEqual([]);
    await client.context.close();
  }, 120_000);

  it("a client switches the settings to Spanish and back to English", async () => {
    const email = "lucia.idioma@example.com";
    await registerVerifiedClient(email, "5520001104");
    const client = await signIn(email);
    const { page } = client;
    await openSettings(page, "Phone");
    const htmlLang = () => page.evaluate(() => document.documentElement.lang);
    expect(await htmlLang()).toBe("en");

    // The header's switch: its options are named for their language, whatever the page's.
    const header = page.getByRole("banner");
    await header.locator("label", { hasText: "Español" }).click();
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: "Configuración" }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await htmlLang()).toBe("es");
    const card = page.getByRole("region", { name: "Teléfono" });
    expect(await card.getByRole("heading", { level: 2, name: "Teléfono" }).isVisible()).toBe(true);
    expect(await card.getByText("Cambiar teléfono").isVisible()).toBe(true);
    expect(
      await page.getByRole("navigation", { name: "Configuración" }).getByRole("link").allTextContents(),
    ).toEqual([
      "Verificación en dos pasos",
      "Teléfono",
      "Correo",
      "Contraseña",
      "Tarjetas guardadas",
      "Cuentas bancarias guardadas",
    ]);
    expect(await page.getByRole("button", { name: "Cerrar sesión" }).isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe("Teléfono · Vela");

    // The form speaks Spanish too: an empty change is explained in Spanish.
    await card.getByRole("button", { name: "Enviar código al número nuevo" }).click();
    await expect.poll(() => card.getByText("Elige un prefijo.").isVisible()).toBe(true);
    expect(await card.getByText("Debe ser un número de teléfono de 4 a 15 dígitos.").isVisible()).toBe(true);
    // The failed submit focuses the first invalid field, the prefix picker, which opens its search
    // list; axe counts that open list's scroll area as a region without keyboard access (its options
    // are reached with the arrow keys from the input), so the page is checked with the list closed.
    const prefix = card.getByLabel(/^Prefijo/);
    await expect.poll(() => prefix.evaluate((input) => input === document.activeElement)).toBe(true);
    await prefix.press("Escape");
    await settle(page);
    await screenshot(page, "settings-spanish");
    await expectNoSeriousAxeViolations(page);

    // The choice is remembered.
    await page.reload({ waitUntil: "networkidle" });
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: "Configuración" }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await htmlLang()).toBe("es");

    // And back to English.
    await header.locator("label", { hasText: "English" }).click();
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: "Settings" }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await htmlLang()).toBe("en");
    expect(await page.getByRole("region", { name: "Phone" }).getByText("Change phone").isVisible()).toBe(
      true,
    );
    await expect.poll(() => page.title()).toBe("Phone · Vela");
    await settle(page);
    await screenshot(page, "settings-english-again");

    expect(client.problems).toEqual([]);
    await client.context.close();
  }, 120_000);
});
