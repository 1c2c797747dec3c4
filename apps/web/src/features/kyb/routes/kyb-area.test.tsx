import { screen, waitFor, within } from "@testing-library/react";
import { Route } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerAuthSource } from "@/shared/api/auth-source";
import { changeLanguage } from "@/shared/i18n/i18n";
import { server } from "@/test/api-server";
import { expectNoSeriousAxeViolations } from "@/test/axe";
import { renderRoutes } from "@/test/render";
import { kybBackend, OWNER_SDK_URL, ownerFixture, verificationFixture } from "../testing/kyb-backend";
import { KybArea } from "./kyb-area";

// The business verification area (KYB): the progress and what is missing, the details form, the
// documents, the owners with the modal form (the 25 % rule said in words), each owner's identity
// check opened on the provider's page, the submission, Spanish, and axe.

const renderArea = (options: Parameters<typeof kybBackend>[0] = {}) => {
  const backend = kybBackend(options);
  server.use(...backend.handlers);
  const user = renderRoutes(
    <Route path="/account/verification" element={<KybArea />} />,
    "/account/verification",
  );
  return { user, state: backend.state };
};

const stubNavigation = () => {
  const assign = vi.fn();
  vi.stubGlobal("location", { ...window.location, origin: window.location.origin, assign });
  return assign;
};

describe("the business verification area", () => {
  beforeEach(() => {
    registerAuthSource(() => ({
      token: "business-token",
      type: "business",
      userType: "business",
      countryId: 4,
    }));
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage("en");
  });

  it("shows the progress, what is missing, the documents and an empty owners list, and is axe clean", async () => {
    renderArea();
    expect(await screen.findByRole("heading", { level: 1, name: "Business verification" })).toBeTruthy();
    expect(await screen.findByText("Not submitted")).toBeTruthy();
    expect(screen.getByText("Give your business's registration details.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Submit for review" }).hasAttribute("disabled")).toBe(true);
    // The registration's name is offered.
    expect((screen.getByLabelText(/Legal name/) as HTMLInputElement).value).toBe("Acme Imports LLC");
    const documents = screen.getByRole("region", { name: "Documents" });
    expect(within(documents).getByText("Certificate of incorporation")).toBeTruthy();
    expect(within(documents).getAllByText("Required")).toHaveLength(3);
    expect(within(documents).getAllByText("Optional")).toHaveLength(1);
    expect(screen.getByText("Nobody is listed yet.")).toBeTruthy();
    await expectNoSeriousAxeViolations();
  });

  it("adds a person through the modal, saying the 25 % rule in words first", async () => {
    const { user, state } = renderArea();
    await user.click(await screen.findByRole("button", { name: "Add a person" }));
    const form = await screen.findByRole("form", { name: "Person" });
    await user.type(within(form).getByLabelText(/First name/), "Tomás");
    await user.type(within(form).getByLabelText(/Last name/), "Ibarra");
    await user.type(within(form).getByLabelText(/Date of birth/), "1975-02-03");
    const nationality = within(form)
      .getAllByLabelText(/Nationality/)
      .find((element) => element.tagName === "INPUT") as HTMLInputElement;
    await waitFor(() => expect(nationality.disabled).toBe(false));
    await user.click(nationality);
    // The details form has its own country list: the option is taken from this field's own.
    const listbox = await waitFor(() => {
      const element = document.getElementById(nationality.getAttribute("aria-controls") ?? "");
      if (!element) throw new Error("no list yet");
      return element;
    });
    await user.click(within(listbox).getByRole("option", { name: "Mexico", hidden: true }));
    await user.type(within(form).getByLabelText(/E-mail/), "tomas@example.com");
    await user.type(within(form).getByLabelText(/Share held/), "10");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(
      await within(form).findByText(
        "A beneficial owner holds at least 25 %. Someone with less can only be added as the controlling person.",
      ),
    ).toBeTruthy();
    await user.click(within(form).getByLabelText("This is the controlling person"));
    await user.click(within(form).getByRole("button", { name: "Save" }));
    const list = await screen.findByRole("list", { name: "People listed" });
    expect(within(list).getByText("Tomás Ibarra")).toBeTruthy();
    expect(within(list).getByText("Shareholder · 10 % · Controlling person")).toBeTruthy();
    expect(state.verification.owners).toHaveLength(1);
    await expectNoSeriousAxeViolations();
  });

  it("opens the provider's page for one person's identity check", async () => {
    const assign = stubNavigation();
    const { user, state } = renderArea({
      verification: verificationFixture({
        owners: [
          ownerFixture({ id: 3 }),
          ownerFixture({
            id: 4,
            first_name: "Ana",
            is_controlling: false,
            verification: "approved",
            ownership_percent: "40",
          }),
        ],
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Verify Lucía Fernández" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(OWNER_SDK_URL));
    expect(state.tokens).toEqual([3]);
    // An approved person needs no second check.
    expect(screen.queryByRole("button", { name: "Verify Ana Fernández" })).toBeNull();
    expect(screen.getByText("Identity verified")).toBeTruthy();
  });

  it("submits once nothing is missing, then only the identity checks go on", async () => {
    const { user, state } = renderArea({
      verification: verificationFixture({
        missing: [],
        can_submit: true,
        owners: [ownerFixture()],
        ownership_total: "60",
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Submit for review" }));
    expect(await screen.findByText("In review")).toBeTruthy();
    expect(state.submitted).toBe(true);
  });

  it("shows a verified business without its editing buttons, in Spanish", async () => {
    await changeLanguage("es");
    renderArea({
      verification: verificationFixture({
        status: "verified",
        level: "identity_verified",
        missing: [],
        owners: [ownerFixture({ verification: "approved", identity_locked: true })],
      }),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Verificación de la empresa" })).toBeTruthy();
    expect(await screen.findByText("Verificada")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Añadir una persona" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Editar/ })).toBeNull();
    await expectNoSeriousAxeViolations();
  });
});
