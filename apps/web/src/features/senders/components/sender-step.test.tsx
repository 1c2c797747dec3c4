import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { registerAuthSource } from "@/shared/api/auth-source";
import { MEXICO, quotationFixture, quotationSelectionOf, UNITED_STATES } from "@/test/fixtures";
import { ok, renderWithApp, stubApi } from "@/test/render";
import { makeSender } from "@/test/senders";
import { SenderStep } from "./sender-step";

const page = (rows: ReturnType<typeof makeSender>[]) =>
  ok({ data: rows, current_page: 1, per_page: 10, last_page: 1, total: rows.length });

const selection = (senderId: number) =>
  ok(quotationSelectionOf(quotationFixture({ id: 31 }), { sender_id: senderId }), "Sender added.");

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
    const stub = stubApi({
      "/api/consignments/senders": page([self]),
      "/api/consignments/quotation/31/add-sender": selection(9),
    });
    vi.stubGlobal("fetch", stub.fetchStub);
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
    const put = stub.requests.find((request) => request.method === "PUT");
    expect(put?.url).toContain("/api/consignments/quotation/31/add-sender");
    expect(put?.body).toEqual({ sender_id: 9 });

    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it("lets an agent pick one of its senders (not a disabled one) before continuing", async () => {
    signedInAs("agent");
    const stub = stubApi({
      "/api/consignments/senders": page([makeSender(1), makeSender(2, { is_active: false })]),
      "/api/consignments/quotation/31/add-sender": selection(1),
    });
    vi.stubGlobal("fetch", stub.fetchStub);
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
    expect(stub.requests.find((request) => request.method === "PUT")?.body).toEqual({ sender_id: 1 });
  });

  it("stays on the step and shows why when the API refuses the sender", async () => {
    signedInAs("agent");
    const stub = stubApi({
      "/api/consignments/senders": page([makeSender(1)]),
      "/api/consignments/quotation/31/add-sender": {
        status: 409,
        body: {
          success: false,
          message: "This quotation has expired and its rate is no longer held. Request a new quotation.",
        },
      },
    });
    vi.stubGlobal("fetch", stub.fetchStub);
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
    const stub = stubApi({
      "/api/consignments/senders": page([]),
      "/api/countries": ok([UNITED_STATES, MEXICO]),
      "/api/prefixes": ok([]),
    });
    vi.stubGlobal("fetch", stub.fetchStub);
    const user = userEvent.setup();
    renderWithApp(<SenderStep quotationId={31} onContinue={() => {}} onBack={() => {}} />);

    expect(await screen.findByText("You have no senders yet. Add the customer who is sending.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Continue" }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: "New sender" }));
    const dialog = within(await screen.findByRole("dialog", { name: "New sender" }));
    expect(dialog.getByLabelText(/Document number/)).toBeTruthy();
  });
});
