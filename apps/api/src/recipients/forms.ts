import type { Language } from "@vela/shared/api";
import { type DynamicForm, defineField, type FormField } from "@vela/shared/dynamic-form";
import type { RecipientService, RecipientType } from "@vela/shared/recipients";
import { getExampleNumber } from "libphonenumber-js";
import mobileExamples from "libphonenumber-js/mobile/examples";

/**
 * The recipient form catalogue: which fields a destination country, currency, delivery method and
 * recipient type ask for, in the manner of the large payout providers' account-requirements
 * endpoints. Every destination asks for the person (first and last name, or the business name; an
 * optional e-mail; a phone number of the country) and, per delivery method, what the payer needs:
 * a CLABE in Mexico, bank + account type + number + cédula in Colombia, a bank or e-wallet in the
 * Philippines (the choice asks for the form again), an IFSC in India, CPF + bank + agency + account
 * or a PIX key in Brazil, an IBAN where the country uses one, the payer network and an ID for cash
 * pickup, a provider and phone for a mobile wallet, an address for home delivery, and the
 * recipient's Vela account for a wallet transfer.
 *
 * Values chosen from an endpoint (banks, payer networks, document types) are checked on save by
 * `lookups` (see service.ts): the browser can only check their shape.
 */

export type FormLookup =
  /** A bank (or e-wallet institution) of the country that pays by `method`. */
  | { kind: "bank"; method: string }
  /** A payer network of the country for `method`. */
  | { kind: "provider"; method: string }
  /** A document type of the country; its number (in `numberKey`) must match the type's pattern. */
  | { kind: "document"; numberKey: string }
  /** A Mexican CLABE: its first three digits name a listed bank. */
  | { kind: "clabe-bank" }
  /** An Indian IFSC: its first four letters name a listed bank. */
  | { kind: "ifsc-bank" }
  /** The e-mail or phone number of a Vela account. */
  | { kind: "vela-account" };

export type CatalogueForm = { form: DynamicForm; lookups: Record<string, FormLookup> };

/** What a form is asked for; the ids name the endpoints its selects load from. */
export type FormRequest = {
  language: Language;
  type: RecipientType;
  country: { id: number; iso2: string; name: string };
  currency: { id: number; iso: string };
  method: { id: number; slug: string };
  /** The value of the `account_kind` field when the form is asked for again. */
  accountKind?: string | undefined;
  /** The mobile-wallet delivery method's id (PH e-wallets are the banks that support it). */
  mobileWalletMethodId: number | null;
  /** Service type ids by delivery method slug, for `/service_providers?service_type_id=`. */
  serviceTypeIds: Record<string, number | null>;
};

type Text = { en: string; es: string };
const t = (en: string, es: string): Text => ({ en, es });

/** Field properties whose text is given in both languages. */
type FieldSpec = Omit<Parameters<typeof defineField>[0], "label" | "help" | "pattern_message" | "options"> & {
  label: Text;
  help?: Text;
  pattern_message?: Text;
  options?: { value: string; label: Text }[];
};

function field(language: Language, spec: FieldSpec): FormField {
  const { label, help, pattern_message, options, ...rest } = spec;
  return defineField({
    ...rest,
    label: label[language],
    help: help ? help[language] : null,
    pattern_message: pattern_message ? pattern_message[language] : null,
    options: options
      ? options.map((option) => ({ value: option.value, label: option.label[language] }))
      : null,
  });
}

// Names in Latin letters (accents included), spaces, apostrophes, dots and hyphens: what payout
// networks accept. No `u` flag is needed (the shared schema compiles patterns without one).
const LATIN = "A-Za-zÀ-ÖØ-öø-ɏ";
const NAME_PATTERN = `^[${LATIN}][${LATIN} .'’-]*$`;
const NAME_MESSAGE = t(
  "Use letters, spaces, apostrophes and hyphens only.",
  "Usa solo letras, espacios, apóstrofos y guiones.",
);
const BUSINESS_PATTERN = `^[${LATIN}0-9][${LATIN}0-9 .,&'’()/-]*$`;

function phoneExample(iso2: string): string | null {
  try {
    return getExampleNumber(iso2 as never, mobileExamples)?.number ?? null;
  } catch {
    return null;
  }
}

/** English names that read with "the": "a number of the Philippines", "of the United States". */
const WITH_THE =
  /^(United |Philippines|Netherlands|Dominican Republic|Bahamas|Gambia|Czech Republic|Central African|Maldives|Marshall Islands|Solomon Islands|Cayman Islands|Comoros|Seychelles|Democratic Republic|Republic of)/;

/** A country's English name as it reads after a preposition. */
export const countryInSentence = (name: string) => (WITH_THE.test(name) ? `the ${name}` : name);

function phoneField(request: FormRequest, key: string, label: Text, required: boolean): FormField {
  return field(request.language, {
    key,
    label,
    kind: "phone",
    required,
    max_length: 20,
    country_iso: request.country.iso2,
    example: phoneExample(request.country.iso2),
    help: t(
      `A number of ${countryInSentence(request.country.name)}, with its prefix.`,
      `Un número de ${request.country.name}, con su prefijo.`,
    ),
  });
}

/** Who receives: the person or business, how to reach them. */
function personFields(request: FormRequest, phoneRequired: boolean): FormField[] {
  const language = request.language;
  const names =
    request.type === "business"
      ? [
          field(language, {
            key: "business_name",
            label: t("Business name", "Razón social"),
            kind: "text",
            max_length: 120,
            pattern: BUSINESS_PATTERN,
            pattern_message: t(
              "Has characters a payout network would refuse.",
              "Tiene caracteres que la red de pago rechazaría.",
            ),
          }),
        ]
      : [
          field(language, {
            key: "first_name",
            label: t("First name", "Nombre"),
            kind: "text",
            max_length: 60,
            pattern: NAME_PATTERN,
            pattern_message: NAME_MESSAGE,
          }),
          field(language, {
            key: "last_name",
            label: t("Last name", "Apellidos"),
            kind: "text",
            max_length: 60,
            pattern: NAME_PATTERN,
            pattern_message: NAME_MESSAGE,
          }),
        ];
  return [
    ...names,
    field(language, {
      key: "email",
      label: t("E-mail", "Correo electrónico"),
      kind: "email",
      required: false,
      max_length: 254,
      help: t(
        "We let them know when the money is on its way.",
        "Le avisamos cuando el dinero esté en camino.",
      ),
    }),
    phoneField(request, "phone_number", t("Phone number", "Número de teléfono"), phoneRequired),
  ];
}

const ACCOUNT_TYPE_OPTIONS = [
  { value: "savings", label: t("Savings", "Ahorros") },
  { value: "checking", label: t("Checking", "Corriente") },
];

function bankSelect(
  request: FormRequest,
  key = "bank_id",
  methodId = request.method.id,
  label = t("Bank", "Banco"),
) {
  return field(request.language, {
    key,
    label,
    kind: "select",
    pattern: "^[1-9][0-9]{0,9}$",
    options_endpoint: `/banks?country_id=${request.country.id}&shipping_method_id=${methodId}`,
  });
}

function accountNumber(request: FormRequest, pattern: string, message: Text, example: string) {
  return field(request.language, {
    key: "account_number",
    label: t("Account number", "Número de cuenta"),
    kind: "text",
    max_length: 34,
    pattern,
    pattern_message: message,
    example,
  });
}

function accountType(request: FormRequest) {
  return field(request.language, {
    key: "account_type",
    label: t("Account type", "Tipo de cuenta"),
    kind: "select",
    options: ACCOUNT_TYPE_OPTIONS,
  });
}

/** An IBAN of this country: its own prefix, then the structure and check digits ibantools knows. */
function ibanField(request: FormRequest, example: string) {
  const iso = request.country.iso2;
  return field(request.language, {
    key: "iban",
    label: t("IBAN", "IBAN"),
    kind: "text",
    max_length: 42,
    check: "iban",
    pattern: `^${iso}[0-9]{2}[A-Z0-9]+$`,
    pattern_message: t(
      `Must be an IBAN of ${countryInSentence(request.country.name)} (starting ${iso}).`,
      `Debe ser un IBAN de ${request.country.name} (empieza por ${iso}).`,
    ),
    example,
  });
}

function documentFields(request: FormRequest, lookups: Record<string, FormLookup>, label: Text): FormField[] {
  lookups.document_type_id = { kind: "document", numberKey: "document_number" };
  return [
    field(request.language, {
      key: "document_type_id",
      label,
      kind: "select",
      pattern: "^[1-9][0-9]{0,9}$",
      options_endpoint: `/documents?country_id=${request.country.id}`,
    }),
    field(request.language, {
      key: "document_number",
      label: t("Document number", "Número de documento"),
      kind: "text",
      min_length: 4,
      max_length: 30,
      pattern: "^[A-Za-z0-9][A-Za-z0-9.\\- ]*$",
      pattern_message: t(
        "Use letters, digits, dots and hyphens only.",
        "Usa solo letras, dígitos, puntos y guiones.",
      ),
    }),
  ];
}

const digits = (min: number, max: number) => `^[0-9]{${min},${max}}$`;
const digitsMessage = (min: number, max: number) =>
  min === max
    ? t(`Must be ${min} digits.`, `Debe tener ${min} dígitos.`)
    : t(`Must be ${min} to ${max} digits.`, `Debe tener de ${min} a ${max} dígitos.`);

/** Plain bank + account number countries: the number's length per the country's own scheme. */
const ACCOUNT_NUMBERS: Record<string, { min: number; max: number; example: string; accountType?: true }> = {
  EC: { min: 6, max: 20, example: "2200123456", accountType: true },
  PA: { min: 6, max: 17, example: "0401012345678", accountType: true },
  CN: { min: 12, max: 19, example: "6222021234567890123" },
  TH: { min: 10, max: 12, example: "1234567890" },
  MY: { min: 8, max: 17, example: "512345678901" },
  KR: { min: 10, max: 14, example: "11012345678901" },
  ZA: { min: 7, max: 11, example: "62123456789", accountType: true },
  ID: { min: 8, max: 16, example: "1234567890" },
};

/** Countries whose accounts are named by IBAN, with a valid example. */
const IBAN_EXAMPLES: Record<string, string> = {
  SV: "SV62CENR00000000000000700025",
  SN: "SN08SN0100152000048500003035",
  CI: "CI36A08001113011342912005890",
  CM: "CM2110002000300277976315008",
  CV: "CV64000300004547069110176",
};

const SEPA_IBAN_EXAMPLES: Record<string, string> = {
  ES: "ES9121000418450200051332",
  DE: "DE89370400440532013000",
  FR: "FR1420041010050500013M02606",
};

function bankDepositFields(request: FormRequest, lookups: Record<string, FormLookup>): FormField[] {
  const language = request.language;
  const iso = request.country.iso2;
  const bank = () => {
    lookups.bank_id = { kind: "bank", method: "bank-deposit" };
    return bankSelect(request);
  };
  switch (iso) {
    case "MX":
      lookups.clabe = { kind: "clabe-bank" };
      return [
        field(language, {
          key: "clabe",
          label: t("CLABE", "CLABE"),
          kind: "number",
          min_length: 18,
          max_length: 18,
          check: "clabe",
          example: "002010077777777771",
          help: t(
            "The 18-digit interbank account number; its first three digits name the bank.",
            "La Clave Bancaria Estandarizada de 18 dígitos; los tres primeros indican el banco.",
          ),
        }),
      ];
    case "CO":
      return [
        bank(),
        accountType(request),
        accountNumber(request, digits(6, 17), digitsMessage(6, 17), "00123456789"),
        ...documentFields(
          request,
          lookups,
          t("Identity document (cédula)", "Documento de identidad (cédula)"),
        ),
      ];
    case "PH": {
      const kind = request.accountKind === "e-wallet" ? "e-wallet" : "bank";
      const choice = field(language, {
        key: "account_kind",
        label: t("Receive into", "Recibir en"),
        kind: "select",
        options: [
          { value: "bank", label: t("Bank account", "Cuenta bancaria") },
          { value: "e-wallet", label: t("E-wallet (GCash, Maya)", "Billetera electrónica (GCash, Maya)") },
        ],
        refresh_on_change: true,
      });
      if (kind === "e-wallet") {
        lookups.wallet_provider_id = { kind: "bank", method: "mobile-wallet" };
        return [
          choice,
          bankSelect(
            request,
            "wallet_provider_id",
            request.mobileWalletMethodId ?? request.method.id,
            t("E-wallet", "Billetera electrónica"),
          ),
          phoneField(
            request,
            "wallet_number",
            t("E-wallet mobile number", "Número móvil de la billetera"),
            true,
          ),
        ];
      }
      return [choice, bank(), accountNumber(request, digits(10, 16), digitsMessage(10, 16), "001234567890")];
    }
    case "IN":
      lookups.ifsc = { kind: "ifsc-bank" };
      return [
        field(language, {
          key: "ifsc",
          label: t("IFSC code", "Código IFSC"),
          kind: "text",
          min_length: 11,
          max_length: 11,
          pattern: "^[A-Z]{4}0[A-Z0-9]{6}$",
          pattern_message: t(
            "11 characters: the bank's 4 letters, a zero, then the branch's 6 letters or digits.",
            "11 caracteres: las 4 letras del banco, un cero y los 6 caracteres de la sucursal.",
          ),
          example: "SBIN0005943",
        }),
        accountNumber(request, digits(9, 18), digitsMessage(9, 18), "12345678901"),
      ];
    case "BR": {
      const kind = request.accountKind === "pix" ? "pix" : "bank";
      const cpf = field(language, {
        key: "cpf",
        label: t("CPF (taxpayer number)", "CPF (número de contribuyente)"),
        kind: "text",
        max_length: 14,
        pattern: "^[0-9]{3}\\.?[0-9]{3}\\.?[0-9]{3}-?[0-9]{2}$",
        pattern_message: t("11 digits, as 123.456.789-09.", "11 dígitos, como 123.456.789-09."),
        example: "123.456.789-09",
      });
      const choice = field(language, {
        key: "account_kind",
        label: t("Receive by", "Recibir por"),
        kind: "select",
        options: [
          { value: "bank", label: t("Bank account", "Cuenta bancaria") },
          { value: "pix", label: t("PIX key", "Clave PIX") },
        ],
        refresh_on_change: true,
      });
      if (kind === "pix") {
        return [
          cpf,
          choice,
          field(language, {
            key: "pix_key",
            label: t("PIX key", "Clave PIX"),
            kind: "text",
            max_length: 77,
            help: t(
              "The CPF, e-mail, phone (+55…) or random key registered with the recipient's bank.",
              "El CPF, correo, teléfono (+55…) o clave aleatoria registrada en el banco del destinatario.",
            ),
          }),
        ];
      }
      return [
        cpf,
        choice,
        bank(),
        field(language, {
          key: "branch_code",
          label: t("Agency (branch) number", "Número de agencia"),
          kind: "text",
          max_length: 6,
          pattern: "^[0-9]{4}(-?[0-9X])?$",
          pattern_message: t(
            "4 digits, with an optional check digit.",
            "4 dígitos, con dígito verificador opcional.",
          ),
          example: "1234",
        }),
        accountType(request),
        accountNumber(
          request,
          "^[0-9]{1,12}-?[0-9X]$",
          t("Digits, then the check digit.", "Dígitos y luego el dígito verificador."),
          "12345678-9",
        ),
      ];
    }
    // Sending countries, for wallet withdrawals into the owner's own account: the local scheme
    // names the bank, so there is no bank to choose.
    case "US":
      return [
        field(language, {
          key: "routing_number",
          label: t("ABA routing number", "Número de ruta ABA"),
          kind: "number",
          min_length: 9,
          max_length: 9,
          example: "021000021",
        }),
        accountType(request),
        accountNumber(request, digits(4, 17), digitsMessage(4, 17), "123456789"),
      ];
    case "CA":
      return [
        field(language, {
          key: "institution_number",
          label: t("Institution number", "Número de institución"),
          kind: "number",
          min_length: 3,
          max_length: 3,
          example: "001",
        }),
        field(language, {
          key: "transit_number",
          label: t("Transit (branch) number", "Número de tránsito (sucursal)"),
          kind: "number",
          min_length: 5,
          max_length: 5,
          example: "00011",
        }),
        accountNumber(request, digits(7, 12), digitsMessage(7, 12), "1234567"),
      ];
    case "GB":
      return [
        field(language, {
          key: "sort_code",
          label: t("Sort code", "Código de sucursal (sort code)"),
          kind: "text",
          max_length: 8,
          pattern: "^[0-9]{2}-?[0-9]{2}-?[0-9]{2}$",
          pattern_message: digitsMessage(6, 6),
          example: "40-47-84",
        }),
        accountNumber(request, digits(8, 8), digitsMessage(8, 8), "70872490"),
      ];
    case "ES":
    case "DE":
    case "FR":
      return [ibanField(request, SEPA_IBAN_EXAMPLES[iso]!)];
    default: {
      const example = IBAN_EXAMPLES[iso];
      if (example) return [bank(), ibanField(request, example)];
      const scheme = ACCOUNT_NUMBERS[iso] ?? { min: 5, max: 34, example: "123456789" };
      return [
        bank(),
        ...(scheme.accountType ? [accountType(request)] : []),
        accountNumber(
          request,
          digits(scheme.min, scheme.max),
          digitsMessage(scheme.min, scheme.max),
          scheme.example,
        ),
      ];
    }
  }
}

function providerSelect(
  request: FormRequest,
  lookups: Record<string, FormLookup>,
  method: string,
  label: Text,
) {
  lookups.service_provider_id = { kind: "provider", method };
  const typeId = request.serviceTypeIds[method];
  return field(request.language, {
    key: "service_provider_id",
    label,
    kind: "select",
    pattern: "^[1-9][0-9]{0,9}$",
    options_endpoint: `/service_providers?country_id=${request.country.id}${typeId ? `&service_type_id=${typeId}` : ""}`,
  });
}

function methodFields(request: FormRequest, lookups: Record<string, FormLookup>): FormField[] {
  const language = request.language;
  switch (request.method.slug) {
    case "bank-deposit":
      return bankDepositFields(request, lookups);
    case "cash-pickup":
      return [
        providerSelect(request, lookups, "cash-pickup", t("Pickup network", "Red de pago")),
        ...documentFields(
          request,
          lookups,
          t("ID the recipient will show", "Identificación que presentará el destinatario"),
        ),
      ];
    case "mobile-wallet":
      return [
        providerSelect(request, lookups, "mobile-wallet", t("Mobile wallet", "Billetera móvil")),
        phoneField(request, "wallet_number", t("Wallet phone number", "Número de la billetera"), true),
      ];
    case "home-delivery":
      return [
        field(language, {
          key: "address",
          label: t("Street address", "Dirección"),
          kind: "text",
          min_length: 5,
          max_length: 200,
        }),
        field(language, {
          key: "city",
          label: t("City or town", "Ciudad o localidad"),
          kind: "text",
          max_length: 80,
        }),
        field(language, {
          key: "state",
          label: t("State or province", "Estado o provincia"),
          kind: "text",
          max_length: 80,
        }),
        field(language, {
          key: "postal_code",
          label: t("Postal code", "Código postal"),
          kind: "text",
          required: false,
          max_length: 10,
          pattern: "^[A-Za-z0-9 -]{3,10}$",
        }),
        field(language, {
          key: "address_reference",
          label: t("Directions for the courier", "Indicaciones para el repartidor"),
          kind: "text",
          required: false,
          max_length: 200,
        }),
      ];
    case "vela":
      lookups.vela_account = { kind: "vela-account" };
      return [
        field(language, {
          key: "vela_account",
          label: t("Their Vela account (e-mail or phone)", "Su cuenta Vela (correo o teléfono)"),
          kind: "text",
          max_length: 254,
          pattern: "^([^@\\s]+@[^@\\s]+\\.[^@\\s]+|\\+[1-9][0-9]{6,14})$",
          pattern_message: t(
            "Give the e-mail address or the phone number (+…) of their Vela account.",
            "Indica el correo o el teléfono (+…) de su cuenta Vela.",
          ),
        }),
      ];
    default:
      return [];
  }
}

/** Whether a method needs a phone to reach the recipient (the payer calls or texts them). */
const PHONE_REQUIRED = new Set(["cash-pickup", "mobile-wallet", "home-delivery"]);

const METHOD_TITLES: Record<string, Text> = {
  "bank-deposit": t("Bank deposit", "Depósito bancario"),
  "cash-pickup": t("Cash pickup", "Retiro en efectivo"),
  "mobile-wallet": t("Mobile wallet", "Billetera móvil"),
  "home-delivery": t("Home delivery", "Entrega a domicilio"),
  vela: t("Vela wallet", "Billetera Vela"),
};

/** The form for a consignment (or beneficiary) recipient. */
export function recipientForm(request: FormRequest): CatalogueForm {
  const lookups: Record<string, FormLookup> = {};
  const fields = [
    ...personFields(request, PHONE_REQUIRED.has(request.method.slug)),
    ...methodFields(request, lookups),
  ];
  const kind = fields.some((item) => item.key === "account_kind")
    ? `.${request.accountKind === "e-wallet" || request.accountKind === "pix" ? request.accountKind : "bank"}`
    : "";
  const methodTitle = METHOD_TITLES[request.method.slug]?.[request.language] ?? request.method.slug;
  return {
    form: {
      key: `${request.country.iso2}.${request.method.slug}.${request.type}${kind}`,
      title: `${methodTitle} · ${request.country.name} (${request.currency.iso})`,
      fields,
    },
    lookups,
  };
}

/**
 * The account a wallet withdrawal pays into: the same fields as a bank deposit or mobile wallet
 * in the account's country, under its own key, without the recipient's "we let them know" help.
 */
export function withdrawForm(request: FormRequest): CatalogueForm {
  const built = recipientForm(request);
  // The account is the user's own: nobody is told when money leaves, so no field says so.
  const fields = built.form.fields.map((item) => (item.kind === "email" ? { ...item, help: null } : item));
  return {
    form: { ...built.form, key: `withdraw.${built.form.key}`, fields },
    lookups: built.lookups,
  };
}

/** The per-service short forms: who gets the top-up, the gift card or the bill payment. */
export function serviceForm(
  request: Omit<FormRequest, "method" | "mobileWalletMethodId" | "serviceTypeIds">,
  service: Exclude<RecipientService, "consignments">,
): CatalogueForm {
  const base = {
    ...request,
    method: { id: 0, slug: service },
    mobileWalletMethodId: null,
    serviceTypeIds: {},
  };
  const person = personFields(base, service !== "gift-cards");
  const fields =
    service === "gift-cards"
      ? person.map((item) => (item.key === "email" ? { ...item, required: true } : item))
      : person;
  const titles: Record<typeof service, Text> = {
    "reload-phones": t("Phone top-up recipient", "Destinatario de la recarga"),
    "gift-cards": t("Gift card recipient", "Destinatario de la tarjeta de regalo"),
    "prepaid-pay-bills": t("Bill payment recipient", "Destinatario del pago"),
  };
  return {
    form: {
      key: `${request.country.iso2}.${service}.${request.type}`,
      title: titles[service][request.language],
      fields,
    },
    lookups: {},
  };
}
