import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ok, renderWithApp, stubApi } from "@/test/render";
import { EmailSettingsRoute } from "./email-settings-route";

const settingsWith = (pendingEmail: string | null, message?: string) =>
  ok({ email: "ana@example.com", email_verified: true, pending_email: pendingEmail }, message);

// A change of address started on an earlier visit waits for its code when the page opens again.
describe("e-mail settings with a change started earlier", () => {
  it("verifies the code of that change", async () => {
    let pending: string | null = "new@example.com";
    const stub = stubApi({
      "/api/settings/email-settings": () => settingsWith(pending),
      "/api/settings/email-settings/verify-email": () => {
        pending = null;
        return settingsWith(pending, "Your e-mail address is verified.");
      },
    });
    vi.stubGlobal("fetch", stub.fetchStub);
    const user = userEvent.setup();
    renderWithApp(<EmailSettingsRoute />);

    expect(await screen.findByText(/We sent a 6-digit code to new@example.com/)).toBeTruthy();
    await user.type(screen.getByLabelText(/6-digit code/), "123456");
    await user.click(screen.getByRole("button", { name: "Verify email" }));

    await waitFor(() =>
      expect(stub.requests.find((request) => request.url.endsWith("/verify-email"))?.body).toEqual({
        code: "123456",
      }),
    );
    expect(await screen.findByRole("button", { name: "Send code to the new address" })).toBeTruthy();
  });

  it("can be set aside to start another change, which replaces it", async () => {
    const stub = stubApi({ "/api/settings/email-settings": settingsWith("new@example.com") });
    vi.stubGlobal("fetch", stub.fetchStub);
    const user = userEvent.setup();
    renderWithApp(<EmailSettingsRoute />);

    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(screen.getByLabelText(/New email/)).toBeTruthy();
    expect(screen.queryByText(/We sent a 6-digit code/)).toBeNull();
  });
});
