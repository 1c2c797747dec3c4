import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getDocuments } from "@vela/shared/contract/reference";
import { type DynamicForm, defineField, type FormValues } from "@vela/shared/dynamic-form";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/shared/api/api-error";
import { changeLanguage } from "@/shared/i18n/i18n";
import { requests, server } from "@/test/api-server";
import { handle } from "@/test/contract-handlers";
import { banksHandler } from "@/test/recipients-api";
import { renderWithApp } from "@/test/render";
import { DynamicFormFields } from "./dynamic-form-fields";
import { dynamicFormResolver, dynamicFormValues, setDynamicFormErrors } from "./dynamic-form-resolver";

/** A form with one field of every kind, as the API would send it for a Philippine recipient. */
const EVERY_KIND: DynamicForm = {
  key: "PH.test.customer",
  title: "Recipient details",
  fields: [
    defineField({ key: "first_name", label: "First name", kind: "text", example: "Maria", max_length: 40 }),
    defineField({ key: "email", label: "E-mail", kind: "email", required: false }),
    defineField({
      key: "account_type",
      label: "Account type",
      kind: "select",
      options: [
        { value: "savings", label: "Savings" },
        { value: "checking", label: "Checking" },
      ],
      refresh_on_change: true,
    }),
    defineField({
      key: "mobile",
      label: "Mobile number",
      kind: "phone",
      country_iso: "PH",
      example: "917 123 4567",
    }),
    defineField({ key: "account_number", label: "Account number", kind: "number", min_length: 6 }),
    defineField({ key: "birth_date", label: "Date of birth", kind: "date", required: false }),
    defineField({
      key: "bank_id",
      label: "Bank",
      kind: "autocomplete",
      options_endpoint: "/banks?country_id=5&shipping_method_id=2",
      help: "Type a few letters of the bank's name.",
    }),
    defineField({
      key: "document_type_id",
      label: "Document",
      kind: "select",
      options_endpoint: "/documents?country_id=5",
    }),
    defineField({ key: "notify", label: "Notify them by e-mail", kind: "switch", required: false }),
    defineField({ key: "consent", label: "They agreed to receive money", kind: "checkbox" }),
  ],
};

const BANKS = [
  { id: 31, name: "BDO Unibank", country_id: 5 },
  { id: 32, name: "Bank of the Philippine Islands", country_id: 5 },
  { id: 33, name: "Metrobank", country_id: 5 },
];

const Harness = ({
  form,
  onSubmit,
  onRefreshField,
  serverError,
}: {
  form: DynamicForm;
  onSubmit: (values: FormValues) => void;
  onRefreshField?: (key: string, value: string | boolean) => void;
  serverError?: unknown;
}) => {
  const { control, handleSubmit, setError } = useForm<FormValues>({
    resolver: dynamicFormResolver(form),
    defaultValues: dynamicFormValues(form),
  });
  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => {
        if (serverError) setDynamicFormErrors(form, serverError, setError);
        else onSubmit(values);
      })}
    >
      <DynamicFormFields form={form} control={control} onRefreshField={onRefreshField} />
      <button type="submit">Save</button>
    </form>
  );
};

const stubOptions = () =>
  server.use(
    banksHandler(BANKS),
    handle(getDocuments, [
      { id: 1, code: "PASSPORT", name: "Passport", country_id: 5, number_pattern: null, example: null },
      { id: 2, code: "UMID", name: "UMID card", country_id: 5, number_pattern: null, example: null },
    ]),
  );

/** Mantine's combobox options (the listbox is portalled and hidden from the accessibility tree in jsdom). */
const option = (name: string | RegExp) =>
  screen
    .getAllByRole("option", { name, hidden: true })
    .find((element) => element.hasAttribute("data-combobox-option")) as HTMLElement;

const input = (label: string | RegExp) =>
  screen.getAllByLabelText(label).find((element) => element.tagName === "INPUT") as HTMLInputElement;

describe("DynamicFormFields", () => {
  afterEach(async () => {
    await changeLanguage("en");
  });

  it("draws every field kind, loads endpoint options, and submits the values the contract expects", async () => {
    stubOptions();
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<Harness form={EVERY_KIND} onSubmit={onSubmit} />);

    // The example is the placeholder, the help text the description.
    expect(input(/First name/).placeholder).toBe("e.g. Maria");
    const help = screen.getByText("Type a few letters of the bank's name.");
    // Under the input, so inputs side by side stay on one line whatever their help's length.
    expect(input(/Bank/).compareDocumentPosition(help) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(input(/E-mail/).type).toBe("email");
    expect(input(/Date of birth/).type).toBe("date");
    expect(input(/Account number/).inputMode).toBe("numeric");
    // The phone field shows the country's prefix.
    expect(screen.getByTestId("mobile-prefix").textContent).toBe("+63");

    await user.type(input(/First name/), "Maria");
    await user.type(input(/E-mail/), "maria@example.ph");
    await user.click(input(/Account type/));
    await user.click(option("Savings"));
    await user.type(input(/Mobile number/), "917 123 4567");
    await user.type(input(/Account number/), "00123456");
    await user.type(input(/Date of birth/), "1990-04-12");

    // The autocomplete searches the endpoint with what is typed, keeping the endpoint's own query.
    await user.type(input(/Bank/), "metro");
    await waitFor(() =>
      expect(
        requests.some(
          (request) =>
            request.url.startsWith("/api/banks?") &&
            request.url.includes("country_id=5") &&
            request.url.includes("shipping_method_id=2") &&
            request.url.includes("search=metro"),
        ),
      ).toBe(true),
    );
    await waitFor(() => expect(option("Metrobank")).toBeTruthy());
    await user.click(option("Metrobank"));

    // A select over an endpoint lists its `data` items by id and name.
    await waitFor(() => expect(input(/Document/).disabled).toBe(false));
    await user.click(input(/Document/));
    await user.click(option("UMID card"));

    await user.click(screen.getByRole("switch", { name: /Notify them/ }));
    await user.click(screen.getByRole("checkbox", { name: /They agreed/ }));
    await user.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      first_name: "Maria",
      email: "maria@example.ph",
      account_type: "savings",
      mobile: "+639171234567",
      account_number: "00123456",
      birth_date: "1990-04-12",
      bank_id: "33",
      document_type_id: "2",
      notify: true,
      consent: true,
    });
  });

  it("refuses values with the contract's messages, in Spanish too", async () => {
    stubOptions();
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<Harness form={EVERY_KIND} onSubmit={onSubmit} />);

    await user.type(input(/Account number/), "12");
    await user.type(input(/Mobile number/), "1234");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Must be at least 6 characters.")).toBeTruthy();
    expect(screen.getByText("Must be a valid phone number for the destination country.")).toBeTruthy();
    // Required fields left empty, the consent checkbox among them.
    expect(screen.getAllByText("This field is required.").length).toBeGreaterThanOrEqual(5);
    expect(onSubmit).not.toHaveBeenCalled();

    await changeLanguage("es");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Debe tener al menos 6 caracteres.")).toBeTruthy();
    expect(screen.getAllByText("Este campo es obligatorio.").length).toBeGreaterThanOrEqual(5);
  });

  it("checks a Mexican CLABE's check digit", async () => {
    const clabe: DynamicForm = {
      key: "MX.bank-deposit.customer",
      title: "Bank account",
      fields: [
        defineField({
          key: "clabe",
          label: "CLABE",
          kind: "number",
          check: "clabe",
          example: "032180000118359719",
        }),
      ],
    };
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<Harness form={clabe} onSubmit={onSubmit} />);

    await user.type(input(/CLABE/), "032180000118359710");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Must be a valid CLABE.")).toBeTruthy();

    await user.clear(input(/CLABE/));
    await user.type(input(/CLABE/), "032180000118359719");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ clabe: "032180000118359719" }));
  });

  it("asks for the form again when a refresh_on_change field changes, once per new value", async () => {
    stubOptions();
    const onRefreshField = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<Harness form={EVERY_KIND} onSubmit={vi.fn()} onRefreshField={onRefreshField} />);

    await user.click(input(/Account type/));
    await user.click(option("Checking"));
    expect(onRefreshField).toHaveBeenCalledWith("account_type", "checking");
    // Fields without the flag never ask.
    await user.type(input(/First name/), "Maria");
    await user.tab();
    expect(onRefreshField).toHaveBeenCalledTimes(1);
  });

  it("asks again when a refresh_on_change text field is left with a new value", async () => {
    const form: DynamicForm = {
      key: "PH.ewallet",
      title: "Wallet",
      fields: [
        defineField({ key: "wallet_number", label: "Wallet number", kind: "text", refresh_on_change: true }),
      ],
    };
    const onRefreshField = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<Harness form={form} onSubmit={vi.fn()} onRefreshField={onRefreshField} />);

    await user.type(input(/Wallet number/), "0917");
    expect(onRefreshField).not.toHaveBeenCalled();
    await user.tab();
    expect(onRefreshField).toHaveBeenCalledWith("wallet_number", "0917");
    await user.click(input(/Wallet number/));
    await user.tab();
    expect(onRefreshField).toHaveBeenCalledTimes(1);
  });

  it("puts a 422's messages on the fields they name", async () => {
    stubOptions();
    const serverError = new ApiError({
      status: 422,
      message: "The given data was invalid.",
      errors: { bank_id: ["This bank does not deliver to this country."], type: ["Unknown."] },
    });
    const form: DynamicForm = { ...EVERY_KIND, fields: EVERY_KIND.fields.filter((field) => !field.required) };
    const user = userEvent.setup();
    renderWithApp(
      <Harness
        form={{ ...form, fields: [...form.fields, { ...EVERY_KIND.fields[6]!, required: false }] }}
        onSubmit={vi.fn()}
        serverError={serverError}
      />,
    );

    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("This bank does not deliver to this country.")).toBeTruthy();
    expect(screen.queryByText("Unknown.")).toBeNull();
  });
});
