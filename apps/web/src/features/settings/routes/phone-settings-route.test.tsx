import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ok, renderWithApp, stubApi } from "@/test/render";
import { PhoneSettingsRoute } from "./phone-settings-route";

const settingsWith = (pendingPhone: string | null) =>
  ok({ phone_prefix: "+1", phone_number: "2025550143", phone_verified: true, pending_phone: pendingPhone });

// A change of number started on an earlier visit waits for its code when the page opens again.
describe("phone settings with a change started earlier", () => {
  it("verifies the code of that change, and can send it again", async () => {
    let pending: string | null = "+34 612345678";
    const stub = stubApi({
      "/api/settings/phone-settings": () => settingsWith(pending),
      "/api/settings/phone-settings/send-code": ok({ destination: "+34 •••••••78", seconds: 60 }),
      "/api/settings/phone-settings/verify-phone": () => {
        pending = null;
        return ok(null);
      },
    });
    vi.stubGlobal("fetch", stub.fetchStub);
    const user = userEvent.setup();
    renderWithApp(<PhoneSettingsRoute />);

    expect(await screen.findByText("We sent a 6-digit code to +34 612345678.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: /Send a new code/ }));
    expect(await screen.findByText("We sent a 6-digit code to +34 •••••••78.")).toBeTruthy();
    await user.type(screen.getByLabelText(/6-digit code/), "123456");
    await user.click(screen.getByRole("button", { name: "Verify phone" }));

    await waitFor(() =>
      expect(stub.requests.find((request) => request.url.endsWith("/verify-phone"))?.body).toEqual({
        code: "123456",
      }),
    );
    expect(await screen.findByRole("button", { name: "Send code to the new number" })).toBeTruthy();
  });

  it("can be set aside to start another change, which replaces it", async () => {
    const stub = stubApi({ "/api/settings/phone-settings": settingsWith("+34 612345678") });
    vi.stubGlobal("fetch", stub.fetchStub);
    const user = userEvent.setup();
    renderWithApp(<PhoneSettingsRoute />);

    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(screen.getByLabelText(/New mobile number/)).toBeTruthy();
  });
});
