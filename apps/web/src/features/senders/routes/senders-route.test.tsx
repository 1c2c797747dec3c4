import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getCountries, getDocuments, getPrefixes } from "@vela/shared/contract/reference";
import {
  createConsignmentSender,
  deleteSender,
  getAgentSenders,
  toggleSender,
  updateConsignmentSender,
} from "@vela/shared/contract/senders";
import type { Sender } from "@vela/shared/senders";
import { beforeEach, describe, expect, it } from "vitest";
import { registerAuthSource } from "@/shared/api/auth-source";
import { requests, server } from "@/test/api-server";
import { handle, invalid, success } from "@/test/contract-handlers";
import { MEXICO, pageOf, SPAIN, UNITED_STATES } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { DOCUMENTS, makeSender, sendersPage as page } from "@/test/senders";
import { SendersRoute } from "./senders-route";

beforeEach(() => {
  registerAuthSource(() => ({ token: "agent-token", type: "agent", userType: "agent" }));
});

describe("the agent's senders page", () => {
  it("lists senders 10 a page, searches and moves between pages", async () => {
    server.use(
      handle(getAgentSenders, ({ url }) => {
        const search = url.searchParams.get("search");
        if (search) return page([makeSender(3, { first_name: "Rosa", full_name: "Rosa In" })]);
        const current = Number(url.searchParams.get("page") ?? "1");
        return pageOf(
          Array.from({ length: 12 }, (_, index) => makeSender(index + 1)),
          current,
          10,
        );
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<SendersRoute />);

    expect((await screen.findAllByText("Walk1 In")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("Walk10 In").length).toBeGreaterThan(0);
    expect(screen.getByText("12 senders in all")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect((await screen.findAllByText("Walk12 In")).length).toBeGreaterThan(0);
    expect(
      requests.some((request) => request.url.includes("page=2") && request.url.includes("per_page=10")),
    ).toBe(true);

    await user.type(screen.getByLabelText("Search"), "Rosa");
    expect((await screen.findAllByText("Rosa In")).length).toBeGreaterThan(0);
    await waitFor(() => expect(requests.some((request) => request.url.includes("search=Rosa"))).toBe(true));
    const searched = requests.find((request) => request.url.includes("search=Rosa"));
    // A new search starts at the first page.
    expect(searched?.url).toContain("page=1");
  });

  it("says so when there are no senders", async () => {
    server.use(handle(getAgentSenders, page([])));
    renderWithApp(<SendersRoute />);
    expect(
      await screen.findByText("You have no senders yet. Add the customers you send money for."),
    ).toBeTruthy();
  });

  it("adds a sender in the modal: document types of the issuing country, the contract's checks, then the list reloads", async () => {
    let created: Sender | null = null;
    server.use(
      handle(getAgentSenders, () => page(created ? [created] : [])),
      handle(getCountries, [UNITED_STATES, SPAIN, MEXICO]),
      handle(getPrefixes, []),
      handle(getDocuments, ({ url }) =>
        DOCUMENTS.filter(
          (document) =>
            document.country_id === null ||
            String(document.country_id) === url.searchParams.get("country_id"),
        ),
      ),
      handle(createConsignmentSender, () => {
        created = makeSender(40, { first_name: "Lucía", last_name: "Pérez", full_name: "Lucía Pérez" });
        return success(created, "Sender saved.");
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<SendersRoute />);

    await user.click(await screen.findByRole("button", { name: "New sender" }));
    const dialog = within(await screen.findByRole("dialog", { name: "New sender" }));
    // Nothing filled in: the contract's schema refuses it in the browser, nothing is sent.
    await user.click(dialog.getByRole("button", { name: "Save sender" }));
    expect((await dialog.findAllByText("This field is required.")).length).toBeGreaterThan(3);
    expect(requests.some((request) => request.method === "POST")).toBe(false);

    await user.type(dialog.getByLabelText(/First name/), "Lucía");
    await user.type(dialog.getByLabelText(/Last name/), "Pérez");
    await user.type(dialog.getByLabelText(/^E-mail/), "lucia@example.com");
    fireEvent.change(dialog.getByLabelText(/Date of birth/), { target: { value: "1990-05-04" } });
    await user.click(dialog.getByLabelText(/Country of residence/));
    const mexico = screen
      .getAllByRole("option", { name: "Mexico", hidden: true })
      .find((option) => option.hasAttribute("data-combobox-option"));
    await user.click(mexico!);
    await user.type(dialog.getByLabelText(/^City/), "Ciudad de México");
    await user.type(dialog.getByLabelText(/^Address/), "Av. Reforma 100");
    // The issuing country followed the country of residence; its documents are offered.
    await waitFor(() =>
      expect(requests.some((request) => request.url.endsWith("/api/documents?country_id=4"))).toBe(true),
    );
    const documentInput = dialog
      .getAllByLabelText(/Document type/)
      .find((element) => element.tagName === "INPUT");
    await waitFor(() => expect((documentInput as HTMLInputElement).disabled).toBe(false));
    await user.click(documentInput!);
    const ine = (await screen.findAllByRole("option", { name: "INE voter card", hidden: true })).find(
      (option) => option.hasAttribute("data-combobox-option"),
    )!;
    await user.click(ine);
    expect(await dialog.findByText("For example GOMLRS80010109H400")).toBeTruthy();
    await user.type(dialog.getByLabelText(/Document number/), "gomlrs80010109h400");
    fireEvent.change(dialog.getByLabelText(/Valid until/), { target: { value: "2031-01-01" } });
    await user.click(dialog.getByRole("button", { name: "Save sender" }));

    await waitFor(() => expect(requests.some((request) => request.method === "POST")).toBe(true));
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({
      first_name: "Lucía",
      last_name: "Pérez",
      email: "lucia@example.com",
      country_id: MEXICO.id,
      city: "Ciudad de México",
      address: "Av. Reforma 100",
      date_of_birth: "1990-05-04",
      document_type_id: 2,
      document_number: "GOMLRS80010109H400",
      document_country_id: MEXICO.id,
      document_expires_on: "2031-01-01",
    });
    expect((await screen.findAllByText("Lucía Pérez")).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "New sender" })).toBeNull());
  });

  it("shows the API's field errors on their fields", async () => {
    server.use(
      handle(getAgentSenders, page([makeSender(5)])),
      handle(getCountries, [MEXICO]),
      handle(getPrefixes, []),
      handle(getDocuments, DOCUMENTS),
      handle(
        updateConsignmentSender,
        invalid({ document_expires_on: ["This document has expired: it must be valid after today."] }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<SendersRoute />);

    await user.click((await screen.findAllByRole("button", { name: "Edit Walk5 In" }))[0]!);
    const dialog = within(await screen.findByRole("dialog", { name: "Edit sender" }));
    expect((dialog.getByLabelText(/First name/) as HTMLInputElement).value).toBe("Walk5");
    await user.click(dialog.getByRole("button", { name: "Save sender" }));
    expect(await dialog.findByText("This document has expired: it must be valid after today.")).toBeTruthy();
    expect(requests.find((request) => request.method === "PUT")?.url).toContain(
      "/api/consignments/senders/5",
    );
  });

  it("disables a sender, and deletes one only after confirming", async () => {
    let active = true;
    let deleted = false;
    server.use(
      handle(getAgentSenders, () => page(deleted ? [] : [makeSender(7, { is_active: active })])),
      // PATCH flips the sender; DELETE removes it.
      handle(toggleSender, () => {
        active = !active;
        return makeSender(7, { is_active: active });
      }),
      handle(deleteSender, () => {
        deleted = true;
        return null;
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<SendersRoute />);

    await user.click((await screen.findAllByRole("button", { name: "Disable Walk7 In" }))[0]!);
    expect((await screen.findAllByRole("button", { name: "Enable Walk7 In" })).length).toBeGreaterThan(0);
    expect(screen.getAllByText("Disabled").length).toBeGreaterThan(0);

    await user.click(screen.getAllByRole("button", { name: "Delete Walk7 In" })[0]!);
    const dialog = within(await screen.findByRole("dialog", { name: "Delete this sender?" }));
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    expect(requests.some((request) => request.method === "DELETE")).toBe(false);

    await user.click(screen.getAllByRole("button", { name: "Delete Walk7 In" })[0]!);
    const again = within(await screen.findByRole("dialog", { name: "Delete this sender?" }));
    await user.click(again.getByRole("button", { name: "Delete sender" }));
    expect(
      await screen.findByText("You have no senders yet. Add the customers you send money for."),
    ).toBeTruthy();
    expect(requests.filter((request) => request.method === "DELETE")).toHaveLength(1);
  });
});
