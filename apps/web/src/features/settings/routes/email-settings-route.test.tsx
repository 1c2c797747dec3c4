import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getEmailSettings, verifyEmailChange } from "@vela/shared/contract/auth";
import { beforeEach, describe, expect, it } from "vitest";
import { server } from "@/test/api-server";
import { handle, success } from "@/test/contract-handlers";
import { renderWithApp } from "@/test/render";
import { sessionCheckOf } from "@/test/session-api";
import { enterCode } from "../testing/enter-code";
import { EmailSettingsRoute } from "./email-settings-route";

const settingsWith = (pendingEmail: string | null) => ({
  email: "ana@example.com",
  email_verified: true,
  pending_email: pendingEmail,
});

// A verified address reloads the session.
beforeEach(() => server.use(sessionCheckOf()));

// A change of address started on an earlier visit waits for its code when the page opens again.
describe("e-mail settings with a change started earlier", () => {
  it("verifies the code of that change", async () => {
    let pending: string | null = "new@example.com";
    server.use(
      handle(getEmailSettings, () => settingsWith(pending)),
      handle(verifyEmailChange, () => {
        pending = null;
        return success(settingsWith(pending), "Your e-mail address is verified.");
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<EmailSettingsRoute />);

    expect(await screen.findByText(/We sent a 6-digit code to new@example.com/)).toBeTruthy();
    await enterCode(user, { verifyLabel: "Verify email", path: "/verify-email" });
    expect(await screen.findByRole("button", { name: "Send code to the new address" })).toBeTruthy();
  });

  it("can be set aside to start another change, which replaces it", async () => {
    server.use(handle(getEmailSettings, settingsWith("new@example.com")));
    const user = userEvent.setup();
    renderWithApp(<EmailSettingsRoute />);

    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(screen.getByLabelText(/New email/)).toBeTruthy();
    expect(screen.queryByText(/We sent a 6-digit code/)).toBeNull();
  });
});
