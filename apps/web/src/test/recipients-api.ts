import {
  addRecipientToQuotation,
  createRecipient,
  deleteRecipient,
  getRecipient,
  getRecipientForm,
  getRecipients,
  toggleRecipient,
  updateRecipient,
} from "@vela/shared/contract/recipients";
import { type DynamicForm, defineField, dynamicFormSchema } from "@vela/shared/dynamic-form";
import type { Recipient } from "@/features/recipients/api/types";
import { handleOutsideContract } from "./api-server";
import { failure, handle, invalid, success } from "./contract-handlers";
import { ok } from "./fetch-stub";
import { MEXICO, MXN, PHILIPPINES, PHP, pageOf, quotationFixture, quotationSelectionOf } from "./fixtures";
import { BANK_METHOD, CASH_METHOD, METHODS, VELA_METHOD } from "./send-money-api";

/**
 * A small in-memory stand-in for the recipients endpoints of the issue 8 contract: a list
 * filtered by e-mail, type and quotation and cut in pages, one recipient, create and update
 * validated with `dynamicFormSchema` (422 keyed by field), toggle, soft delete, the dynamic forms
 * (Mexico bank deposit with a CLABE, Philippine cash pickup with a payer network) and
 * add-recipient on a quotation.
 */

export const MX_BANK_FORM: DynamicForm = {
  key: "MX.bank-deposit.customer",
  title: "Bank account in Mexico",
  fields: [
    defineField({ key: "first_name", label: "First name", kind: "text", example: "Juan" }),
    defineField({ key: "last_name", label: "Last name", kind: "text", example: "Pérez" }),
    defineField({
      key: "email",
      label: "E-mail",
      kind: "email",
      required: false,
      example: "juan@example.com",
    }),
    defineField({
      key: "bank_id",
      label: "Bank",
      kind: "autocomplete",
      options_endpoint: `/banks?country_id=${MEXICO.id}&shipping_method_id=${BANK_METHOD.id}`,
    }),
    defineField({
      key: "clabe",
      label: "CLABE",
      kind: "number",
      check: "clabe",
      example: "032180000118359719",
      help: "The 18-digit interbank number on their bank statement.",
    }),
  ],
};

export const PH_CASH_FORM: DynamicForm = {
  key: "PH.cash-pickup.customer",
  title: "Cash pickup in the Philippines",
  fields: [
    defineField({ key: "first_name", label: "First name", kind: "text", example: "Maria" }),
    defineField({ key: "last_name", label: "Last name", kind: "text", example: "Santos" }),
    defineField({
      key: "mobile",
      label: "Mobile number",
      kind: "phone",
      country_iso: "PH",
      example: "917 123 4567",
    }),
    defineField({
      key: "service_provider_id",
      label: "Pickup network",
      kind: "select",
      options_endpoint: `/service_providers?country_id=${PHILIPPINES.id}&service_type_id=2`,
      help: "Where they collect the cash, with an ID.",
    }),
    defineField({
      key: "payout_type",
      label: "They collect",
      kind: "select",
      required: false,
      options: [
        { value: "cash", label: "Cash at a counter" },
        { value: "ewallet", label: "Into an e-wallet" },
      ],
      refresh_on_change: true,
    }),
  ],
};

/** What the PH form becomes when the person says the money goes into an e-wallet. */
export const PH_EWALLET_FORM: DynamicForm = {
  ...PH_CASH_FORM,
  key: "PH.cash-pickup.customer.ewallet",
  fields: [
    ...PH_CASH_FORM.fields.filter((field) => field.key !== "service_provider_id"),
    defineField({ key: "wallet_number", label: "E-wallet number", kind: "number", example: "09171234567" }),
  ],
};

export const BANKS = [
  { id: 41, name: "BBVA México", country_id: MEXICO.id },
  { id: 42, name: "Banorte", country_id: MEXICO.id },
  { id: 43, name: "Santander México", country_id: MEXICO.id },
];

export const PAYER_NETWORKS = [
  { id: 51, name: "Cebuana Lhuillier" },
  { id: 52, name: "M Lhuillier" },
  { id: 53, name: "Palawan Express" },
];

/** GET /banks (a dynamic form's option list, outside the contract): `banks` whose name has the search. */
export const banksHandler = (banks: { id: number; name: string }[] = BANKS) =>
  handleOutsideContract("GET", "/banks", ({ url }) => {
    const search = (url.searchParams.get("search") ?? "").toLowerCase();
    return ok(banks.filter((bank) => bank.name.toLowerCase().includes(search)));
  });

const NOW = "2026-11-20T10:00:00.000Z";

export const recipientFixture = (id: number, overrides: Partial<Recipient> = {}): Recipient => {
  const isBusiness = overrides.type === "business";
  const first = [
    "Juan",
    "María",
    "Carlos",
    "Lucía",
    "Pedro",
    "Ana",
    "Diego",
    "Sofía",
    "Luis",
    "Elena",
    "Jorge",
    "Paula",
  ][(id - 1) % 12]!;
  const name = isBusiness ? `Empresa ${id} S.A.` : `${first} Pérez ${id}`;
  return {
    id,
    type: "customer",
    service: "consignments",
    name,
    first_name: isBusiness ? null : first,
    last_name: isBusiness ? null : `Pérez ${id}`,
    business_name: isBusiness ? name : null,
    email: `recipient${id}@example.com`,
    phone_prefix: null,
    phone_number: null,
    country_id: MEXICO.id,
    country_iso: "MX",
    currency_id: MXN.id,
    currency_iso: "MXN",
    shipping_method_id: BANK_METHOD.id,
    shipping_method_slug: BANK_METHOD.slug,
    withdrawal_method: null,
    sender_id: null,
    form_key: MX_BANK_FORM.key,
    details: { first_name: first, last_name: `Pérez ${id}`, bank_id: "42", clabe: "032180000118359719" },
    is_active: true,
    source: "owner",
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
};

/** A quotation to Mexico by bank deposit, as POST /consignments/quotation answers it. */
export const QUOTATION_ID = 900;

const formFor = (url: URL): DynamicForm | null => {
  if (url.searchParams.get("quotation_id") === String(QUOTATION_ID)) return MX_BANK_FORM;
  const country = Number(url.searchParams.get("country_to_id"));
  const method = Number(url.searchParams.get("shipping_method_id"));
  if (country === MEXICO.id && method === BANK_METHOD.id) return MX_BANK_FORM;
  if (country === PHILIPPINES.id && method === CASH_METHOD.id) {
    return url.searchParams.get("payout_type") === "ewallet" ? PH_EWALLET_FORM : PH_CASH_FORM;
  }
  return null;
};

/** The recipients backend: `recipients` is its state, `handlers` its endpoints. */
export const recipientsBackend = (initial: Recipient[]) => {
  const recipients = [...initial];
  let nextId = Math.max(0, ...initial.map((recipient) => recipient.id)) + 1;

  const save = (id: number | null, body: unknown) => {
    const { type, country_to_id, currency_to_id, shipping_method_id, quotation_id, ...values } =
      body as Record<string, unknown>;
    const url = new URL("http://localhost/api/recipients/dynamic-form");
    for (const [key, value] of Object.entries({ country_to_id, shipping_method_id, quotation_id })) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const form = formFor(url);
    if (!form) return invalid({ shipping_method_id: ["No recipient form for this delivery method."] });
    const parsed = dynamicFormSchema(form).safeParse(values);
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] = [issue.message];
      return invalid(errors);
    }
    const details = parsed.data as Record<string, string | boolean>;
    const name = `${details.first_name ?? ""} ${details.last_name ?? ""}`.trim();
    const country = Number(country_to_id) === PHILIPPINES.id ? PHILIPPINES : MEXICO;
    const method = METHODS.find((candidate) => candidate.id === Number(shipping_method_id)) ?? VELA_METHOD;
    const saved = recipientFixture(id ?? nextId++, {
      type: type as Recipient["type"],
      name,
      first_name: String(details.first_name ?? ""),
      last_name: String(details.last_name ?? ""),
      email: typeof details.email === "string" ? details.email : null,
      country_id: country.id,
      country_iso: country.iso2,
      currency_id: Number(currency_to_id),
      currency_iso: country === PHILIPPINES ? PHP.iso : MXN.iso,
      shipping_method_id: method.id,
      shipping_method_slug: method.slug,
      form_key: form.key,
      details,
    });
    const index = recipients.findIndex((recipient) => recipient.id === saved.id);
    if (index >= 0) recipients[index] = saved;
    else recipients.push(saved);
    return success(saved, "Recipient saved.", id === null ? 201 : 200);
  };

  /** Runs `answer` on the recipient of the path's id, or answers 404. */
  const withRecipient =
    <T>(answer: (recipient: Recipient, index: number) => T) =>
    ({ params }: { params: { id: number } }) => {
      const index = recipients.findIndex((recipient) => recipient.id === params.id);
      return index < 0 ? failure(404, "Recipient not found.") : answer(recipients[index]!, index);
    };

  const handlers = [
    handle(getRecipients, ({ url }) => {
      const email = (url.searchParams.get("email") ?? "").toLowerCase();
      const type = url.searchParams.get("type") ?? "";
      const quotation = url.searchParams.get("quotation_id");
      const page = Number(url.searchParams.get("page") ?? 1);
      const perPage = Number(url.searchParams.get("per_page") ?? 10);
      const matching = recipients.filter(
        (recipient) =>
          (!email || (recipient.email ?? "").toLowerCase().includes(email)) &&
          (!type || recipient.type === type) &&
          (!quotation ||
            (recipient.country_id === MEXICO.id && recipient.shipping_method_id === BANK_METHOD.id)),
      );
      return pageOf(matching, page, perPage);
    }),
    handle(createRecipient, ({ body }) => save(null, body)),
    handle(getRecipientForm, ({ url }) => {
      const form = formFor(url);
      return form ?? invalid({ shipping_method_id: ["No recipient form for this delivery method."] });
    }),
    handle(
      getRecipient,
      withRecipient((recipient) => recipient),
    ),
    handle(updateRecipient, ({ params, body }) => withRecipient(() => save(params.id, body))({ params })),
    handle(
      toggleRecipient,
      withRecipient((recipient, index) => {
        recipients[index] = { ...recipient, is_active: !recipient.is_active };
        return recipients[index]!;
      }),
    ),
    handle(
      deleteRecipient,
      withRecipient((_recipient, index) => {
        recipients.splice(index, 1);
        return success(null, "Recipient deleted.");
      }),
    ),
    banksHandler(),
    handleOutsideContract("GET", "/service_providers", () => ok(PAYER_NETWORKS)),
    handle(addRecipientToQuotation, ({ params, body }) => {
      if (params.id !== QUOTATION_ID) return failure(404, "Quotation not found.");
      const id = Number((body as { recipient_id?: unknown }).recipient_id);
      const recipient = recipients.find((candidate) => candidate.id === id);
      if (!recipient) return invalid({ recipient_id: ["This recipient cannot receive this transfer."] });
      const quotation = quotationFixture({
        id: QUOTATION_ID,
        shipping_method_id: BANK_METHOD.id,
        send_amount: "100.00",
        amount_paid: "100.00",
      });
      return quotationSelectionOf(quotation, { recipient_id: id, recipient_name: recipient.name });
    }),
  ];
  return { recipients, handlers };
};
