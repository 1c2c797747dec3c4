import { cleanNotifications, notificationsStore } from "@mantine/notifications";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getRecipientForm, updateRecipient } from "@vela/shared/contract/recipients";
import { type HttpHandler, http } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { apiPattern, type RecordedRequest, requests, server } from "@/test/api-server";
import { failure, handle, invalid } from "@/test/contract-handlers";
import { MEXICO } from "@/test/fixtures";
import { recipientFixture, recipientsBackend } from "@/test/recipients-api";
import { renderWithApp } from "@/test/render";
import { BANK_METHOD, sendMoneyHandlers } from "@/test/send-money-api";
import { EMAIL_LOOKUP_FALLBACK } from "../api/find-recipient-by-email";
import type { Recipient } from "../api/types";
import { RecipientsRoute } from "./recipients-route";

const shownNotifications = () => {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map(({ title, message, color }) => ({ title, message, color }));
};

const TWELVE = Array.from({ length: 12 }, (_, index) =>
  recipientFixture(index + 1, index % 4 === 3 ? { type: "business" } : {}),
);

/** The page over a recipients backend holding `initial`; `overrides` answer before it. */
const renderPage = (
  initial: Recipient[] = TWELVE,
  overrides: HttpHandler[] = [],
  route = "/account/recipients",
) => {
  const backend = recipientsBackend(initial);
  server.use(...overrides, ...backend.handlers, ...sendMoneyHandlers());
  renderWithApp(<RecipientsRoute />, { route });
  return { requests, backend, user: userEvent.setup() };
};

const listQueries = (requests: RecordedRequest[]) =>
  requests
    .filter((request) => request.method === "GET" && request.url.split("?")[0] === "/api/recipients")
    .map((request) => new URL(request.url, "http://localhost").searchParams);

const list = () => screen.getByRole("list", { name: "Your recipients" });

const option = (name: string | RegExp) =>
  screen
    .getAllByRole("option", { name, hidden: true })
    .find((element) => element.hasAttribute("data-combobox-option")) as HTMLElement;

const input = (label: string | RegExp) =>
  screen.getAllByLabelText(label).find((element) => element.tagName === "INPUT") as HTMLInputElement;

const dialogInput = (dialog: HTMLElement, label: RegExp) =>
  within(dialog)
    .getAllByLabelText(label)
    .find((element) => element.tagName === "INPUT") as HTMLInputElement;

describe("the recipients area", () => {
  beforeEach(() => {
    act(() => cleanNotifications());
  });

  it("lists ten recipients a page and moves between pages", async () => {
    const { requests, user } = renderPage();

    expect(await screen.findByText("Juan Pérez 1")).toBeTruthy();
    expect(within(list()).getAllByRole("listitem")).toHaveLength(10);
    expect(screen.getByText("12 recipients")).toBeTruthy();
    const first = listQueries(requests)[0]!;
    expect(first.get("page")).toBe("1");
    expect(first.get("per_page")).toBe("10");

    await user.click(screen.getByRole("button", { name: "Page 2" }));
    expect(await screen.findByText("Jorge Pérez 11")).toBeTruthy();
    await waitFor(() => expect(within(list()).getAllByRole("listitem")).toHaveLength(2));
    expect(listQueries(requests).at(-1)?.get("page")).toBe("2");
  });

  it("filters by type and by e-mail, starting again from the first page", async () => {
    const { requests, user } = renderPage();
    await screen.findByText("Juan Pérez 1");
    await user.click(screen.getByRole("button", { name: "Page 2" }));
    await screen.findByText("Jorge Pérez 11");

    await user.click(screen.getByRole("radio", { name: "Business" }));
    await waitFor(() => expect(within(list()).getAllByRole("listitem")).toHaveLength(3));
    const byType = listQueries(requests).at(-1)!;
    expect(byType.get("type")).toBe("business");
    expect(byType.get("page")).toBe("1");
    expect(screen.getByText("Empresa 4 S.A.")).toBeTruthy();

    await user.click(screen.getByRole("radio", { name: "All" }));
    await user.type(screen.getByLabelText("E-mail"), "recipient7@");
    await waitFor(() => expect(listQueries(requests).at(-1)?.get("email")).toBe("recipient7@"));
    await waitFor(() => expect(within(list()).getAllByRole("listitem")).toHaveLength(1));
    expect(listQueries(requests).at(-1)?.has("type")).toBe(false);

    await user.clear(screen.getByLabelText("E-mail"));
    await user.type(screen.getByLabelText("E-mail"), "nobody@");
    expect(await screen.findByText("No recipients match")).toBeTruthy();
  });

  it("deletes after asking, and loads the list again", async () => {
    const { requests, user, backend } = renderPage();
    await screen.findByText("Juan Pérez 1");
    const loadsBefore = listQueries(requests).length;

    await user.click(screen.getByRole("button", { name: "Delete Juan Pérez 1" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete recipient" });
    expect(within(dialog).getByText(/Delete Juan Pérez 1\?/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    await waitFor(() => expect(screen.queryByText("Juan Pérez 1")).toBeNull());
    expect(
      requests.some((request) => request.method === "DELETE" && request.url === "/api/recipients/1"),
    ).toBe(true);
    expect(backend.recipients).toHaveLength(11);
    // Spec §4: the list is loaded again, and the next recipient moves up into this page.
    expect(listQueries(requests).length).toBeGreaterThan(loadsBefore);
    expect(await screen.findByText("Jorge Pérez 11")).toBeTruthy();
    expect(shownNotifications()).toContainEqual(expect.objectContaining({ message: "Recipient deleted." }));
  });

  it("turns a recipient off and on", async () => {
    const { requests, user } = renderPage();
    await screen.findByText("Juan Pérez 1");
    const toggle = screen.getByRole("switch", { name: "Juan Pérez 1 is active" }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);

    await user.click(toggle);
    await waitFor(() =>
      expect(
        (screen.getByRole("switch", { name: "Juan Pérez 1 is active" }) as HTMLInputElement).checked,
      ).toBe(false),
    );
    expect(
      requests.some((request) => request.method === "PATCH" && request.url === "/api/recipients/1"),
    ).toBe(true);
  });

  it("adds a Mexican bank-deposit recipient through the form modal, with the server's message", async () => {
    const { requests, user, backend } = renderPage([]);
    expect(await screen.findByText("No recipients yet")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Add recipient" }));
    const dialog = await screen.findByRole("dialog", { name: "New recipient" });
    // The close button has a name a screen reader can say (axe: button-name).
    expect(within(dialog).getByRole("button", { name: "Close" })).toBeTruthy();
    await waitFor(() => expect(input(/Destination country/).disabled).toBe(false));
    await user.click(input(/Destination country/));
    await user.click(option("Mexico"));
    // The currency list picks its first; the delivery method is chosen.
    await waitFor(() => expect(input(/Currency they receive/).value).toBe("MXN · Mexican Peso"));
    await waitFor(() => expect(input(/Delivery method/).disabled).toBe(false));
    await user.click(input(/Delivery method/));
    await user.click(option("Bank deposit"));
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));

    expect(await within(dialog).findByText("Bank account in Mexico")).toBeTruthy();
    const formQuery = new URL(
      requests.find((request) => request.url.startsWith("/api/recipients/dynamic-form"))!.url,
      "http://localhost",
    ).searchParams;
    expect(Object.fromEntries(formQuery)).toEqual({
      type: "customer",
      country_to_id: String(MEXICO.id),
      currency_to_id: "12",
      shipping_method_id: String(BANK_METHOD.id),
    });

    await user.type(input(/First name/), "Rosa");
    await user.type(input(/Last name/), "Díaz");
    await user.type(input(/^Bank/), "Banor");
    await waitFor(() => expect(option("Banorte")).toBeTruthy());
    await user.click(option("Banorte"));
    // A CLABE with a wrong check digit is refused before anything is sent.
    await user.type(input(/CLABE/), "032180000118359710");
    await user.click(within(dialog).getByRole("button", { name: "Save recipient" }));
    expect(await within(dialog).findByText("Must be a valid CLABE.")).toBeTruthy();
    expect(requests.some((request) => request.method === "POST")).toBe(false);

    await user.clear(input(/CLABE/));
    await user.type(input(/CLABE/), "032180000118359719");
    await user.click(within(dialog).getByRole("button", { name: "Save recipient" }));

    await waitFor(() => expect(backend.recipients).toHaveLength(1));
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({
      type: "customer",
      country_to_id: MEXICO.id,
      currency_to_id: 12,
      shipping_method_id: BANK_METHOD.id,
      first_name: "Rosa",
      last_name: "Díaz",
      bank_id: "42",
      clabe: "032180000118359719",
    });
    // Spec §8: the success notice carries the server's message.
    expect(shownNotifications()).toContainEqual(
      expect.objectContaining({ message: "Recipient saved.", color: "teal" }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New recipient" })).toBeNull());
    expect(await screen.findByText("Rosa Díaz")).toBeTruthy();
  });

  it("puts the server's 422 on the field it names", async () => {
    const { user } = renderPage(
      [recipientFixture(1)],
      [handle(updateRecipient, invalid({ bank_id: ["This bank does not take deposits by this method."] }))],
    );
    await screen.findByText("Juan Pérez 1");

    await user.click(screen.getByRole("button", { name: "Edit Juan Pérez 1" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit recipient" });
    // Editing opens straight on the saved values.
    await waitFor(() => expect(input(/CLABE/).value).toBe("032180000118359719"));
    expect(input(/First name/).value).toBe("Juan");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));

    expect(await within(dialog).findByText("This bank does not take deposits by this method.")).toBeTruthy();
    expect(shownNotifications()).toContainEqual(
      expect.objectContaining({
        title: "Error",
        message: "bank_id: This bank does not take deposits by this method.",
      }),
    );
  });

  it("closes the form modal without a message when the form cannot be loaded (spec §8)", async () => {
    const { user } = renderPage(
      [recipientFixture(1)],
      [handle(getRecipientForm, failure(500, "Server error"))],
    );
    await screen.findByText("Juan Pérez 1");

    await user.click(screen.getByRole("button", { name: "Edit Juan Pérez 1" }));
    expect(await screen.findByRole("dialog", { name: "Edit recipient" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Edit recipient" })).toBeNull());
    expect(shownNotifications()).toEqual([]);
    // The page is still usable: the modal opens again.
    await user.click(screen.getByRole("button", { name: "Add recipient" }));
    expect(await screen.findByRole("dialog", { name: "New recipient" })).toBeTruthy();
  });

  it("points out a recipient already saved with the typed e-mail, and says 'Ocurrió un error inesperado.' when the lookup fails without a message", async () => {
    let lookupFails = false;
    // A failed e-mail lookup answers a bare 500; anything else goes on to the backend.
    const failingLookup = http.get(apiPattern("/recipients"), ({ request }) =>
      new URL(request.url).searchParams.get("per_page") === "1" && lookupFails
        ? Response.json({}, { status: 500 })
        : undefined,
    );
    const { user, requests } = renderPage([recipientFixture(3)], [failingLookup]);
    await screen.findByText("Carlos Pérez 3");

    await user.click(screen.getByRole("button", { name: "Add recipient" }));
    const dialog = await screen.findByRole("dialog", { name: "New recipient" });
    await waitFor(() => expect(input(/Destination country/).disabled).toBe(false));
    await user.click(input(/Destination country/));
    await user.click(option("Mexico"));
    await waitFor(() => expect(input(/Delivery method/).disabled).toBe(false));
    await user.click(input(/Delivery method/));
    await user.click(option("Bank deposit"));
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    await within(dialog).findByText("Bank account in Mexico");

    await user.type(dialogInput(dialog, /E-mail/), "recipient3@example.com");
    expect(
      await within(dialog).findByText("You already have a recipient with this e-mail: Carlos Pérez 3."),
    ).toBeTruthy();
    const lookup = requests.find((request) => /per_page=1(&|$)/.test(request.url))!;
    expect(Object.fromEntries(new URL(lookup.url, "http://localhost").searchParams)).toEqual({
      email: "recipient3@example.com",
      page: "1",
      per_page: "1",
    });

    lookupFails = true;
    await user.clear(dialogInput(dialog, /E-mail/));
    await user.type(dialogInput(dialog, /E-mail/), "someone@example.com");
    await waitFor(() =>
      expect(shownNotifications()).toContainEqual(
        expect.objectContaining({ title: "Error", message: EMAIL_LOOKUP_FALLBACK }),
      ),
    );
    expect(EMAIL_LOOKUP_FALLBACK).toBe("Ocurrió un error inesperado.");
  });

  it("asks for the form again when a refresh_on_change field changes, keeping what was typed", async () => {
    const { requests, user } = renderPage([]);
    await screen.findByText("No recipients yet");

    await user.click(screen.getByRole("button", { name: "Add recipient" }));
    const dialog = await screen.findByRole("dialog", { name: "New recipient" });
    await waitFor(() => expect(input(/Destination country/).disabled).toBe(false));
    await user.click(input(/Destination country/));
    await user.click(option("Philippines"));
    await waitFor(() => expect(input(/Delivery method/).disabled).toBe(false));
    await user.click(input(/Delivery method/));
    await user.click(option("Cash pickup"));
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    await within(dialog).findByText("Cash pickup in the Philippines");
    // The phone field shows the Philippine prefix.
    expect(within(dialog).getByTestId("mobile-prefix").textContent).toBe("+63");
    expect(dialogInput(dialog, /Pickup network/)).toBeTruthy();

    await user.type(dialogInput(dialog, /First name/), "Maria");
    await user.click(dialogInput(dialog, /They collect/));
    await user.click(option("Into an e-wallet"));

    expect(await within(dialog).findByLabelText(/E-wallet number/)).toBeTruthy();
    const last = requests.filter((request) => request.url.startsWith("/api/recipients/dynamic-form")).at(-1)!;
    expect(new URL(last.url, "http://localhost").searchParams.get("payout_type")).toBe("ewallet");
    expect(within(dialog).queryByLabelText(/Pickup network/)).toBeNull();
    expect(dialogInput(dialog, /First name/).value).toBe("Maria");
    expect(dialogInput(dialog, /They collect/).value).toBe("Into an e-wallet");
  });

  it("shows one recipient's details (withdraw_information) named by the form's labels", async () => {
    const { user } = renderPage();
    await screen.findByText("Juan Pérez 1");

    await user.click(screen.getByRole("button", { name: "Open Juan Pérez 1" }));
    expect(await screen.findByRole("heading", { name: "Juan Pérez 1" })).toBeTruthy();
    expect(await screen.findByText("CLABE")).toBeTruthy();
    expect(screen.getByText("032180000118359719")).toBeTruthy();
    expect(screen.getByText("Bank deposit")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "All recipients" }));
    expect(await screen.findByRole("list", { name: "Your recipients" })).toBeTruthy();
  });
});
