import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiClient, registerClient } from "../support/api";
import { expectNoSeriousAxeViolations } from "../support/axe";
import {
  isStatusLog,
  launchBrowser,
  openSession,
  type Session,
  screenshot,
  VIEWPORTS,
  type Viewport,
  watchForErrors,
} from "../support/browser";
import { freshUsPhone } from "../support/journey";

// Proves the external recipient's journey end to end against the production build: a client
// (set up through the API) sends a link to a person; the person reads the e-mail on the development
// Mailbox page, opens the link, sees who invited them, chooses Mexico / bank deposit, fills in the
// dynamic form (the browser refuses it empty first), sends it and sees the thank-you page; the
// owner finds the invitation submitted and confirms it. The used link then says it is dead. The
// page is screenshotted on desktop and phone and checked with axe.

describe("external recipient journey", () => {
  const baseUrl = inject("baseUrl");
  let browser: Browser;
  let ownerToken: string;
  const stamp = Date.now().toString(36);

  const api = apiClient(baseUrl);

  beforeAll(async () => {
    browser = await launchBrowser();
    // Unverified is enough to send links: the owner only needs a session.
    ownerToken = await registerClient(api, async () => "", {
      firstName: "Ana",
      lastName: "García",
      email: `ana.${stamp}@example.com`,
      password: "Copper-Meadow-58!",
      countryIso: "US",
      phonePrefix: "+1",
      phoneNumber: freshUsPhone("20255"),
      verified: false,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The owner invites `email`; answers the invitation's id. */
  async function sendLink(name: string, email: string): Promise<number> {
    const [invitation] = await api<{ id: number }[]>("POST", "/recipients/send-link", {
      token: ownerToken,
      body: { recipients: [{ name, email }] },
    });
    return invitation!.id;
  }

  /** Reads the link in the newest e-mail to `to` on the Mailbox page, as the person would. */
  async function linkFromMailbox(session: Session, to: string, shotName?: string): Promise<string> {
    const mailbox = await session.context.newPage();
    await mailbox.goto(`${baseUrl}/dev/mailbox`, { waitUntil: "networkidle" });
    await mailbox.getByLabel("Recipient").fill(to);
    const text = mailbox.getByTestId("outbox-message").first().getByTestId("outbox-text");
    let link = "";
    await expect
      .poll(
        async () => {
          const body = (await text.textContent({ timeout: 1000 }).catch(() => "")) ?? "";
          link = /(http:\/\/\S+\/recipient-invitation#[A-Za-z0-9_-]{43})/.exec(body)?.[1] ?? "";
          return link;
        },
        { timeout: 20_000, interval: 500 },
      )
      .not.toBe("");
    if (shotName) await screenshot(mailbox, shotName);
    await mailbox.close();
    return link;
  }

  async function openInvitation(page: Page, link: string) {
    await page.goto(link, { waitUntil: "networkidle" });
    await expect.poll(() => page.getByText("Ana G. wants to send you money").isVisible()).toBe(true);
    // The token left the address bar at once.
    expect(new URL(page.url()).hash).toBe("");
    await page.getByRole("combobox", { name: "Country" }).click();
    await page.getByRole("option", { name: "Mexico" }).click();
    await page.getByRole("combobox", { name: "Delivery method" }).click();
    await page.getByRole("option", { name: "Bank deposit" }).click();
    await expect.poll(() => page.getByLabel("First name").isVisible()).toBe(true);
  }

  async function fillDetails(page: Page, email: string) {
    // The name and e-mail the owner typed are filled in already (issue 18).
    expect(await page.getByLabel("First name").inputValue()).toBe("María");
    expect(await page.getByLabel("Last name").inputValue()).toBe("López");
    expect(await page.getByLabel("E-mail").inputValue()).toBe(email);
    await page.getByLabel("Phone number").click();
    await page.getByLabel("Phone number").pressSequentially("55 1234 5678");
    await page.getByLabel("CLABE").fill("002010077777777771");
  }

  const journey = (label: string, viewport: Viewport) =>
    it(`fills in the recipient's own details through the e-mailed link (${label})`, async () => {
      const email = `maria.${label}.${stamp}@example.com`;
      const invitationId = await sendLink("María López", email);
      // The used link's 404 is the page's own answer, shown on screen.
      const session = await openSession(browser, baseUrl, {
        path: "/dev/mailbox",
        viewport,
        expected: (problem) => isStatusLog(problem, 404),
      });
      const { page } = session;
      const link = await linkFromMailbox(session, email, `external-recipient-${label}-mailbox`);

      await openInvitation(page, link);
      await page.getByRole("button", { name: "Send my details" }).click();
      await expect.poll(() => page.getByText("This field is required.").count()).toBeGreaterThan(0);
      await screenshot(page, `external-recipient-${label}-refused`);

      await fillDetails(page, email);
      await screenshot(page, `external-recipient-${label}-filled`);
      await expectNoSeriousAxeViolations(page);
      await page.getByRole("button", { name: "Send my details" }).click();
      await expect.poll(() => page.getByRole("heading", { name: "Thank you, María" }).isVisible()).toBe(true);
      await screenshot(page, `external-recipient-${label}-done`);

      const invitations = await api<{ data: { id: number; status: string }[] }>(
        "GET",
        "/recipients/invitations",
        {
          token: ownerToken,
        },
      );
      expect(invitations.data.find((item) => item.id === invitationId)?.status).toBe("submitted");
      const confirmed = await api<{ status: string }>("POST", "/recipients/confirm-recipient", {
        token: ownerToken,
        body: { invitation_id: invitationId },
      });
      expect(confirmed.status).toBe("confirmed");

      // The link works once: opened again (a new tab, as from the e-mail) it says it is dead.
      const again = await session.context.newPage();
      const againProblems = watchForErrors(again, session.watch);
      await again.goto(link, { waitUntil: "networkidle" });
      await expect
        .poll(() =>
          again.getByRole("heading", { name: "This link has expired or was already used." }).isVisible(),
        )
        .toBe(true);
      await screenshot(again, `external-recipient-${label}-used`);
      expect(againProblems).toEqual([]);
      expect(session.problems).toEqual([]);
      await session.context.close();
    });

  journey("desktop", VIEWPORTS.desktop);
  journey("phone", VIEWPORTS.phone);
});
