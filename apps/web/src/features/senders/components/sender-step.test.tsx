import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getCountries, getPrefixes } from "@vela/shared/contract/reference";
import { addSenderToQuotation, getConsignmentSenders } from "@vela/shared/contract/senders";
import { describe, expect, it, vi } from "vitest";
import { registerAuthSource } from "@/shared/api/auth-source";
import { requests, server } from "@/test/api-server";
import { failure, handle, success } from "@/test/contract-handlers";
import { MEXICO, quotationFixture, quotationSelectionOf, UNITED_STATES } from "@/test/fixtures";
import { renderWithApp } from "@/test/render";
import { makeSender, sendersPage } from "@/test/senders";
import { SenderStep } from "./sender-step";

/** PUT add-sender answering the quotation with `senderId` on it. */
const selection = (senderId: number) =>
  handle(
    addSenderToQuotation,
    success(quotationSelectionOf(quotationFixture({ id: 31 }), { sender_id: senderId }), "Sender added."),
  );

const signedInAs = (type: "client" | "agent") =>
  registerAuthSource(() => ({ token: `${type}-token`, type, userType: type }));

describe("the SENDER step", () => {
  it("shows a client their own profile as the sender and names it on the quotation", async () => {
    signedInAs("client");
    const self = makeSender(9, {
      is_self: true,
      first_name: "Ana",
      last_name: "García",
      full_name: "Ana García",
      email: "ana@example.com",
    });
    server.use(handle(getConsignmentSenders, sendersPage([self])), selection(9));
    const onContinue = vi.fn();
    const onBack = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<SenderStep quotationId={31} onContinue={onContinue} onBack={onBack} />);

    expect(await screen.findByText("Ana García")).toBeTruthy();
    expect(
      screen.getByText("You send this transfer as yourself, with the details of your profile."),
    ).toBeTruthy();
    // No picking or adding for a client.
    expect(screen.queryByRole("button", { name: "New sender" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(onContinue).toHaveBeenCalledTimes(1));
    const put = requests.find((request) => request.method === "PUT");
    expect(put?.url).toContain("/api/consignments/quotation/31/add-sender");
    expect(put?.body).toEqual({ sender_id: 9 });

    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it("lets an agent pick one of its senders (not a disabled one) before continuing", async () => {
    signedInAs("agent");
    server.use(
      handle(getConsignmentSenders, sendersPage([makeSender(1), makeSender(2, { is_active: false })])),
      selection(1),
    );
    const onContinue = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<SenderStep quotationId={31} onContinue={onContinue} onBack={() => {}} />);

    const first = await screen.findByRole("radio", { name: "Walk1 In" });
    const continueButton = screen.getByRole("button", { name: "Continue" });
    expect((continueButton as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("radio", { name: "Walk2 In" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(first);
    await user.click(continueButton);
    await waitFor(() => expect(onContinue).toHaveBeenCalledTimes(1));
    expect(requests.find((request) => request.method === "PUT")?.body).toEqual({ sender_id: 1 });
  });

  it("stays on the step and shows why when the API refuses the sender", async () => {
    signedInAs("agent");
    server.use(
      handle(getConsignmentSenders, sendersPage([makeSender(1)])),
      handle(
        addSenderToQuotation,
        failure(409, "This quotation has expired and its rate is no longer held. Request a new quotation."),
      ),
    );
    const onContinue = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<SenderStep quotationId={31} onContinue={onContinue} onBack={() => {}} />);

    await user.click(await screen.findByRole("radio", { name: "Walk1 In" }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(
      await screen.findByText(
        "This quotation has expired and its rate is no longer held. Request a new quotation.",
      ),
    ).toBeTruthy();
    expect(onContinue).not.toHaveBeenCalled();
  });

  it("offers an agent without senders to add one, in the sender form's modal", async () => {
    signedInAs("agent");
    server.use(
      handle(getConsignmentSenders, sendersPage([])),
      handle(getCountries, [UNITED_STATES, MEXICO]),
      handle(getPrefixes, []),
    );
    const user = userEvent.setup();
    renderWithApp(<SenderStep quotationId={31} onContinue={() => {}} onBack={() => {}} />);

    expect(await screen.findByText("You have no senders yet. Add the customer who is sending.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: "New sender" }));
    const dialog = within(await screen.findByRole("dialog", { name: "New sender" }));
    expect(dialog.getByLabelText(/Document number/)).toBeTruthy();
  });
});
