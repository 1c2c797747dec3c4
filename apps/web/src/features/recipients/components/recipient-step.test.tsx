import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { requests, server } from "@/test/api-server";
import { MEXICO, MXN, PHILIPPINES, PHP } from "@/test/fixtures";
import { QUOTATION_ID, recipientFixture, recipientsBackend } from "@/test/recipients-api";
import { renderWithApp } from "@/test/render";
import { BANK_METHOD, CASH_METHOD, sendMoneyHandlers } from "@/test/send-money-api";
import { RecipientStep } from "./recipient-step";

const CORRIDOR = { country_to_id: MEXICO.id, currency_to_id: MXN.id, shipping_method_id: BANK_METHOD.id };

const renderStep = (recipientId: number | null = null) => {
  const backend = recipientsBackend([
    recipientFixture(1),
    recipientFixture(2),
    recipientFixture(3, {
      country_id: PHILIPPINES.id,
      country_iso: "PH",
      currency_id: PHP.id,
      currency_iso: "PHP",
      shipping_method_id: CASH_METHOD.id,
      shipping_method_slug: CASH_METHOD.slug,
    }),
  ]);
  server.use(...backend.handlers, ...sendMoneyHandlers());
  const props = {
    onListLoading: vi.fn(),
    onChosen: vi.fn(),
    onContinue: vi.fn(),
    onBack: vi.fn(),
  };
  const view = renderWithApp(
    <RecipientStep quotationId={QUOTATION_ID} corridor={CORRIDOR} recipientId={recipientId} {...props} />,
  );
  return { requests, backend, props, view, user: userEvent.setup() };
};

const input = (dialog: HTMLElement, label: RegExp) =>
  within(dialog)
    .getAllByLabelText(label)
    .find((element) => element.tagName === "INPUT") as HTMLInputElement;

describe("RecipientStep", () => {
  it("clears the chosen recipient, then lists those who can receive the quotation", async () => {
    const { requests, props } = renderStep();

    expect(props.onListLoading).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole("radio", { name: "Send to Juan Pérez 1" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Send to María Pérez 2" })).toBeTruthy();
    // The Philippine cash-pickup recipient cannot receive a bank deposit in Mexico.
    expect(screen.queryByText("Carlos Pérez 3")).toBeNull();
    const listed = requests.find((request) => request.url.startsWith("/api/recipients?"))!;
    expect(new URL(listed.url, "http://localhost").searchParams.get("quotation_id")).toBe(
      String(QUOTATION_ID),
    );
    // Nothing chosen yet: the flow cannot go on.
    expect(screen.getByRole("button", { name: "Continue" }).hasAttribute("disabled")).toBe(true);
  });

  it("sends the choice against the quotation and hands on its send data and summary", async () => {
    const { requests, props, user } = renderStep();

    await user.click(await screen.findByRole("radio", { name: "Send to María Pérez 2" }));

    await waitFor(() => expect(props.onChosen).toHaveBeenCalled());
    const put = requests.find((request) => request.method === "PUT")!;
    expect(put.url).toBe(`/api/consignments/quotation/${QUOTATION_ID}/add-recipient`);
    expect(put.body).toEqual({ recipient_id: 2 });
    const [recipient, choice] = props.onChosen.mock.calls[0]!;
    expect(recipient.id).toBe(2);
    expect(choice.send_data).toMatchObject({
      quotation_id: QUOTATION_ID,
      recipient_id: 2,
      recipient_name: "María Pérez 2",
    });
    expect(choice.summary).toMatchObject({ id: QUOTATION_ID, recipient_name: "María Pérez 2" });
  });

  it("continues once a recipient is chosen", async () => {
    const { props, user } = renderStep(1);

    expect(await screen.findByText("Chosen")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(props.onContinue).toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(props.onBack).toHaveBeenCalled();
  });

  it("adds a new recipient for the quotation's corridor, lists it and chooses it", async () => {
    const { requests, user, backend, props } = renderStep();
    await screen.findByRole("radio", { name: "Send to Juan Pérez 1" });

    await user.click(screen.getByRole("button", { name: "Add a new recipient" }));
    const dialog = await screen.findByRole("dialog", { name: "New recipient" });
    // The corridor is the quotation's: the form is asked by type and quotation.
    expect(await within(dialog).findByText("Bank account in Mexico")).toBeTruthy();
    const formRequest = requests.find((request) => request.url.startsWith("/api/recipients/dynamic-form"))!;
    expect(Object.fromEntries(new URL(formRequest.url, "http://localhost").searchParams)).toEqual({
      type: "customer",
      quotation_id: String(QUOTATION_ID),
    });

    await user.type(input(dialog, /First name/), "Rosa");
    await user.type(input(dialog, /Last name/), "Díaz");
    await user.type(input(dialog, /^Bank/), "BBVA");
    const bbva = await waitFor(() => {
      const found = screen
        .getAllByRole("option", { name: "BBVA México", hidden: true })
        .find((element) => element.hasAttribute("data-combobox-option"));
      expect(found).toBeTruthy();
      return found as HTMLElement;
    });
    await user.click(bbva);
    await user.type(input(dialog, /CLABE/), "032180000118359719");
    await user.click(within(dialog).getByRole("button", { name: "Save recipient" }));

    await waitFor(() => expect(backend.recipients).toHaveLength(4));
    expect(requests.find((request) => request.method === "POST")?.body).toMatchObject({
      type: "customer",
      quotation_id: QUOTATION_ID,
      ...CORRIDOR,
      clabe: "032180000118359719",
      bank_id: "41",
    });
    expect(await screen.findByRole("radio", { name: "Send to Rosa Díaz" })).toBeTruthy();
    // Issue 18: the new recipient is chosen against the quotation, without a second click.
    await waitFor(() => expect(props.onChosen).toHaveBeenCalled());
    const put = requests.find((request) => request.method === "PUT")!;
    expect(put.url).toBe(`/api/consignments/quotation/${QUOTATION_ID}/add-recipient`);
    expect(put.body).toEqual({ recipient_id: backend.recipients.at(-1)?.id });
    expect(props.onChosen.mock.calls[0]![0].name).toBe("Rosa Díaz");
  });
});
