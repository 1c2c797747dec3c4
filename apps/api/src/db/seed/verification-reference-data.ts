import { moneyText } from "@vela/shared/money";
import type { DOCUMENT_PURPOSES, NumberCheck, QUESTION_KINDS } from "../schema/verification-reference";

/**
 * What identity verification asks for (issue 20): the kinds of document, the documents each served
 * country issues or accepts with their local names and number formats, and the source-of-funds
 * questionnaire. Number formats are the documents' published ones; where a format varies or is not
 * published the pattern is left null rather than guessed. Seeded by verification-reference.ts.
 */

export type Bilingual = { en: string; es: string };
const t = (en: string, es: string): Bilingual => ({ en, es });

export type TypeSlug =
  | "passport"
  | "national-id"
  | "drivers-licence"
  | "residence-permit"
  | "utility-bill"
  | "bank-statement-address"
  | "payslip"
  | "bank-statement-funds"
  | "tax-return";

export const DOCUMENT_TYPES: {
  slug: TypeSlug;
  name: Bilingual;
  purpose: (typeof DOCUMENT_PURPOSES)[number];
  twoSided: boolean;
}[] = [
  { slug: "passport", name: t("Passport", "Pasaporte"), purpose: "identity", twoSided: false },
  {
    slug: "national-id",
    name: t("National identity card", "Documento nacional de identidad"),
    purpose: "identity",
    twoSided: true,
  },
  {
    slug: "drivers-licence",
    name: t("Driving licence", "Licencia de conducir"),
    purpose: "identity",
    twoSided: true,
  },
  {
    slug: "residence-permit",
    name: t("Residence permit", "Permiso de residencia"),
    purpose: "identity",
    twoSided: true,
  },
  {
    slug: "utility-bill",
    name: t("Utility bill (electricity, water, gas)", "Factura de servicios (luz, agua, gas)"),
    purpose: "address",
    twoSided: false,
  },
  {
    slug: "bank-statement-address",
    name: t("Bank statement", "Extracto bancario"),
    purpose: "address",
    twoSided: false,
  },
  { slug: "payslip", name: t("Payslip", "Recibo de nómina"), purpose: "funds", twoSided: false },
  {
    slug: "bank-statement-funds",
    name: t("Bank statement showing income or savings", "Extracto bancario con ingresos o ahorros"),
    purpose: "funds",
    twoSided: false,
  },
  {
    slug: "tax-return",
    name: t("Tax return", "Declaración de impuestos"),
    purpose: "funds",
    twoSided: false,
  },
];

/** A document a country issues: its type, local name, number format and what its form asks beyond the usual. */
export type CountryDocument = {
  type: "passport" | "national-id" | "drivers-licence" | "residence-permit";
  /** Unique in the country; the type's slug when not given. */
  code?: string;
  name?: Bilingual;
  pattern?: string;
  example?: string;
  check?: NumberCheck;
  /** Whether the document has an expiry date to ask for (Aadhaar and PAN do not). */
  expires?: boolean;
  twoSided?: boolean;
  /** Issued by a state or province: the form asks which one. */
  issuingState?: boolean;
};

const passport = (pattern?: string, example?: string): CountryDocument => ({
  type: "passport",
  ...(pattern ? { pattern } : {}),
  ...(example ? { example } : {}),
});
const residence = (name: Bilingual, extra: Partial<CountryDocument> = {}): CountryDocument => ({
  type: "residence-permit",
  name,
  ...extra,
});

/** Most passports: six to nine capital letters and digits (ICAO 9303's document number field). */
export const GENERIC_PASSPORT_PATTERN = "^[A-Z0-9]{6,9}$";

/**
 * The identity documents of every country Vela serves (service-availability.ts), beyond the
 * passport, driving licence and residence permit every country gets when it does not list its own.
 */
export const COUNTRY_DOCUMENTS: Record<string, CountryDocument[]> = {
  US: [
    passport("^([0-9]{9}|[A-Z][0-9]{8})$", "A12345678"),
    {
      type: "national-id",
      code: "state-id",
      name: t("State ID card", "Tarjeta de identificación estatal"),
      issuingState: true,
    },
    { type: "drivers-licence", name: t("Driver's license", "Licencia de conducir"), issuingState: true },
    residence(t("Permanent resident card (Green Card)", "Tarjeta de residente permanente (Green Card)"), {
      pattern: "^[A-Z]{3}[0-9]{10}$",
      example: "IOE0123456789",
    }),
  ],
  CA: [
    passport("^[A-Z]{2}[0-9]{6}$", "AB123456"),
    {
      type: "national-id",
      code: "provincial-id",
      name: t("Provincial photo ID card", "Tarjeta de identificación provincial con foto"),
      issuingState: true,
    },
    { type: "drivers-licence", name: t("Driver's licence", "Licencia de conducir"), issuingState: true },
    residence(t("Permanent resident card", "Tarjeta de residente permanente")),
  ],
  GB: [
    passport("^[0-9]{9}$", "123456789"),
    {
      type: "drivers-licence",
      name: t("Driving licence (photocard)", "Permiso de conducir (tarjeta con foto)"),
      pattern: "^[A-Z9]{5}[0-9]{6}[A-Z9]{2}[0-9][A-Z]{2}$",
      example: "MORGA753116SM9IJ",
    },
    residence(t("Biometric residence permit", "Permiso de residencia biométrico"), {
      pattern: "^[A-Z]{2}[0-9X][0-9]{6}$",
      example: "ZU1234567",
    }),
  ],
  ES: [
    passport("^[A-Z]{3}[0-9]{6}$", "PAA123456"),
    {
      type: "national-id",
      name: t("DNI (Documento Nacional de Identidad)", "DNI (Documento Nacional de Identidad)"),
      pattern: "^[0-9]{8}[A-Z]$",
      example: "12345678Z",
      check: "es-dni",
    },
    {
      type: "drivers-licence",
      name: t("Driving licence (permiso de conducir)", "Permiso de conducir"),
      // Spain prints the holder's DNI or NIE as the licence number.
      pattern: "^([0-9]{8}|[XYZ][0-9]{7})[A-Z]$",
      example: "12345678Z",
      check: "es-dni",
    },
    residence(
      t("Foreigner identity card (TIE, NIE number)", "Tarjeta de Identidad de Extranjero (TIE, NIE)"),
      {
        pattern: "^[XYZ][0-9]{7}[A-Z]$",
        example: "X1234567L",
        check: "es-dni",
      },
    ),
  ],
  DE: [
    passport("^[CFGHJKLMNPRTVWXYZ0-9]{9}$", "C01X00T47"),
    {
      type: "national-id",
      name: t("Identity card (Personalausweis)", "Documento de identidad alemán (Personalausweis)"),
      pattern: "^[CFGHJKLMNPRTVWXYZ0-9]{9}$",
      example: "T22000129",
    },
    {
      type: "drivers-licence",
      name: t("Driving licence (Führerschein)", "Permiso de conducir (Führerschein)"),
      pattern: "^[A-Z0-9]{11}$",
      example: "B072RRE2I55",
    },
    residence(t("Residence permit (Aufenthaltstitel)", "Permiso de residencia (Aufenthaltstitel)")),
  ],
  FR: [
    passport("^[0-9]{2}[A-Z]{2}[0-9]{5}$", "12AB34567"),
    {
      type: "national-id",
      name: t("National identity card (carte nationale d'identité)", "Documento de identidad francés (CNI)"),
      pattern: "^([A-Z0-9]{9}|[0-9]{12})$",
      example: "X4RTBPFW4",
    },
    {
      type: "drivers-licence",
      name: t("Driving licence (permis de conduire)", "Permiso de conducir (permis de conduire)"),
    },
    residence(t("Residence permit (titre de séjour)", "Permiso de residencia (titre de séjour)")),
  ],
  IT: [
    passport("^[A-Z0-9]{2}[0-9]{7}$", "YA1234567"),
    {
      type: "national-id",
      name: t("Electronic identity card (CIE)", "Carta de identidad electrónica (CIE)"),
      pattern: "^[A-Z]{2}[0-9]{5}[A-Z]{2}$",
      example: "CA00000AA",
    },
    {
      type: "drivers-licence",
      name: t("Driving licence (patente di guida)", "Permiso de conducir (patente di guida)"),
    },
    residence(t("Residence permit (permesso di soggiorno)", "Permiso de residencia (permesso di soggiorno)")),
  ],
  NL: [
    passport("^[A-NP-Z]{2}[A-NP-Z0-9]{6}[0-9]$", "SPECI2014"),
    {
      type: "national-id",
      name: t("Identity card (identiteitskaart)", "Documento de identidad neerlandés (identiteitskaart)"),
      pattern: "^[A-NP-Z]{2}[A-NP-Z0-9]{6}[0-9]$",
      example: "SPECI2014",
    },
    {
      type: "drivers-licence",
      name: t("Driving licence (rijbewijs)", "Permiso de conducir (rijbewijs)"),
      pattern: "^[0-9]{10}$",
      example: "5123456789",
    },
    residence(t("Residence permit (verblijfsvergunning)", "Permiso de residencia (verblijfsvergunning)")),
  ],
  MX: [
    passport("^[A-Z][0-9]{8}$", "G12345678"),
    {
      type: "national-id",
      name: t("INE voter card (Credencial para votar)", "Credencial para votar (INE)"),
      // The elector key printed on the card.
      pattern: "^[A-Z]{6}[0-9]{8}[HM][0-9]{3}$",
      example: "GMVLMR80070501M100",
    },
    { type: "drivers-licence", name: t("Driver's licence", "Licencia de conducir"), issuingState: true },
    residence(t("Resident card (tarjeta de residente)", "Tarjeta de residente")),
  ],
  BR: [
    passport("^[A-Z]{2}[0-9]{6}$", "FZ123456"),
    {
      type: "national-id",
      name: t("RG identity card (Registro Geral)", "Cédula de identidad RG (Registro Geral)"),
      pattern: "^[0-9A-Z.-]{5,14}$",
      example: "12.345.678-9",
      issuingState: true,
    },
    {
      type: "drivers-licence",
      name: t("CNH driving licence", "Licencia de conducir CNH"),
      pattern: "^[0-9]{11}$",
      example: "02650306461",
    },
    residence(t("Migrant registration card (CRNM)", "Carné de registro migratorio (CRNM)")),
  ],
  EC: [
    {
      type: "national-id",
      name: t("Cédula de identidad", "Cédula de identidad"),
      pattern: "^[0-9]{10}$",
      example: "1710034065",
    },
    {
      type: "drivers-licence",
      name: t("Driving licence", "Licencia de conducir"),
      // Ecuador prints the holder's cédula number on the licence.
      pattern: "^[0-9]{10}$",
      example: "1710034065",
    },
  ],
  SV: [
    {
      type: "national-id",
      name: t("DUI (Documento Único de Identidad)", "DUI (Documento Único de Identidad)"),
      pattern: "^[0-9]{8}-?[0-9]$",
      example: "04567890-1",
    },
  ],
  PA: [
    {
      type: "national-id",
      name: t("Cédula de identidad personal", "Cédula de identidad personal"),
      pattern: "^([1-9]|1[0-3]|E|N|PE)(AV|PI)?-[0-9]{1,4}-[0-9]{1,6}$",
      example: "8-745-1234",
    },
  ],
  IN: [
    passport("^[A-Z][0-9]{7}$", "J8369854"),
    {
      type: "national-id",
      name: t("Aadhaar card", "Tarjeta Aadhaar"),
      pattern: "^[2-9][0-9]{3} ?[0-9]{4} ?[0-9]{4}$",
      example: "2345 6789 0124",
      check: "in-aadhaar",
      expires: false,
    },
    {
      type: "national-id",
      code: "voter-id",
      name: t("Voter ID (EPIC)", "Credencial de elector (EPIC)"),
      pattern: "^[A-Z]{3}[0-9]{7}$",
      example: "ABC1234567",
      expires: false,
    },
    {
      type: "national-id",
      code: "pan-card",
      name: t("PAN card (Permanent Account Number)", "Tarjeta PAN (Permanent Account Number)"),
      pattern: "^[A-Z]{5}[0-9]{4}[A-Z]$",
      example: "ABCPE1234F",
      expires: false,
      twoSided: false,
    },
    {
      type: "drivers-licence",
      name: t("Driving licence", "Licencia de conducir"),
      pattern: "^[A-Z]{2}[0-9]{2} ?[0-9]{11}$",
      example: "MH12 20110012345",
    },
  ],
  PH: [
    passport("^[A-Z]{1,2}[0-9]{7}[A-Z]?$", "P1234567A"),
    {
      type: "national-id",
      name: t("PhilSys national ID (PhilID)", "Identificación nacional PhilSys (PhilID)"),
      pattern: "^[0-9]{4}-?[0-9]{4}-?[0-9]{4}-?[0-9]{4}$",
      example: "1234-5678-9012-3456",
      expires: false,
    },
    {
      type: "national-id",
      code: "umid",
      name: t("UMID (Unified Multi-Purpose ID)", "UMID (Unified Multi-Purpose ID)"),
      pattern: "^[0-9]{4}-?[0-9]{7}-?[0-9]$",
      example: "0111-1234567-8",
      expires: false,
    },
    {
      type: "drivers-licence",
      name: t("Driver's license (LTO)", "Licencia de conducir (LTO)"),
      pattern: "^[A-Z][0-9]{2}-?[0-9]{2}-?[0-9]{6}$",
      example: "N01-12-345678",
    },
  ],
  ID: [
    passport("^[A-Z]{1,2}[0-9]{6,7}$", "C1234567"),
    {
      type: "national-id",
      name: t("KTP identity card (NIK)", "Cédula de identidad KTP (NIK)"),
      pattern: "^[0-9]{16}$",
      example: "3171012345678901",
      expires: false,
      twoSided: false,
    },
    { type: "drivers-licence", name: t("Driving licence (SIM)", "Licencia de conducir (SIM)") },
    residence(t("Stay permit (KITAS or KITAP)", "Permiso de estancia (KITAS o KITAP)")),
  ],
  CN: [
    passport("^(E[0-9]{8}|E[A-HJ-NP-Z][0-9]{7}|G[0-9]{8})$", "E12345678"),
    {
      type: "national-id",
      name: t("Resident identity card (居民身份证)", "Tarjeta de identidad de residente (居民身份证)"),
      pattern: "^[0-9]{17}[0-9X]$",
      example: "11010519491231002X",
      check: "cn-resident-id",
    },
    residence(t("Foreign permanent resident ID card", "Tarjeta de residente permanente extranjero")),
  ],
  TH: [
    passport("^[A-Z]{1,2}[0-9]{6,7}$", "AA1234567"),
    {
      type: "national-id",
      name: t("Thai national ID card", "Cédula de identidad tailandesa"),
      pattern: "^[0-9]-?[0-9]{4}-?[0-9]{5}-?[0-9]{2}-?[0-9]$",
      example: "1-1037-02071-81-1",
      check: "th-national-id",
    },
  ],
  MY: [
    passport("^[AHK][0-9]{8}$", "A12345678"),
    {
      type: "national-id",
      name: t("MyKad identity card", "Cédula de identidad MyKad"),
      pattern: "^[0-9]{6}-?[0-9]{2}-?[0-9]{4}$",
      example: "850101-14-5678",
      expires: false,
    },
  ],
  KR: [
    passport("^[MSROD]([0-9]{8}|[0-9]{3}[A-Z][0-9]{4})$", "M12345678"),
    {
      type: "national-id",
      name: t("Resident registration card (주민등록증)", "Tarjeta de registro de residente (주민등록증)"),
      pattern: "^[0-9]{6}-?[1-4][0-9]{6}$",
      example: "850101-1234567",
      expires: false,
    },
    {
      type: "drivers-licence",
      name: t("Driver's license", "Licencia de conducir"),
      pattern: "^[0-9]{2}-?[0-9]{2}-?[0-9]{6}-?[0-9]{2}$",
      example: "11-12-345678-90",
    },
    residence(t("Residence card (외국인등록증)", "Tarjeta de residencia (외국인등록증)")),
  ],
  ZA: [
    passport("^[A-Z][0-9]{8}$", "A12345678"),
    {
      type: "national-id",
      name: t("Smart ID card or green ID book", "Tarjeta de identidad inteligente o libreta verde"),
      pattern: "^[0-9]{13}$",
      example: "8001015009087",
      check: "luhn",
      expires: false,
    },
  ],
  SN: [
    {
      type: "national-id",
      name: t("ECOWAS national identity card (carte d'identité CEDEAO)", "Cédula de identidad CEDEAO"),
      pattern: "^[12][0-9]{12}$",
      example: "1751198700123",
    },
  ],
  CI: [
    {
      type: "national-id",
      name: t(
        "National identity card (carte nationale d'identité)",
        "Cédula de identidad (carte nationale d'identité)",
      ),
    },
    {
      type: "national-id",
      code: "attestation",
      name: t(
        "Identity certificate (attestation d'identité)",
        "Certificado de identidad (attestation d'identité)",
      ),
      twoSided: false,
    },
  ],
  CM: [
    {
      type: "national-id",
      name: t(
        "National identity card (carte nationale d'identité)",
        "Cédula de identidad (carte nationale d'identité)",
      ),
    },
  ],
  CV: [
    {
      type: "national-id",
      name: t("National identity card (CNI)", "Cédula de identidad (CNI)"),
    },
  ],
  CO: [
    passport("^[A-Z]{2}[0-9]{6,7}$", "AT123456"),
    {
      type: "national-id",
      name: t("Cédula de ciudadanía", "Cédula de ciudadanía"),
      pattern: "^[0-9]{6,10}$",
      example: "1020304050",
      expires: false,
    },
    residence(t("Cédula de extranjería", "Cédula de extranjería"), {
      pattern: "^[0-9]{6,7}$",
      example: "456789",
    }),
    residence(t("PPT (Permiso por Protección Temporal)", "PPT (Permiso por Protección Temporal)"), {
      code: "ppt",
      pattern: "^[0-9]{6,8}$",
      example: "1234567",
    }),
  ],
  GT: [
    {
      type: "national-id",
      name: t("DPI (Documento Personal de Identificación)", "DPI (Documento Personal de Identificación)"),
      pattern: "^[0-9]{4} ?[0-9]{5} ?[0-9]{4}$",
      example: "1234 56789 0101",
    },
  ],
  HN: [
    {
      type: "national-id",
      name: t("DNI (Documento Nacional de Identificación)", "DNI (Documento Nacional de Identificación)"),
      pattern: "^[0-9]{4}-?[0-9]{4}-?[0-9]{5}$",
      example: "0801-1990-12345",
    },
  ],
  DO: [
    {
      type: "national-id",
      name: t("Cédula de identidad y electoral", "Cédula de identidad y electoral"),
      pattern: "^[0-9]{3}-?[0-9]{7}-?[0-9]$",
      example: "001-1234567-8",
    },
  ],
  PE: [
    {
      type: "national-id",
      name: t("DNI (Documento Nacional de Identidad)", "DNI (Documento Nacional de Identidad)"),
      pattern: "^[0-9]{8}$",
      example: "45678912",
    },
    residence(t("Carné de extranjería", "Carné de extranjería"), {
      pattern: "^[0-9]{9}$",
      example: "001234567",
    }),
  ],
  NG: [
    {
      type: "national-id",
      name: t("National identity card (NIN)", "Cédula de identidad nacional (NIN)"),
      pattern: "^[0-9]{11}$",
      example: "12345678901",
    },
    {
      type: "national-id",
      code: "voter-card",
      name: t("Permanent voter card (PVC)", "Credencial permanente de elector (PVC)"),
      expires: false,
    },
  ],
  KE: [
    {
      type: "national-id",
      name: t("National ID card", "Cédula de identidad nacional"),
      pattern: "^[0-9]{7,8}$",
      example: "12345678",
      expires: false,
    },
  ],
};

export type SupportingSlug = Exclude<TypeSlug, CountryDocument["type"]>;
/** A proof of address or of funds: the same kind in every country. */
export type SupportingDocument = { type: SupportingSlug };

/** What every served country accepts as proof of address and of funds. */
export const SUPPORTING_TYPES: SupportingSlug[] = [
  "utility-bill",
  "bank-statement-address",
  "payslip",
  "bank-statement-funds",
  "tax-return",
];

export type QuestionSeed = {
  key: string;
  text: Bilingual;
  kind: (typeof QUESTION_KINDS)[number];
  required: boolean;
  options?: { value: string; label: Bilingual }[];
};

const option = (value: string, en: string, es: string) => ({ value, label: t(en, es) });

/** "500 USD", "1,000 USD" / "1.000 USD": the bands' bounds, formatted as every amount is. */
const usd = (amount: string) => t(moneyText(amount, "USD", "en"), moneyText(amount, "USD", "es"));
function band(value: string, from: string | null, to: string | null) {
  if (from === null && to !== null) {
    const bound = usd(to);
    return { value, label: t(`Less than ${bound.en}`, `Menos de ${bound.es}`) };
  }
  if (to === null && from !== null) {
    const bound = usd(from);
    return { value, label: t(`More than ${bound.en}`, `Más de ${bound.es}`) };
  }
  const low = usd(from ?? "0");
  const high = usd(to ?? "0");
  return { value, label: t(`${low.en} to ${high.en}`, `De ${low.es} a ${high.es}`) };
}

/** The source-of-funds and purpose questionnaire: list 1, which the enhanced level asks for. */
export const SOURCE_OF_FUNDS_LIST = {
  id: 1,
  slug: "source-of-funds",
  title: t("Source of funds and purpose", "Origen de los fondos y propósito"),
  questions: [
    {
      key: "employment_status",
      text: t("What is your employment status?", "¿Cuál es tu situación laboral?"),
      kind: "select",
      required: true,
      options: [
        option("employed", "Employed", "Empleado por cuenta ajena"),
        option("self_employed", "Self-employed", "Trabajador por cuenta propia"),
        option("business_owner", "Business owner", "Propietario de un negocio"),
        option("unemployed", "Not working", "Sin empleo"),
        option("retired", "Retired", "Jubilado"),
        option("student", "Student", "Estudiante"),
        option("homemaker", "Homemaker", "Dedicado al hogar"),
      ],
    },
    {
      key: "occupation",
      text: t("What is your occupation or line of work?", "¿Cuál es tu ocupación o actividad?"),
      kind: "text",
      required: false,
    },
    {
      key: "source_of_funds",
      text: t("Where does the money you send come from?", "¿De dónde procede el dinero que envías?"),
      kind: "select",
      required: true,
      options: [
        option("salary", "Salary or wages", "Salario o sueldo"),
        option("savings", "Savings", "Ahorros"),
        option("business_income", "Business income", "Ingresos de un negocio"),
        option("pension", "Pension", "Pensión"),
        option("gifts", "Gifts or inheritance", "Regalos o herencia"),
        option("sale_of_property", "Sale of property", "Venta de una propiedad"),
        option("other", "Other", "Otro"),
      ],
    },
    {
      key: "source_of_funds_other",
      text: t("If other, where does it come from?", "Si es otro, ¿de dónde procede?"),
      kind: "text",
      required: false,
    },
    {
      key: "expected_monthly_amount",
      text: t("How much do you expect to send each month?", "¿Cuánto esperas enviar cada mes?"),
      kind: "select",
      required: true,
      options: [
        band("under_500", null, "500"),
        band("500_1000", "500", "1000"),
        band("1000_3000", "1000", "3000"),
        band("3000_10000", "3000", "10000"),
        band("over_10000", "10000", null),
      ],
    },
    {
      key: "transfer_purpose",
      text: t("What will you mostly send money for?", "¿Para qué enviarás dinero principalmente?"),
      kind: "select",
      required: true,
      options: [
        option("family_support", "Family support", "Manutención familiar"),
        option("savings", "Savings", "Ahorro"),
        option("bills", "Paying bills", "Pago de facturas"),
        option("business", "Business", "Negocios"),
        option("other", "Other", "Otro"),
      ],
    },
    {
      key: "recipient_relationship",
      text: t("Who do you usually send money to?", "¿A quién sueles enviar dinero?"),
      kind: "select",
      required: true,
      options: [
        option("family", "Family members", "Familiares"),
        option("friends", "Friends", "Amigos"),
        option("self", "Myself (my own accounts)", "Yo mismo (mis propias cuentas)"),
        option("business_partners", "Business partners or suppliers", "Socios o proveedores"),
        option("other", "Other", "Otros"),
      ],
    },
  ],
} satisfies { id: number; slug: string; title: Bilingual; questions: QuestionSeed[] };

export const QUESTION_LISTS = [SOURCE_OF_FUNDS_LIST];
