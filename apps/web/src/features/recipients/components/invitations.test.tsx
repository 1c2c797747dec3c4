import { cleanNotifications, notificationsStore } from "@mantine/notifications";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { confirmInvitation, getInvitations, sendInvitationLinks } from "@vela/shared/contract/recipients";
import type { RecipientInvitation } from "@vela/shared/external-recipients";
import { sendLinkRequest } from "@vela/shared/external-recipients";
import { beforeEach, describe, expect, it } from "vitest";
import { type RecordedRequest, requests, server } from "@/test/api-server";
import { failure, handle, invalid, success } from "@/test/contract-handlers";
import { MEXICO, pageOf } from "@/test/fixtures";
import { recipientFixture, recipientsBackend } from "@/test/recipients-api";
import { renderWithApp } from "@/test/render";
import { sendMoneyHandlers } from "@/test/send-money-api";
import type { Recipient } from "../api/types";
import { RecipientsRoute } from "../routes/recipients-route";

const shownNotifications = () => {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map(({ title, message, color }) => ({ title, message, color }));
};

const DAY = 24 * 60 * 60 * 1000;
const SENT_AT = Date.parse("2026-11-20T10:00:00.000Z");

const invitationFixture = (
  id: number,
  overrides: Partial<RecipientInvitation> = {},
): RecipientInvitation => ({
  id,
  name: `Invitee ${id}`,
  email: `invitee${id}@example.com`,
  status: "sent",
  country_to_id: null,
  currency_to_id: null,
  shipping_method_id: null,
  recipient_id: null,
  expires_at: new Date(SENT_AT + 7 * DAY).toISOString(),
  submitted_at: null,
  confirmed_at: null,
  created_at: new Date(SENT_AT).toISOString(),
  ...overrides,
});

/**
 * An in-memory stand-in for the owner's side of the external-recipients API: send-link validated
 * with the shared schema (an address at `bounce.test` is refused like the server refuses a field),
 * the invitations list newest first, and confirm-recipient activating the recipient the link made.
 */
const invitationsBackend = (recipients: Recipient[], initial: RecipientInvitation[]) => {
  const invitations = [...initial];
  let nextId = Math.max(0, ...invitations.map((invitation) => invitation.id)) + 1;
  const handlers = [
    handle(getInvitations, ({ url }) => {
      const page = Number(url.searchParams.get("page") ?? 1);
      const perPage = Number(url.searchParams.get("per_page") ?? 10);
      return pageOf(
        [...invitations].sort((a, b) => b.id - a.id),
        page,
        perPage,
      );
    }),
    handle(sendInvitationLinks, ({ body }) => {
      const parsed = sendLinkRequest.safeParse(body);
      if (!parsed.success) return invalid({});
      const errors: Record<string, string[]> = {};
      parsed.data.recipients.forEach((person, index) => {
        if (person.email.endsWith("@bounce.test")) {
          errors[`recipients.${index}.email`] = ["This address does not accept mail."];
        }
      });
      if (Object.keys(errors).length > 0) return invalid(errors);
      const made = parsed.data.recipients.map((person) =>
        invitationFixture(nextId++, {
          name: person.name,
          email: person.email,
          country_to_id: person.country_to_id ?? null,
        }),
      );
      invitations.push(...made);
      return success(made, made.length === 1 ? "We sent the link." : "We sent the links.", 201);
    }),
    handle(confirmInvitation, ({ body }) => {
      const invitation = invitations.find((item) => item.id === body.invitation_id);
      if (!invitation) return failure(404, "Not found.");
      if (invitation.status !== "submitted") {
        return failure(409, "The recipient has not filled in their details yet.");
      }
      invitation.status = "confirmed";
      invitation.confirmed_at = new Date(SENT_AT + 2 * DAY).toISOString();
      const recipient = recipients.find((item) => item.id === invitation.recipient_id);
      if (recipient) recipient.is_active = true;
      return success(invitation, "Recipient confirmed.");
    }),
  ];
  return { invitations, handlers };
};

const renderPage = (recipients: Recipient[], invitations: RecipientInvitation[]) => {
  const backend = recipientsBackend(recipients);
  const invites = invitationsBackend(backend.recipients, invitations);
  server.use(...invites.handlers, ...backend.handlers, ...sendMoneyHandlers());
  renderWithApp(<RecipientsRoute />, { route: "/account/recipients" });
  return { requests, backend, invites, user: userEvent.setup() };
};

const person = (dialog: HTMLElement, number: number) =>
  within(dialog).getByRole("group", { name: `Person ${number}` });

const field = (scope: HTMLElement, label: RegExp) =>
  within(scope)
    .getAllByLabelText(label)
    .find((element) => element.tagName === "INPUT") as HTMLInputElement;

const posts = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.method === "POST" && request.url === path);

describe("inviting recipients by link", () => {
  beforeEach(() => {
    act(() => cleanNotifications());
  });

  it("sends links to two people, one with a destination, and lists them as sent", async () => {
    const { requests, user } = renderPage([recipientFixture(1)], []);
    await screen.findByText("Juan Pérez 1");
    // Nobody invited yet: no panel.
    expect(screen.queryByRole("heading", { name: "Invitations" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Invite a recipient" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite recipients" });
    // Issue 18: its close button has an accessible name (axe button-name).
    expect(within(dialog).getByRole("button", { name: "Close" })).toBeTruthy();
    await user.type(field(person(dialog, 1), /^Name/), "Rosa Díaz");
    await user.type(field(person(dialog, 1), /^E-mail/), "rosa@example.com");
    await user.click(within(person(dialog, 1)).getByRole("button", { name: /Where they receive/ }));
    await waitFor(() => expect(field(person(dialog, 1), /^Country/).disabled).toBe(false));
    await user.click(field(person(dialog, 1), /^Country/));
    await user.click(
      screen
        .getAllByRole("option", { name: "Mexico", hidden: true })
        .find((element) => element.hasAttribute("data-combobox-option")) as HTMLElement,
    );

    await user.click(within(dialog).getByRole("button", { name: "Add another person" }));
    await user.type(field(person(dialog, 2), /^Name/), "Tomás Ruiz");
    await user.type(field(person(dialog, 2), /^E-mail/), "tomas@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Send 2 links" }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Invite recipients" })).toBeNull());
    expect(posts(requests, "/api/recipients/send-link").map((request) => request.body)).toEqual([
      {
        recipients: [
          { name: "Rosa Díaz", email: "rosa@example.com", country_to_id: MEXICO.id },
          { name: "Tomás Ruiz", email: "tomas@example.com" },
        ],
      },
    ]);
    expect(shownNotifications()).toContainEqual(expect.objectContaining({ message: "We sent the links." }));

    const panel = await screen.findByRole("list", { name: "Your invitations" });
    await waitFor(() => expect(within(panel).getAllByRole("listitem")).toHaveLength(2));
    expect(within(panel).getAllByText("Link sent")).toHaveLength(2);
    expect(within(panel).getByText("tomas@example.com")).toBeTruthy();
  });

  it("checks the rows with the shared schema before sending, and stops at ten people", async () => {
    const { requests, user } = renderPage([], []);
    await screen.findByText("No recipients yet");
    await user.click(screen.getByRole("button", { name: "Invite a recipient" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite recipients" });

    await user.type(field(person(dialog, 1), /^E-mail/), "not-an-address");
    await user.click(within(dialog).getByRole("button", { name: "Send link" }));
    expect(await within(person(dialog, 1)).findByText("This field is required.")).toBeTruthy();
    expect(within(person(dialog, 1)).getByText("Must be a valid email address.")).toBeTruthy();
    expect(field(person(dialog, 1), /^E-mail/).getAttribute("aria-invalid")).toBe("true");
    expect(posts(requests, "/api/recipients/send-link")).toHaveLength(0);

    const add = within(dialog).getByRole("button", { name: "Add another person" });
    for (let index = 1; index < 10; index++) await user.click(add);
    expect(within(dialog).getAllByRole("group")).toHaveLength(10);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByText("You can invite up to 10 people at a time.")).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: "Remove person 10" }));
    expect(within(dialog).getAllByRole("group")).toHaveLength(9);
    expect((add as HTMLButtonElement).disabled).toBe(false);
  });

  it("puts the server's 422 on the row it names and keeps the form open", async () => {
    const { requests, user } = renderPage([], []);
    await screen.findByText("No recipients yet");
    await user.click(screen.getByRole("button", { name: "Invite a recipient" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite recipients" });
    await user.type(field(person(dialog, 1), /^Name/), "Rosa Díaz");
    await user.type(field(person(dialog, 1), /^E-mail/), "rosa@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Add another person" }));
    await user.type(field(person(dialog, 2), /^Name/), "Bea Gil");
    await user.type(field(person(dialog, 2), /^E-mail/), "bea@bounce.test");
    await user.click(within(dialog).getByRole("button", { name: "Send 2 links" }));

    expect(await within(person(dialog, 2)).findByText("This address does not accept mail.")).toBeTruthy();
    expect(field(person(dialog, 2), /^E-mail/).getAttribute("aria-invalid")).toBe("true");
    expect(field(person(dialog, 1), /^E-mail/).getAttribute("aria-invalid")).not.toBe("true");
    expect(posts(requests, "/api/recipients/send-link")).toHaveLength(1);
    expect(shownNotifications()).toContainEqual(
      expect.objectContaining({
        title: "Error",
        message: "recipients.1.email: This address does not accept mail.",
      }),
    );
    expect(screen.getByRole("dialog", { name: "Invite recipients" })).toBeTruthy();
  });

  it("lists the invitations ten a page with their status, and confirms one, reloading the recipients", async () => {
    const linked = recipientFixture(2, { name: "Ana Link", source: "link", is_active: false });
    const twelve = Array.from({ length: 12 }, (_, index) => invitationFixture(index + 1));
    twelve[11] = invitationFixture(12, {
      name: "Ana Link",
      status: "submitted",
      recipient_id: 2,
      submitted_at: new Date(SENT_AT + DAY).toISOString(),
    });
    twelve[10] = invitationFixture(11, { status: "expired" });
    twelve[9] = invitationFixture(10, { status: "confirmed", confirmed_at: new Date(SENT_AT).toISOString() });
    twelve[8] = invitationFixture(9, { status: "cancelled" });
    const { requests, user } = renderPage([recipientFixture(1), linked], twelve);

    const panel = await screen.findByRole("list", { name: "Your invitations" });
    expect(within(panel).getAllByRole("listitem")).toHaveLength(10);
    expect(screen.getByText("12 invitations")).toBeTruthy();
    const firstQuery = new URL(
      requests.find((request) => request.url.startsWith("/api/recipients/invitations"))!.url,
      "http://localhost",
    ).searchParams;
    expect(firstQuery.get("per_page")).toBe("10");
    for (const label of ["Waiting for you to confirm", "Expired", "Confirmed", "Cancelled"]) {
      expect(within(panel).getByText(label)).toBeTruthy();
    }
    // Only the submitted invitation can be confirmed.
    expect(within(panel).getAllByRole("button", { name: /^Confirm / })).toHaveLength(1);
    expect((screen.getByRole("switch", { name: "Ana Link is active" }) as HTMLInputElement).checked).toBe(
      false,
    );

    await user.click(screen.getByRole("button", { name: "Page 2" }));
    await waitFor(() =>
      expect(
        within(screen.getByRole("list", { name: "Your invitations" })).getAllByRole("listitem"),
      ).toHaveLength(2),
    );
    expect(screen.getByText("Invitee 1")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Page 1" }));
    await waitFor(() =>
      expect(
        within(screen.getByRole("list", { name: "Your invitations" })).getByText("Ana Link"),
      ).toBeTruthy(),
    );

    const recipientLoads = () =>
      requests.filter(
        (request) => request.method === "GET" && request.url.split("?")[0] === "/api/recipients",
      ).length;
    const loadsBefore = recipientLoads();
    await user.click(screen.getByRole("button", { name: "Confirm Ana Link" }));

    await waitFor(() =>
      expect(posts(requests, "/api/recipients/confirm-recipient").map((request) => request.body)).toEqual([
        { invitation_id: 12 },
      ]),
    );
    expect(shownNotifications()).toContainEqual(expect.objectContaining({ message: "Recipient confirmed." }));
    // The recipients list is asked again and shows the recipient active; the row is confirmed.
    await waitFor(() =>
      expect((screen.getByRole("switch", { name: "Ana Link is active" }) as HTMLInputElement).checked).toBe(
        true,
      ),
    );
    expect(recipientLoads()).toBeGreaterThan(loadsBefore);
    await waitFor(() =>
      expect(
        within(screen.getByRole("list", { name: "Your invitations" })).queryByText(
          "Waiting for you to confirm",
        ),
      ).toBeNull(),
    );
    expect(
      within(screen.getByRole("list", { name: "Your invitations" })).queryAllByRole("button", {
        name: /^Confirm /,
      }),
    ).toHaveLength(0);
  });
});
