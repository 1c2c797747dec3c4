import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { changePhone, getPhoneSettings, sendPhoneCode, verifyPhone } from "@vela/shared/contract/auth";
import { getPrefixes } from "@vela/shared/contract/reference";
import type { PhonePrefix } from "@vela/shared/reference";
import { beforeEach, describe, expect, it } from "vitest";
import { requests, server } from "@/test/api-server";
import { handle } from "@/test/contract-handlers";
import { renderWithApp } from "@/test/render";
import { sessionCheckOf } from "@/test/session-api";
import { enterCode } from "../testing/enter-code";
import { PhoneSettingsRoute } from "./phone-settings-route";

const settingsWith = (pendingPhone: string | null) => ({
  phone_prefix: "+1",
  phone_number: "2025550143",
  phone_verified: true,
  pending_phone: pendingPhone,
});

const CODE_SENT = { channel: "sms", destination: "+34 •••••••78", seconds: 60, expires_in: 600 } as const;

const ES_PREFIX: PhonePrefix = {
  country_id: 205,
  iso2: "ES",
  name: "Spain",
  flag: "",
  flag_url: "/api/flags/ES.svg",
  prefix: "+34",
};

// The page loads the prefixes to pick from; a verified number reloads the session.
beforeEach(() => server.use(handle(getPrefixes, [ES_PREFIX]), sessionCheckOf()));

// A change of number started on an earlier visit waits for its code when the page opens again.
describe("phone settings with a change started earlier", () => {
  it("verifies the code of that change, and can send it again", async () => {
    let pending: string | null = "+34 612345678";
    server.use(
      handle(getPhoneSettings, () => settingsWith(pending)),
      handle(sendPhoneCode, CODE_SENT),
      handle(verifyPhone, () => {
        pending = null;
        return settingsWith(pending);
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<PhoneSettingsRoute />);

    expect(await screen.findByText("We sent a 6-digit code to +34 612345678.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: /Send a new code/ }));
    expect(await screen.findByText("We sent a 6-digit code to +34 •••••••78.")).toBeTruthy();
    await enterCode(user, { verifyLabel: "Verify phone", path: "/verify-phone" });
    expect(await screen.findByRole("button", { name: "Send code to the new number" })).toBeTruthy();
  });

  it("can be set aside to start another change, which replaces it", async () => {
    server.use(handle(getPhoneSettings, settingsWith("+34 612345678")));
    const user = userEvent.setup();
    renderWithApp(<PhoneSettingsRoute />);

    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(screen.getByLabelText(/New mobile number/)).toBeTruthy();
  });
});

// A stolen session alone must not move the phone: the change is sent with the current password.
describe("changing the phone number", () => {
  it("asks for the current password and sends it with the new number", async () => {
    server.use(handle(getPhoneSettings, settingsWith(null)), handle(changePhone, CODE_SENT));
    const user = userEvent.setup();
    renderWithApp(<PhoneSettingsRoute />);

    // The label names both the input and its list; the input is the one to open.
    const prefixInput = (await screen.findAllByLabelText(/^Prefix/)).find(
      (element) => element.tagName === "INPUT",
    );
    await user.click(prefixInput!);
    const spain = screen
      .getAllByRole("option", { name: /Spain/, hidden: true })
      .find((option) => option.hasAttribute("data-combobox-option"));
    await user.click(spain!);
    await user.type(screen.getByLabelText(/New mobile number/), "612 345 678");
    // Without the password nothing is sent.
    await user.click(screen.getByRole("button", { name: "Send code to the new number" }));
    expect(await screen.findByText("This field is required.")).toBeTruthy();
    expect(requests.some((request) => request.url.endsWith("/change-phone"))).toBe(false);

    await user.type(screen.getByLabelText(/Current password/), "Tangerine-Orbit-42");
    await user.click(screen.getByRole("button", { name: "Send code to the new number" }));
    expect(await screen.findByText("We sent a 6-digit code to +34 •••••••78.")).toBeTruthy();
    expect(requests.find((request) => request.url.endsWith("/change-phone"))?.body).toEqual({
      phone_prefix: "+34",
      phone_number: "612345678",
      password: "Tangerine-Orbit-42",
    });
  });
});
