import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getCountries, getDocuments, getPrefixes } from "@vela/shared/contract/reference";
import { createServiceSender, getServiceSenders, updateServiceSender } from "@vela/shared/contract/senders";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerAuthSource } from "@/shared/api/auth-source";
import { changeLanguage } from "@/shared/i18n/i18n";
import { requests, server } from "@/test/api-server";
import { expectNoSeriousAxeViolations } from "@/test/axe";
import { handle, success } from "@/test/contract-handlers";
import { MEXICO, UNITED_STATES } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { DOCUMENTS, makeSender, sendersPage } from "@/test/senders";
import { PurchaseSenderForm } from "./purchase-sender-form";
import { PurchaseSenderStep } from "./purchase-sender-step";

// Issue 20 point 6 in the SPA: an agent's purchase sender has an optional identity document in a
// collapsed section, required-looking once the API asks for it, and a refusal on `sender_id` is shown
// on the SENDER step with a button that opens the sender with its document asked for.
const REFUSAL =
  "From 3,000 USD a day, a walk-in customer must show an identity document. Add it to the sender and try again.";

/** A gift-card customer without a document. */
const walkIn = makeSender(7, {
  first_name: "Rosa",
  last_name: "Quispe",
  full_name: "Rosa Quispe",
  email: null,
  document_type_id: null,
  document_number: null,
  document_country_id: null,
  document_expires_on: null,
  services: ["gift-cards"],
});

beforeEach(() => {
  registerAuthSource(() => ({ token: "agent-token", type: "agent", userType: "agent" }));
  server.use(
    handle(getCountries, [UNITED_STATES, MEXICO]),
    handle(getPrefixes, []),
    handle(getDocuments, DOCUMENTS),
  );
});
afterEach(async () => {
  await changeLanguage("en");
});

const chooseOption = async (user: ReturnType<typeof userEvent.setup>, input: HTMLElement, name: string) => {
  await user.click(input);
  const option = (await screen.findAllByRole("option", { name, hidden: true })).find((element) =>
    element.hasAttribute("data-combobox-option"),
  );
  await user.click(option!);
};

describe("the purchase sender form", () => {
  it("keeps the identity document collapsed and optional: a name and a phone are enough", async () => {
    server.use(handle(createServiceSender, success(walkIn, "Sender saved.")));
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithApp(
      <PurchaseSenderForm service="gift-cards" sender={null} onSaved={onSaved} onCancel={() => {}} />,
    );

    const toggle = screen.getByRole("button", { name: /Identity document/ });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(within(toggle).getByText("Optional")).toBeTruthy();
    await user.type(screen.getByLabelText(/First name/), "Rosa");
    await user.type(screen.getByLabelText(/Last name/), "Quispe");
    await user.type(screen.getByLabelText(/^E-mail/), "rosa@example.com");
    await user.click(screen.getByRole("button", { name: "Save sender" }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const post = requests.find((request) => request.method === "POST");
    expect(post?.url).toContain("/api/gift-cards/senders");
    expect(post?.body).toEqual({ first_name: "Rosa", last_name: "Quispe", email: "rosa@example.com" });
    await expectNoSeriousAxeViolations();
  });

  it("sends the document when given, and refuses a part of it", async () => {
    server.use(handle(createServiceSender, success(walkIn, "Sender saved.")));
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithApp(
      <PurchaseSenderForm service="reload-phones" sender={null} onSaved={onSaved} onCancel={() => {}} />,
    );

    await user.type(screen.getByLabelText(/First name/), "Rosa");
    await user.type(screen.getByLabelText(/Last name/), "Quispe");
    await user.type(screen.getByLabelText(/^E-mail/), "rosa@example.com");
    await user.click(screen.getByRole("button", { name: /Identity document/ }));
    await user.type(screen.getByLabelText(/Document number/), "x1234567");
    await user.click(screen.getByRole("button", { name: "Save sender" }));
    expect((await screen.findAllByText("Complete the identity document.")).length).toBe(3);
    expect(onSaved).not.toHaveBeenCalled();

    const country = screen
      .getAllByLabelText(/Issuing country/)
      .find((element) => element.tagName === "INPUT")!;
    await chooseOption(user, country, "Mexico");
    const type = screen.getAllByLabelText(/Document type/).find((element) => element.tagName === "INPUT")!;
    await waitFor(() => expect((type as HTMLInputElement).disabled).toBe(false));
    await chooseOption(user, type, "Passport");
    fireEvent.change(screen.getByLabelText(/Valid until/), { target: { value: "2031-01-01" } });
    await user.click(screen.getByRole("button", { name: "Save sender" }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({
      first_name: "Rosa",
      last_name: "Quispe",
      email: "rosa@example.com",
      document_type_id: 1,
      document_number: "X1234567",
      document_country_id: MEXICO.id,
      document_expires_on: "2031-01-01",
    });
  });
});

describe("the purchase SENDER step", () => {
  it("shows a refusal on sender_id with a button that opens the sender with its document required", async () => {
    server.use(
      handle(getServiceSenders, sendersPage([walkIn])),
      handle(updateServiceSender, success({ ...walkIn, document_number: "X1234567" }, "Sender saved.")),
    );
    const onSenderSaved = vi.fn();
    const onContinue = vi.fn();
    const user = userEvent.setup();
    renderWithApp(
      <PurchaseSenderStep
        service="gift-cards"
        senderId={7}
        refusal={REFUSAL}
        onChoose={() => {}}
        onSenderSaved={onSenderSaved}
        onContinue={onContinue}
        onBack={() => {}}
      />,
    );

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(REFUSAL)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(await within(alert).findByRole("button", { name: "Edit Rosa Quispe" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit sender" }));
    const toggle = dialog.getByRole("button", { name: /Identity document/ });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(within(toggle).getByText("Required")).toBeTruthy();
    expect((dialog.getByLabelText(/Document number/) as HTMLInputElement).required).toBe(true);
    await expectNoSeriousAxeViolations();

    // Without the document the form does not send.
    await user.click(dialog.getByRole("button", { name: "Save sender" }));
    expect((await dialog.findAllByText("Complete the identity document.")).length).toBeGreaterThan(0);
    expect(requests.some((request) => request.method === "PUT")).toBe(false);

    // The issuing country starts as the customer's country (Mexico).
    const type = dialog.getAllByLabelText(/Document type/).find((element) => element.tagName === "INPUT")!;
    await waitFor(() => expect((type as HTMLInputElement).disabled).toBe(false));
    await chooseOption(user, type, "Passport");
    await user.type(dialog.getByLabelText(/Document number/), "X1234567");
    fireEvent.change(dialog.getByLabelText(/Valid until/), { target: { value: "2031-01-01" } });
    await user.click(dialog.getByRole("button", { name: "Save sender" }));
    await waitFor(() => expect(onSenderSaved).toHaveBeenCalledTimes(1));
    const put = requests.find((request) => request.method === "PUT");
    expect(put?.url).toContain("/api/gift-cards/senders/7");
    expect(put?.body).toMatchObject({ document_number: "X1234567", document_type_id: 1 });
  });

  it("speaks Spanish", async () => {
    await changeLanguage("es");
    server.use(handle(getServiceSenders, sendersPage([walkIn])));
    renderWithApp(
      <PurchaseSenderStep
        service="gift-cards"
        senderId={7}
        refusal="Desde 3.000 USD al día, un cliente sin cuenta debe mostrar un documento de identidad."
        onChoose={() => {}}
        onContinue={() => {}}
        onBack={() => {}}
      />,
    );
    expect(await screen.findByText("¿Quién paga?")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Editar a Rosa Quispe" })).toBeTruthy();
    expect(screen.getByText("Este remitente aún no puede pagar")).toBeTruthy();
  });
});
