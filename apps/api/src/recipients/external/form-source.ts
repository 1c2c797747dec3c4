import type { Language } from "@vela/shared/api";
import { type DynamicForm, defineField, type FormField } from "@vela/shared/dynamic-form";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { countries, shippingMethods } from "../../db/schema/index";

/** What a recipient form depends on: the destination, the delivery method, the kind of recipient. */
export type RecipientFormParams = {
  countryToId: number;
  currencyToId: number;
  shippingMethodId: number;
  type: "customer" | "business";
  language: Language;
  /** Values of `refresh_on_change` fields the form was asked again with, by field key. */
  refreshValues: Record<string, string>;
};

/**
 * Where the link's page gets its recipient form. The recipients work (branch i8-recipients) owns
 * the real catalogue (`recipients/forms.ts`: CLABE in Mexico, bank and account type in Colombia,
 * payer networks for cash pickup…); until it merges, `minimalRecipientForm` stands in, and the
 * merge swaps it for the catalogue's builder behind this same signature.
 */
export type RecipientFormSource = (db: Db, params: RecipientFormParams) => Promise<DynamicForm>;

const LABELS: Record<Language, Record<string, string>> = {
  en: {
    title: "Your details",
    first_name: "First name",
    last_name: "Last name",
    business_name: "Business name",
    email: "E-mail",
    phone: "Phone number",
    account_number: "Account number",
    account_help: "The account the money is paid into, digits only.",
  },
  es: {
    title: "Tus datos",
    first_name: "Nombre",
    last_name: "Apellido",
    business_name: "Nombre de la empresa",
    email: "Correo electrónico",
    phone: "Número de teléfono",
    account_number: "Número de cuenta",
    account_help: "La cuenta donde se abona el dinero, solo dígitos.",
  },
};

/**
 * A minimal recipient form: the name (a person's or a business's), an e-mail, a phone number valid
 * in the destination country, and for a bank deposit the account number.
 */
export const minimalRecipientForm: RecipientFormSource = async (db, params) => {
  const [country] = await db
    .select({ iso2: countries.iso2 })
    .from(countries)
    .where(eq(countries.id, params.countryToId))
    .limit(1);
  const [method] = await db
    .select({ slug: shippingMethods.slug })
    .from(shippingMethods)
    .where(eq(shippingMethods.id, params.shippingMethodId))
    .limit(1);
  const iso2 = country?.iso2 ?? "XX";
  const slug = method?.slug ?? "unknown";
  const label = LABELS[params.language];
  const fields: FormField[] =
    params.type === "business"
      ? [defineField({ key: "business_name", label: label.business_name!, kind: "text", max_length: 120 })]
      : [
          defineField({ key: "first_name", label: label.first_name!, kind: "text", max_length: 60 }),
          defineField({ key: "last_name", label: label.last_name!, kind: "text", max_length: 60 }),
        ];
  fields.push(
    defineField({ key: "email", label: label.email!, kind: "email", max_length: 254 }),
    defineField({ key: "phone", label: label.phone!, kind: "phone", country_iso: country?.iso2 ?? null }),
  );
  if (slug === "bank-deposit") {
    fields.push(
      defineField({
        key: "account_number",
        label: label.account_number!,
        kind: "number",
        min_length: 6,
        max_length: 34,
        help: label.account_help!,
        example: "0123456789",
      }),
    );
  }
  return { key: `${iso2}.${slug}.${params.type}.minimal`, title: label.title!, fields };
};
