import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSeriousAxeViolations } from "../support/axe";
import { isStatusLog, type Session, screenshot, VIEWPORTS, type Viewport } from "../support/browser";
import { freshUsPhone, settle, setUpJourney } from "../support/journey";
import { logIn, modal, pathname } from "../support/login";

// Proves the recipients area and the send-money flow's SENDER and RECIPIENT steps end to end in a
// real browser against the production build (fresh embedded database, reference lists as seeded).
// A client is opened through the API (registered, e-mail and phone verified with the codes the
// development outbox holds), then signs in through the UI and, on /account/recipients: adds a
// bank-deposit recipient in Mexico (a CLABE whose bank code 002 is a seeded bank) and a
// cash-pickup recipient in the Philippines (payer network and ID document chosen from the selects
// the form's endpoints fill) through the form modal; filters the list by type and by e-mail; edits
// one; turns one off and on; deletes one (the list reloads). Then it prices United States → Mexico
// by bank deposit on /account/send-money/amount, continues as itself on SENDER and chooses the
// Mexican recipient on RECIPIENT. Every screen is screenshotted on desktop and phone, checked with
// axe, and nothing may fail in the console.

const PASSWORD = "Copper-Meadow-58!";
const CLABE = "002010077777777771";

describe("recipients journey", () => {
  const { baseUrl, api, stamp, openSession, registerUsClient } = setUpJourney();

  /** Signs in through the login modal (the header's, at desktop width), then takes `viewport`. */
  async function signIn(email: string, viewport: Viewport): Promise<Session> {
    // The document number typed in the wrong format is the one refusal (422) the journey makes.
    const session = await openSession({
      viewport: VIEWPORTS.desktop,
      expected: (problem) => isStatusLog(problem, 422),
    });
    await logIn(session.page, email, PASSWORD);
    await expect.poll(() => pathname(session.page), { timeout: 15_000 }).toBe("/account");
    await session.page.setViewportSize(viewport);
    return session;
  }

  const list = (page: Page) => page.getByRole("list", { name: "Your recipients" });
  /** The names of the rows on screen, as their "Open …" buttons name them. */
  const rowNames = async (page: Page) =>
    (await list(page).count()) === 0
      ? []
      : list(page)
          .getByRole("button", { name: /^Open / })
          .evaluateAll((buttons) =>
            buttons.map((button) => (button.getAttribute("aria-label") ?? "").replace(/^Open /, "")),
          );

  async function openRecipients(page: Page) {
    await page.goto(`${baseUrl}/account/recipients`, { waitUntil: "networkidle" });
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: "Recipients" }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
  }

  /** Clicks a segmented control's segment (its radio input is hidden under its label). */
  async function segment(scope: Locator, name: string) {
    await scope
      .locator("label")
      .filter({ hasText: new RegExp(`^${name}$`) })
      .click();
  }

  /** Chooses `option` (a name, or the first one when null) in a Mantine select of `scope`. */
  async function choose(page: Page, scope: Locator, label: string, option: string | RegExp | null) {
    const select = scope
      .getByRole("textbox", { name: label })
      .or(scope.getByRole("combobox", { name: label }));
    await expect.poll(() => select.first().isEnabled(), { timeout: 15_000 }).toBe(true);
    await select.first().click();
    const options = page.getByRole("option", option === null ? {} : { name: option });
    await expect.poll(() => options.first().isVisible(), { timeout: 15_000 }).toBe(true);
    const name = ((await options.first().textContent()) ?? "").trim();
    await options.first().click();
    return name;
  }

  /** The modal's first stage: type, country, currency (the first), delivery method. */
  async function chooseWhere(page: Page, country: string, method: string, type = "Personal") {
    const firstField = type === "Business" ? "Business name" : "First name";
    const dialog = modal(page);
    await expect
      .poll(() => dialog.getByRole("heading", { name: "New recipient" }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await segment(dialog, type);
    await choose(page, dialog, "Destination country", country);
    await choose(page, dialog, "Delivery method", method);
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect.poll(() => dialog.getByLabel(firstField).isVisible(), { timeout: 15_000 }).toBe(true);
  }

  async function typePhone(dialog: Locator, label: string, number: string) {
    await dialog.getByLabel(label).click();
    await dialog.getByLabel(label).pressSequentially(number);
  }

  async function saveAndExpectNotice(page: Page, button = "Save recipient") {
    await modal(page).getByRole("button", { name: button }).click();
    await expect
      .poll(() => page.getByText("Recipient saved.").first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => modal(page).count(), { timeout: 15_000 }).toBe(0);
  }

  async function addMexicanRecipient(page: Page, label: string, email: string) {
    await page.getByRole("button", { name: "Add recipient" }).click();
    await chooseWhere(page, "Mexico", "Bank deposit");
    const dialog = modal(page);
    await dialog.getByLabel("First name").fill("María");
    await dialog.getByLabel("Last name").fill("López");
    await dialog.getByLabel("E-mail").fill(email);
    await typePhone(dialog, "Phone number", "55 1234 5678");
    await dialog.getByLabel("CLABE").fill(CLABE);
    await settle(page);
    await screenshot(page, `recipients-${label}-form-mx`);
    await expectNoSeriousAxeViolations(page);
    await saveAndExpectNotice(page);
  }

  async function addPhilippineRecipient(page: Page, label: string, email: string) {
    await page.getByRole("button", { name: "Add recipient" }).click();
    await chooseWhere(page, "Philippines", "Cash pickup");
    const dialog = modal(page);
    await dialog.getByLabel("First name").fill("José");
    await dialog.getByLabel("Last name").fill("Santos");
    await dialog.getByLabel("E-mail").fill(email);
    await typePhone(dialog, "Phone number", "917 123 4567");
    const network = await choose(page, dialog, "Pickup network", null);
    expect(network).not.toBe("");
    const document = await choose(page, dialog, "ID the recipient will show", null);
    expect(document).not.toBe("");
    // A number in another format is refused on the field, and the refusal names the format.
    await dialog.getByLabel("Document number").fill("P1234567A");
    await dialog.getByRole("button", { name: "Save recipient" }).click();
    const refusal = dialog.getByText(/^Does not match the format of this document \(e\.g\. .+\)\.$/);
    await expect.poll(() => refusal.isVisible(), { timeout: 15_000 }).toBe(true);
    const example = /\(e\.g\. (.+)\)\.$/.exec((await refusal.textContent()) ?? "")?.[1] ?? "";
    expect(example).not.toBe("");
    await settle(page);
    await screenshot(page, `recipients-${label}-form-ph-refused`);
    await dialog.getByLabel("Document number").fill(example);
    await settle(page);
    await screenshot(page, `recipients-${label}-form-ph`);
    await expectNoSeriousAxeViolations(page);
    await saveAndExpectNotice(page);
    return { network, document };
  }

  const journey = (label: string, viewport: Viewport, phoneNumber: string) =>
    it(`adds, filters, edits, toggles and deletes recipients, then chooses one in the flow (${label})`, async () => {
      const email = `ana.${label}.${stamp}@example.com`;
      const token = await registerUsClient({ email, password: PASSWORD, phoneNumber });
      const session = await signIn(email, viewport);
      const { page } = session;

      await openRecipients(page);
      await expect
        .poll(() => page.getByText("No recipients yet").isVisible(), { timeout: 15_000 })
        .toBe(true);

      // Mexico, bank deposit: the CLABE's bank (002) is a listed bank.
      const mariaEmail = `maria.${label}.${stamp}@example.com`;
      await addMexicanRecipient(page, label, mariaEmail);
      await expect.poll(() => rowNames(page), { timeout: 15_000 }).toEqual(["María López"]);

      // The Philippines, cash pickup: a payer network and an ID document from the API's lists.
      const joseEmail = `jose.${label}.${stamp}@example.com`;
      await addPhilippineRecipient(page, label, joseEmail);
      await expect
        .poll(async () => (await rowNames(page)).sort(), { timeout: 15_000 })
        .toEqual(["José Santos", "María López"]);
      const saved = await api<{ data: { name: string; details: Record<string, unknown> }[] }>(
        "GET",
        "/recipients?page=1&per_page=10",
        { token },
      );
      const jose = saved.data.find((recipient) => recipient.name === "José Santos");
      expect(jose?.details.service_provider_id).toBeTruthy();
      expect(jose?.details.document_type_id).toBeTruthy();
      expect(saved.data.find((recipient) => recipient.name === "María López")?.details.clabe).toBe(CLABE);

      // A business recipient, so the type filter has something to tell apart.
      await page.getByRole("button", { name: "Add recipient" }).click();
      await chooseWhere(page, "Mexico", "Bank deposit", "Business");
      await modal(page).getByLabel("Business name").fill("Taller Ruiz SA de CV");
      await typePhone(modal(page), "Phone number", "55 8765 4321");
      await modal(page).getByLabel("CLABE").fill(CLABE);
      await saveAndExpectNotice(page);
      await expect.poll(async () => (await rowNames(page)).length, { timeout: 15_000 }).toBe(3);
      await settle(page);
      await screenshot(page, `recipients-${label}-list`);
      await expectNoSeriousAxeViolations(page);

      // Filters: by type, then by e-mail.
      await segment(page.locator("search"), "Business");
      await expect.poll(() => rowNames(page), { timeout: 15_000 }).toEqual(["Taller Ruiz SA de CV"]);
      await settle(page);
      await screenshot(page, `recipients-${label}-filter-business`);
      await segment(page.locator("search"), "Personal");
      await expect
        .poll(async () => (await rowNames(page)).sort(), { timeout: 15_000 })
        .toEqual(["José Santos", "María López"]);
      await segment(page.locator("search"), "All");
      await page.getByRole("searchbox", { name: "E-mail" }).fill(joseEmail);
      await expect.poll(() => rowNames(page), { timeout: 15_000 }).toEqual(["José Santos"]);
      await screenshot(page, `recipients-${label}-filter-email`);
      await page.getByRole("searchbox", { name: "E-mail" }).fill("nobody@example.com");
      await expect
        .poll(() => page.getByText("No recipients match").isVisible(), { timeout: 15_000 })
        .toBe(true);
      await page.getByRole("searchbox", { name: "E-mail" }).fill("");
      await expect.poll(async () => (await rowNames(page)).length, { timeout: 15_000 }).toBe(3);

      // Edit: José's last name, through the same modal (opened on its fields).
      await page.getByRole("button", { name: "Edit José Santos" }).click();
      const dialog = modal(page);
      await expect
        .poll(() => dialog.getByRole("heading", { name: "Edit recipient" }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await expect
        .poll(() => dialog.getByLabel("Last name").inputValue(), { timeout: 15_000 })
        .toBe("Santos");
      await dialog.getByLabel("Last name").fill("Santos Reyes");
      await saveAndExpectNotice(page, "Save changes");
      await expect
        .poll(() => list(page).getByRole("button", { name: "Open José Santos Reyes" }).isVisible())
        .toBe(true);

      // Toggle: off and on again.
      const toggle = page.getByRole("switch", { name: "María López is active" });
      expect(await toggle.isChecked()).toBe(true);
      await toggle.click({ force: true });
      await expect.poll(() => toggle.isChecked(), { timeout: 15_000 }).toBe(false);
      await toggle.click({ force: true });
      await expect.poll(() => toggle.isChecked(), { timeout: 15_000 }).toBe(true);

      // Delete the business: the list reloads without it.
      await page.getByRole("button", { name: "Delete Taller Ruiz SA de CV" }).click();
      const confirm = page.getByRole("dialog", { name: "Delete recipient" });
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect
        .poll(async () => (await rowNames(page)).sort(), { timeout: 15_000 })
        .toEqual(["José Santos Reyes", "María López"]);

      // The flow: United States → Mexico by bank deposit, then SENDER and RECIPIENT.
      await page.goto(`${baseUrl}/account/send-money/amount`, { waitUntil: "networkidle" });
      const field = (name: string) => page.getByLabel(name, { exact: true });
      await expect
        .poll(() => field("You send from").locator("option").count(), { timeout: 20_000 })
        .toBeGreaterThan(1);
      await field("You send from").selectOption({ label: "United States" });
      await field("They receive in").selectOption({ label: "Mexico" });
      await expect
        .poll(() => field("Delivery method").locator("option", { hasText: "Bank deposit" }).count(), {
          timeout: 20_000,
        })
        .toBe(1);
      await field("Delivery method").selectOption({ label: "Bank deposit" });
      await expect
        .poll(() => page.getByRole("region", { name: "Your price" }).getAttribute("aria-busy"), {
          timeout: 20_000,
        })
        .toBe("false");
      await page.getByRole("button", { name: "Continue" }).click();

      await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe("/account/send-money/sender");
      await expect
        .poll(() => page.getByText("Ana García").first().isVisible(), { timeout: 15_000 })
        .toBe(true);
      await settle(page);
      await screenshot(page, `send-money-${label}-sender`);
      await expectNoSeriousAxeViolations(page);
      await page.getByRole("button", { name: "Continue" }).click();

      await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe("/account/send-money/recipient");
      // Only the recipient who can receive a Mexico bank deposit in pesos is listed.
      const maria = page.getByRole("radio", { name: "Send to María López" });
      await expect.poll(() => maria.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await page.getByRole("radio", { name: /José/ }).count()).toBe(0);
      await maria.click();
      await expect.poll(() => maria.getAttribute("aria-checked"), { timeout: 15_000 }).toBe("true");
      await expect.poll(() => page.getByText("Chosen").isVisible(), { timeout: 15_000 }).toBe(true);
      if (label === "desktop") {
        // The right panel holds the transfer being prepared, with the recipient once chosen.
        const summary = page.getByRole("region", { name: "Your transfer" });
        await expect.poll(() => summary.textContent(), { timeout: 15_000 }).toContain("María López");
        expect(await summary.textContent()).toMatch(/1 USD = [\d,]+\.\d{2,4} MXN/);
      }
      await settle(page);
      await screenshot(page, `send-money-${label}-recipient`);
      await expectNoSeriousAxeViolations(page);
      await page.getByRole("button", { name: "Continue" }).click();
      await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe("/account/send-money/payment");
      // The chosen recipient carries on into the payment step, where the methods are offered.
      await expect
        .poll(() => page.getByRole("heading", { name: "Payment methods" }).isVisible(), { timeout: 15_000 })
        .toBe(true);

      expect(session.problems).toEqual([]);
      await session.context.close();
    }, 120_000);

  journey("desktop", VIEWPORTS.desktop, freshUsPhone("20255"));
  journey("phone", VIEWPORTS.phone, freshUsPhone("20256"));
});
