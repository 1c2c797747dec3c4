import type { Page } from "playwright-core";
import { expect } from "vitest";

export const modal = (page: Page) => page.getByRole("dialog");
export const pathname = (page: Page) => new URL(page.url()).pathname;

/** Fills the open login modal and submits it. */
export async function submitLogin(page: Page, email: string, password: string) {
  const dialog = modal(page);
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole("button", { name: "Log in" }).click();
}

/** Opens the login modal from the header, then fills and submits it. */
export async function logIn(page: Page, email: string, password: string) {
  await page.getByRole("button", { name: "Log in" }).first().click();
  await expect
    .poll(() => modal(page).getByRole("heading", { name: "Log in to Vela" }).isVisible())
    .toBe(true);
  await submitLogin(page, email, password);
}

/** Opens the login page at `baseUrl`, waits for its modal, then fills and submits it. */
export async function logInAtLoginPage(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/login`, { waitUntil: "networkidle" });
  await expect
    .poll(() => modal(page).getByRole("heading", { name: "Log in to Vela" }).isVisible(), {
      timeout: 15_000,
    })
    .toBe(true);
  await submitLogin(page, email, password);
}

/** In the on-boarding modal: asks for the phone's code by SMS and waits until it is said to be sent. */
export async function textMeACode(page: Page) {
  await modal(page).getByRole("button", { name: "Text me a code" }).click();
  await expect
    .poll(() =>
      modal(page)
        .getByText(/We texted a 6-digit code to/)
        .isVisible(),
    )
    .toBe(true);
}

export async function logOut(page: Page) {
  await page.getByRole("button", { name: "Log out" }).click();
  await expect.poll(() => pathname(page)).toBe("/");
  await expect.poll(() => page.getByRole("button", { name: "Log in" }).first().isVisible()).toBe(true);
}
