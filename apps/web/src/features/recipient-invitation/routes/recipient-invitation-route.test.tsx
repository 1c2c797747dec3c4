import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  getExternalForm,
  getExternalInvitation,
  getExternalReceivingOptions,
  submitExternalRecipient,
} from "@vela/shared/contract/recipients";
import { getPrefixes } from "@vela/shared/contract/reference";
import { type DynamicForm, defineField } from "@vela/shared/dynamic-form";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { requests, server } from "@/test/api-server";
import { failure, handle, invalid, type Reply, success } from "@/test/contract-handlers";
import { renderWithApp } from "@/test/render";
import { resetLinkTokenForTests } from "../utils/link-token";
import { RecipientInvitationRoute } from "./recipient-invitation-route";

const TOKEN = "t".repeat(43);
const GONE = failure(404, "This link has expired or was already used.");
const invitation = {
  name: "María López",
  email: "maria@example.com",
  sender_name: "Ana G.",
  country_to_id: 142,
  currency_to_id: null,
  shipping_method_id: null,
  expires_at: "2026-11-30T10:00:00.000Z",
};
const options = {
  countries: [
    {
      id: 142,
      iso2: "MX",
      name: "Mexico",
      currencies: [
        {
          id: 484,
          code: "MXN",
          name: "Mexican Peso",
          shipping_methods: [{ id: 2, slug: "bank-deposit", name: "Bank deposit" }],
        },
      ],
    },
  ],
};
const form: DynamicForm = {
  key: "MX.bank-deposit.customer.minimal",
  title: "Your details",
  fields: [
    defineField({ key: "first_name", label: "First name", kind: "text" }),
    defineField({ key: "last_name", label: "Last name", kind: "text" }),
    defineField({ key: "email", label: "E-mail", kind: "email" }),
    defineField({ key: "phone", label: "Phone number", kind: "phone", country_iso: "MX" }),
    defineField({ key: "account_number", label: "Account number", kind: "number", min_length: 6 }),
  ],
};

/** The invitation's endpoints, the details sent answered by `submitted`. */
const invitationApi = (submitted: () => Reply<typeof submitExternalRecipient>) =>
  server.use(
    handle(getExternalInvitation, invitation),
    handle(getExternalReceivingOptions, options),
    handle(getExternalForm, form),
    handle(submitExternalRecipient, submitted),
    handle(getPrefixes, [
      { country_id: 142, iso2: "MX", prefix: "+52", name: "Mexico", flag: "", flag_url: "/api/flags/MX.svg" },
    ]),
  );

const openLink = () => {
  window.history.replaceState(null, "", `/recipient-invitation#${TOKEN}`);
  return renderWithApp(<RecipientInvitationRoute />, { route: "/recipient-invitation" });
};

beforeEach(() => {
  resetLinkTokenForTests();
  sessionStorage.clear();
});
afterEach(() => window.history.replaceState(null, "", "/"));

describe("the recipient invitation page", () => {
  it("takes the token from the fragment, shows who asked, and sends the details once", async () => {
    invitationApi(() => success({ status: "submitted", name: "María López" }, "Thank you."));
    const user = userEvent.setup();
    openLink();

    expect(await screen.findByText(/Ana G\. wants to send you money/)).toBeTruthy();
    // The token left the address bar at once, and travels in its header only.
    expect(window.location.hash).toBe("");
    expect(window.location.pathname).toBe("/recipient-invitation");
    const me = requests.find((request) => request.url.includes("/me"))!;
    expect(me.headers.get("x-invitation-token")).toBe(TOKEN);
    expect(me.headers.get("authorization")).toBeNull();
    expect(requests.every((request) => !request.url.includes(TOKEN))).toBe(true);

    // The link was sent for Mexico, which has one currency and one method: nothing to choose. The
    // name and e-mail the owner typed are filled in (issue 18).
    expect(((await screen.findByLabelText(/First name/)) as HTMLInputElement).value).toBe("María");
    expect((screen.getByLabelText(/Last name/) as HTMLInputElement).value).toBe("López");
    expect((screen.getByLabelText(/E-mail/) as HTMLInputElement).value).toBe("maria@example.com");
    await user.click(screen.getByRole("button", { name: "Send my details" }));
    // The shared contract's rules run in the browser first: a phone and an account are required.
    expect((await screen.findAllByText("This field is required.")).length).toBeGreaterThanOrEqual(1);
    expect(requests.some((request) => request.method === "POST")).toBe(false);

    // The phone field shows the destination's prefix beside the number.
    expect(screen.getByTestId("phone-prefix").textContent).toBe("+52");
    await user.type(screen.getByLabelText(/Phone number/), "55 1234 5678");
    await user.type(screen.getByLabelText(/Account number/), "0123456789");
    await user.click(screen.getByRole("button", { name: "Send my details" }));

    expect(await screen.findByText("Thank you, María")).toBeTruthy();
    const post = requests.find((request) => request.method === "POST")!;
    expect(post.headers.get("x-invitation-token")).toBe(TOKEN);
    expect(post.body).toEqual({
      type: "customer",
      country_to_id: 142,
      currency_to_id: 484,
      shipping_method_id: 2,
      first_name: "María",
      last_name: "López",
      email: "maria@example.com",
      phone: "+525512345678",
      account_number: "0123456789",
    });
    const formQuery = new URL(
      requests.find((request) => request.url.includes("dynamic-form"))!.url,
      "http://localhost",
    ).searchParams;
    expect(Object.fromEntries(formQuery)).toEqual({
      country_to_id: "142",
      currency_to_id: "484",
      shipping_method_id: "2",
      type: "customer",
    });
  });

  it("says plainly when the link has expired or was used", async () => {
    server.use(handle(getExternalInvitation, GONE));
    openLink();
    expect(
      await screen.findByRole("heading", { name: "This link has expired or was already used." }),
    ).toBeTruthy();
    expect(screen.getByText(/ask the person who sent it for a new one/)).toBeTruthy();
  });

  it("shows the field the server refused, and the dead link when it was used meanwhile", async () => {
    let answer = invalid({ account_number: ["Must be a real account."] });
    invitationApi(() => answer);
    const user = userEvent.setup();
    openLink();
    // The name and e-mail are filled in already.
    await user.type(await screen.findByLabelText(/Phone number/), "+52 55 1234 5678");
    await user.type(screen.getByLabelText(/Account number/), "0123456789");
    await user.click(screen.getByRole("button", { name: "Send my details" }));
    expect(await screen.findByText("Must be a real account.")).toBeTruthy();

    answer = GONE;
    await user.click(screen.getByRole("button", { name: "Send my details" }));
    await waitFor(() => expect(screen.getByTestId("invitation-gone")).toBeTruthy());
  });

  it("without a token in the address, says the link is incomplete and asks nothing", async () => {
    window.history.replaceState(null, "", "/recipient-invitation");
    renderWithApp(<RecipientInvitationRoute />, { route: "/recipient-invitation" });
    expect(await screen.findByRole("heading", { name: "This link is incomplete." })).toBeTruthy();
    expect(requests.filter((request) => request.url.includes("external-recipients"))).toEqual([]);
  });
});
