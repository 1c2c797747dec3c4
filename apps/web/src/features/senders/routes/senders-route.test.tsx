import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Sender } from "@vela/shared/senders";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { registerAuthSource } from "@/shared/api/auth-source";
import { MEXICO, SPAIN, UNITED_STATES } from "@/test/fixtures";
import { ok, renderWithApp, stubApi } from "@/test/render";
import { DOCUMENTS, makeSender } from "@/test/senders";
import { SendersRoute } from "./senders-route";

const page = (rows: Sender[], currentPage: number, total: number) =>
  ok({
    data: rows,
    current_page: currentPage,
    per_page: 10,
    last_page: Math.max(1, Math.ceil(total / 10)),
    total,
  });

beforeEach(() => {
  registerAuthSource(() => ({ token: "agent-token", type: "agent", userType: "agent" }));
});

describe("the agent's senders page", () => {
  it("lists senders 10 a page, searches and moves between pages", async () => {
    const stub = stubApi({
      "/api/agents/senders": ({ url }) => {
        const search = url.searchParams.get("search");
        if (search) return page([makeSender(3, { first_name: "Rosa", full_name: "Rosa In" })], 1, 1);
        const current = Number(url.searchParams.get("page") ?? "1");
        const ids = current === 1 ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] : [11, 12];
        return page(
          ids.map((id) => makeSender(id)),
          current,
          12,
        );
      },
    });
    vi.stubGlobal("fetch", stub.fetchStub);
    const user = userEvent.setup();
    renderWithApp(<SendersRoute />);

    expect((await screen.findAllByText("Walk1 In")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("Walk10 In").length).toBeGreaterThan(0);
    expect(screen.getByText("12 senders in all")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect((await screen.findAllByText("Walk12 In")).length).toBeGreaterThan(0);
    expect(
      stub.requests.some((request) => request.url.includes("page=2") && request.url.includes("per_page=10")),
    ).toBe(true);

    await user.type(screen.getByLabelText("Search"), "Rosa");
    expect((await screen.findAllByText("Rosa In")).length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(stub.requests.some((request) => request.url.includes("search=Rosa"))).toBe(true),
    );
    const searched = stub.requests.find((request) => request.url.includes("search=Rosa"));
    // A new search starts at the first page.
    expect(searched?.url).toContain("page=1");
  });

  it("says so when there are no senders", async () => {
    vi.stubGlobal("fetch", stubApi({ "/api/agents/senders": page([], 1, 0) }).fetchStub);
    renderWithApp(<SendersRoute />);
    expect(
      await screen.findByText("You have no senders yet. Add the customers you send money for."),
    ).toBeTruthy();
  });

  it("adds a sender in the modal: document types of the issuing country, the contract's checks, then the list reloads", async () => {
    let created: Sender | null = null;
    const stub = stubApi({
      "/api/agents/senders": () => page(created ? [created] : [], 1, created ? 1 : 0),
      "/api/countries": ok([UNITED_STATES, SPAIN, MEXICO]),
      "/api/prefixes": ok([]),
      "/api/documents": ({ url }) =>
        ok(
          DOCUMENTS.filter(
            (document) =>
              document.country_id === null ||
              String(document.country_id) === url.searchParams.get("country_id"),
          ),
        ),
      "/api/consignments/senders": () => {
        created = makeSender(40, { first_name: "Lucía", last_name: "Pérez", full_name: "Lucía Pérez" });
        return { status: 201, body: { success: true, message: "Sender saved.", data: created } };
      },
    });
    vi.stubGlobal("fetch", stub.fetchStub);
    const user = userEvent.setup();
    renderWithApp(<SendersRoute />);

    await user.click(await screen.findByRole("button", { name: "New sender" }));
    const dialog = within(await screen.findByRole("dialog", { name: "New sender" }));
    // Nothing filled in: the contract's schema refuses it in the browser, nothing is sent.
    await user.click(dialog.getByRole("button", { name: "Save sender" }));
    expect((await dialog.findAllByText("This field is required.")).length).toBeGreaterThan(3);
    expect(stub.requests.some((request) => request.method === "POST")).toBe(false);

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
      expect(stub.requests.some((request) => request.url.endsWith("/api/documents?country_id=4"))).toBe(true),
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

    await waitFor(() => expect(stub.requests.some((request) => request.method === "POST")).toBe(true));
    expect(stub.requests.find((request) => request.method === "POST")?.body).toEqual({
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
    const stub = stubApi({
      "/api/agents/senders": page([makeSender(5)], 1, 1),
      "/api/countries": ok([MEXICO]),
      "/api/prefixes": ok([]),
      "/api/documents": ok(DOCUMENTS),
      "/api/consignments/senders/5": {
        status: 422,
        body: {
          success: false,
          message: "The given data was invalid.",
          errors: { document_expires_on: ["This document has expired: it must be valid after today."] },
        },
      },
    });
    vi.stubGlobal("fetch", stub.fetchStub);
    const user = userEvent.setup();
    renderWithApp(<SendersRoute />);

    await user.click((await screen.findAllByRole("button", { name: "Edit Walk5 In" }))[0]!);
    const dialog = within(await screen.findByRole("dialog", { name: "Edit sender" }));
    expect((dialog.getByLabelText(/First name/) as HTMLInputElement).value).toBe("Walk5");
    await user.click(dialog.getByRole("button", { name: "Save sender" }));
    expect(await dialog.findByText("This document has expired: it must be valid after today.")).toBeTruthy();
    expect(stub.requests.find((request) => request.method === "PUT")?.url).toContain(
      "/api/consignments/senders/5",
    );
  });

  it("disables a sender, and deletes one only after confirming", async () => {
    let active = true;
    let deleted = false;
    const stub = stubApi({
      "/api/agents/senders": () =>
        page(deleted ? [] : [makeSender(7, { is_active: active })], 1, deleted ? 0 : 1),
      "/api/senders/7": ({ method }) =>
        method === "DELETE" ? ok(null) : ok(makeSender(7, { is_active: active })),
    });
    // PATCH flips the sender; DELETE removes it (both on /api/senders/7).
    const fetchStub = async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (String(input).endsWith("/api/senders/7") && init.method === "PATCH") active = !active;
      if (String(input).endsWith("/api/senders/7") && init.method === "DELETE") deleted = true;
      return stub.fetchStub(input, init);
    };
    vi.stubGlobal("fetch", fetchStub);
    const user = userEvent.setup();
    renderWithApp(<SendersRoute />);

    await user.click((await screen.findAllByRole("button", { name: "Disable Walk7 In" }))[0]!);
    expect((await screen.findAllByRole("button", { name: "Enable Walk7 In" })).length).toBeGreaterThan(0);
    expect(screen.getAllByText("Disabled").length).toBeGreaterThan(0);

    await user.click(screen.getAllByRole("button", { name: "Delete Walk7 In" })[0]!);
    const dialog = within(await screen.findByRole("dialog", { name: "Delete this sender?" }));
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    expect(stub.requests.some((request) => request.method === "DELETE")).toBe(false);

    await user.click(screen.getAllByRole("button", { name: "Delete Walk7 In" })[0]!);
    const again = within(await screen.findByRole("dialog", { name: "Delete this sender?" }));
    await user.click(again.getByRole("button", { name: "Delete sender" }));
    expect(
      await screen.findByText("You have no senders yet. Add the customers you send money for."),
    ).toBeTruthy();
    expect(stub.requests.filter((request) => request.method === "DELETE")).toHaveLength(1);
  });
});
