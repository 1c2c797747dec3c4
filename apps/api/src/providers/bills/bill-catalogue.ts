import { toCurrencyAmount } from "@vela/shared/decimal";
import { currencyDecimals, logoDataUrl } from "../purchases/sandbox-fulfilments";
import type { BillPlanDef, BillProviderDef, BillServiceDef } from "./bill-provider";

/**
 * The sandbox bill payment aggregator's catalogue: the service types (one id each, the same in
 * every country), the billers of each country with the reference they ask for (label, example,
 * anchored pattern), whether they sell plans and take part payments, their plans, and the range the
 * sandbox's bills fall in per currency (bill-provider's balances are derived from the reference).
 */
export const BILL_SERVICE_TYPES: Record<BillServiceDef["slug"], { id: number; name: string; nameEs: string }> = {
  electricity: { id: 1, name: "Electricity", nameEs: "Electricidad" },
  water: { id: 2, name: "Water", nameEs: "Agua" },
  internet: { id: 3, name: "Internet", nameEs: "Internet" },
  tv: { id: 4, name: "TV", nameEs: "Televisión" },
  phone: { id: 5, name: "Phone", nameEs: "Teléfono" },
  gas: { id: 6, name: "Gas", nameEs: "Gas" },
};

type Source = {
  id: number;
  name: string;
  logo: [string, string];
  slug: BillServiceDef["slug"];
  label: string;
  example: string;
  pattern: string;
  partial: boolean;
  commissionBps: number;
  /** Plans: [name, description, amount or null (pay the balance)]. */
  plans?: Array<[string, string, string | null]>;
};

type CountrySource = { iso: string; currency: string; providers: Source[] };

const digits = (min: number, max = min) => (min === max ? `^\\d{${min}}$` : `^\\d{${min},${max}}$`);
const PAY_BALANCE: [string, string, null] = ["Pay your bill", "Pays the bill's balance.", null];

const SOURCES: CountrySource[] = [
  {
    iso: "MX",
    currency: "MXN",
    providers: [
      { id: 3101, name: "CFE", logo: ["CFE", "#008e5a"], slug: "electricity", label: "Número de servicio", example: "123456789012", pattern: digits(12), partial: false, commissionBps: 150 },
      { id: 3102, name: "SACMEX", logo: ["SAC", "#9d2449"], slug: "water", label: "Número de cuenta", example: "1234567890123456", pattern: digits(16), partial: false, commissionBps: 150 },
      { id: 3103, name: "Izzi", logo: ["IZZI", "#00b2a9"], slug: "internet", label: "Número de cuenta", example: "12345678", pattern: digits(8, 10), partial: true, commissionBps: 250 },
      {
        id: 3104, name: "SKY México", logo: ["SKY", "#0050a0"], slug: "tv", label: "Número de cuenta SKY", example: "501234567890", pattern: digits(12), partial: false, commissionBps: 300,
        plans: [PAY_BALANCE, ["SKY+ Light, 1 month", "Basic package, 30 days", "299"], ["SKY+ Plus, 1 month", "Full package, 30 days", "499"]],
      },
      { id: 3105, name: "Telmex", logo: ["TMX", "#0033a0"], slug: "phone", label: "Número telefónico (10 dígitos)", example: "5512345678", pattern: digits(10), partial: true, commissionBps: 200 },
      { id: 3106, name: "Naturgy México", logo: ["NAT", "#e57200"], slug: "gas", label: "Número de contrato", example: "12345678", pattern: digits(8), partial: false, commissionBps: 200 },
    ],
  },
  {
    iso: "GT",
    currency: "GTQ",
    providers: [
      { id: 3201, name: "EEGSA", logo: ["EEG", "#00509e"], slug: "electricity", label: "NIS", example: "1234567", pattern: digits(7), partial: false, commissionBps: 150 },
      { id: 3202, name: "Empagua", logo: ["EMP", "#0096d6"], slug: "water", label: "Número de contador", example: "123456789", pattern: digits(9), partial: false, commissionBps: 150 },
      { id: 3203, name: "Tigo Guatemala Residencial", logo: ["TIGO", "#00377b"], slug: "internet", label: "Número de cliente", example: "12345678", pattern: digits(8), partial: true, commissionBps: 250 },
      { id: 3204, name: "Claro Guatemala", logo: ["CLA", "#da291c"], slug: "phone", label: "Número de teléfono", example: "22345678", pattern: digits(8), partial: true, commissionBps: 200 },
    ],
  },
  {
    iso: "SV",
    currency: "USD",
    providers: [
      { id: 3301, name: "CAESS", logo: ["CAE", "#004b87"], slug: "electricity", label: "NIC", example: "1234567", pattern: digits(7), partial: false, commissionBps: 150 },
      { id: 3302, name: "ANDA", logo: ["ANDA", "#0072bc"], slug: "water", label: "NIC", example: "1234567", pattern: digits(7), partial: false, commissionBps: 150 },
      { id: 3303, name: "Tigo El Salvador Hogar", logo: ["TIGO", "#00377b"], slug: "internet", label: "Número de cliente", example: "12345678", pattern: digits(8), partial: true, commissionBps: 250 },
      { id: 3304, name: "Claro El Salvador", logo: ["CLA", "#da291c"], slug: "phone", label: "Número de teléfono", example: "22123456", pattern: digits(8), partial: true, commissionBps: 200 },
    ],
  },
  {
    iso: "HN",
    currency: "HNL",
    providers: [
      { id: 3401, name: "ENEE", logo: ["ENEE", "#005baa"], slug: "electricity", label: "Clave", example: "1234567", pattern: digits(7), partial: false, commissionBps: 150 },
      { id: 3402, name: "Aguas de San Pedro", logo: ["ASP", "#00a3e0"], slug: "water", label: "Número de cuenta", example: "123456", pattern: digits(6), partial: false, commissionBps: 150 },
      { id: 3403, name: "Tigo Honduras Hogar", logo: ["TIGO", "#00377b"], slug: "internet", label: "Número de cliente", example: "12345678", pattern: digits(8), partial: true, commissionBps: 250 },
      { id: 3404, name: "Claro Honduras", logo: ["CLA", "#da291c"], slug: "phone", label: "Número de teléfono", example: "22345678", pattern: digits(8), partial: true, commissionBps: 200 },
    ],
  },
  {
    iso: "CO",
    currency: "COP",
    providers: [
      {
        id: 3501, name: "Enel Colombia", logo: ["ENEL", "#0555fa"], slug: "electricity", label: "Número de cliente", example: "1234567", pattern: digits(7, 8), partial: true, commissionBps: 150,
        plans: [
          PAY_BALANCE,
          ["Energía prepago 20.000", "A prepaid energy pack of 20,000 COP", "20000"],
          ["Energía prepago 50.000", "A prepaid energy pack of 50,000 COP", "50000"],
          ["Energía prepago 100.000", "A prepaid energy pack of 100,000 COP", "100000"],
        ],
      },
      { id: 3502, name: "Air-e", logo: ["AIR-E", "#e30613"], slug: "electricity", label: "NIC", example: "1234567", pattern: digits(7), partial: false, commissionBps: 150 },
      { id: 3503, name: "EPM", logo: ["EPM", "#00843d"], slug: "water", label: "Número de contrato", example: "12345678", pattern: digits(6, 10), partial: true, commissionBps: 150 },
      { id: 3504, name: "Claro Colombia Hogar", logo: ["CLA", "#da291c"], slug: "internet", label: "Número de cuenta", example: "123456789", pattern: digits(9), partial: true, commissionBps: 250 },
      {
        id: 3505, name: "DIRECTV Colombia", logo: ["DTV", "#00a6d6"], slug: "tv", label: "Número de cuenta", example: "123456789", pattern: digits(9), partial: false, commissionBps: 300,
        plans: [PAY_BALANCE, ["Prepago Oro, 30 días", "The Oro package for 30 days", "79900"], ["Prepago Plata, 15 días", "The Plata package for 15 days", "39900"]],
      },
      { id: 3506, name: "Movistar Colombia", logo: ["MOV", "#019df4"], slug: "phone", label: "Número de línea", example: "6011234567", pattern: digits(10), partial: true, commissionBps: 200 },
      { id: 3507, name: "Vanti", logo: ["VAN", "#6cc24a"], slug: "gas", label: "Cuenta contrato", example: "12345678", pattern: digits(8), partial: false, commissionBps: 200 },
    ],
  },
  {
    iso: "DO",
    currency: "DOP",
    providers: [
      { id: 3601, name: "Edesur Dominicana", logo: ["EDS", "#0066b3"], slug: "electricity", label: "NIC", example: "1234567", pattern: digits(7), partial: true, commissionBps: 150 },
      { id: 3602, name: "Edenorte", logo: ["EDN", "#f7a800"], slug: "electricity", label: "NIC", example: "1234567", pattern: digits(7), partial: false, commissionBps: 150 },
      { id: 3603, name: "CAASD", logo: ["CAA", "#0082ca"], slug: "water", label: "Código de sistema", example: "123456", pattern: digits(6), partial: false, commissionBps: 150 },
      { id: 3604, name: "Altice Dominicana", logo: ["ALT", "#1d1d1b"], slug: "internet", label: "Número de cuenta", example: "12345678", pattern: digits(8), partial: true, commissionBps: 250 },
      { id: 3605, name: "Claro Dominicana", logo: ["CLA", "#da291c"], slug: "phone", label: "Número de teléfono", example: "8091234567", pattern: digits(10), partial: true, commissionBps: 200 },
    ],
  },
  {
    iso: "PE",
    currency: "PEN",
    providers: [
      { id: 3701, name: "Luz del Sur", logo: ["LDS", "#ffd100"], slug: "electricity", label: "Número de suministro", example: "123456", pattern: digits(6, 8), partial: false, commissionBps: 150 },
      { id: 3702, name: "Pluz Energía Perú", logo: ["PLZ", "#00a9e0"], slug: "electricity", label: "Número de suministro", example: "1234567", pattern: digits(7), partial: true, commissionBps: 150 },
      { id: 3703, name: "Sedapal", logo: ["SED", "#0077c8"], slug: "water", label: "Número de suministro", example: "1234567", pattern: digits(7), partial: false, commissionBps: 150 },
      { id: 3704, name: "Claro Perú Hogar", logo: ["CLA", "#da291c"], slug: "internet", label: "Código de cliente", example: "123456789", pattern: digits(9), partial: true, commissionBps: 250 },
      { id: 3705, name: "Movistar Perú", logo: ["MOV", "#019df4"], slug: "phone", label: "Número de teléfono", example: "014123456", pattern: digits(9), partial: true, commissionBps: 200 },
      { id: 3706, name: "Cálidda", logo: ["CAL", "#00a0af"], slug: "gas", label: "Número de cliente", example: "12345678", pattern: digits(8), partial: false, commissionBps: 200 },
    ],
  },
  {
    iso: "EC",
    currency: "USD",
    providers: [
      { id: 3801, name: "CNEL EP", logo: ["CNEL", "#004f9f"], slug: "electricity", label: "Código único eléctrico", example: "1234567890", pattern: digits(10), partial: false, commissionBps: 150 },
      { id: 3802, name: "Empresa Eléctrica Quito", logo: ["EEQ", "#f39200"], slug: "electricity", label: "Número de cuenta", example: "1234567", pattern: digits(7), partial: true, commissionBps: 150 },
      { id: 3803, name: "Interagua", logo: ["INT", "#0093d0"], slug: "water", label: "Código de cuenta", example: "12345678", pattern: digits(8), partial: false, commissionBps: 150 },
      { id: 3804, name: "CNT", logo: ["CNT", "#0072bc"], slug: "phone", label: "Número de teléfono", example: "022345678", pattern: digits(9), partial: true, commissionBps: 200 },
      {
        id: 3805, name: "DIRECTV Ecuador", logo: ["DTV", "#00a6d6"], slug: "tv", label: "Número de cuenta", example: "123456789", pattern: digits(9), partial: false, commissionBps: 300,
        plans: [PAY_BALANCE, ["Prepago Oro, 30 días", "The Oro package for 30 days", "32.90"]],
      },
    ],
  },
  {
    iso: "PH",
    currency: "PHP",
    providers: [
      { id: 3901, name: "Meralco", logo: ["MER", "#f47920"], slug: "electricity", label: "Customer Account Number", example: "1234567890", pattern: digits(10), partial: true, commissionBps: 150 },
      { id: 3902, name: "Maynilad", logo: ["MAY", "#0066b3"], slug: "water", label: "Contract Account Number", example: "12345678", pattern: digits(8), partial: true, commissionBps: 150 },
      { id: 3903, name: "Manila Water", logo: ["MW", "#00a0df"], slug: "water", label: "Contract Account Number", example: "123456789", pattern: digits(9), partial: false, commissionBps: 150 },
      { id: 3904, name: "Converge ICT", logo: ["CNV", "#5c2d91"], slug: "internet", label: "Account Number", example: "123456789012", pattern: digits(12), partial: false, commissionBps: 250 },
      { id: 3905, name: "PLDT", logo: ["PLDT", "#e4002b"], slug: "phone", label: "Account Number", example: "0212345678", pattern: digits(10), partial: true, commissionBps: 200 },
      {
        id: 3906, name: "Cignal TV", logo: ["CIG", "#e30613"], slug: "tv", label: "Account Number", example: "1234567890", pattern: digits(10), partial: false, commissionBps: 300,
        plans: [PAY_BALANCE, ["Cignal Prepaid Load 300", "30 days of the Pilipinas package", "300"], ["Cignal Prepaid Load 500", "30 days of the Premium package", "500"]],
      },
    ],
  },
  {
    iso: "IN",
    currency: "INR",
    providers: [
      { id: 4001, name: "BSES Rajdhani", logo: ["BSES", "#e31e24"], slug: "electricity", label: "CA Number", example: "123456789", pattern: digits(9), partial: true, commissionBps: 100 },
      { id: 4002, name: "Adani Electricity Mumbai", logo: ["AEM", "#0061a8"], slug: "electricity", label: "Consumer Number", example: "123456789", pattern: digits(9), partial: false, commissionBps: 100 },
      { id: 4003, name: "Delhi Jal Board", logo: ["DJB", "#1f75bb"], slug: "water", label: "K Number", example: "1234567890", pattern: digits(10), partial: false, commissionBps: 100 },
      { id: 4004, name: "Airtel Xstream Fiber", logo: ["AIR", "#e40000"], slug: "internet", label: "Account Number", example: "1234567890", pattern: digits(10), partial: true, commissionBps: 200 },
      {
        id: 4005, name: "Tata Play", logo: ["TP", "#e4007c"], slug: "tv", label: "Subscriber ID", example: "1234567890", pattern: digits(10), partial: false, commissionBps: 250,
        plans: [PAY_BALANCE, ["Hindi Basic, 1 month", "The Hindi Basic pack for 30 days", "299"], ["Family Sports, 1 month", "The Family Sports pack for 30 days", "449"]],
      },
      { id: 4006, name: "Indraprastha Gas", logo: ["IGL", "#0a7c3e"], slug: "gas", label: "Business Partner Number", example: "1234567890", pattern: digits(10), partial: false, commissionBps: 150 },
    ],
  },
];

/** Bills of the sandbox fall in [min, max] whole units of their currency, plus cents where `cents`. */
export const BILL_BALANCE_RANGES: Record<string, { min: bigint; max: bigint; cents: boolean }> = {
  MXN: { min: 200n, max: 2_500n, cents: true },
  GTQ: { min: 100n, max: 900n, cents: true },
  USD: { min: 15n, max: 120n, cents: true },
  HNL: { min: 300n, max: 3_000n, cents: true },
  COP: { min: 50_000n, max: 400_000n, cents: false },
  DOP: { min: 800n, max: 6_000n, cents: false },
  PEN: { min: 40n, max: 400n, cents: true },
  PHP: { min: 500n, max: 5_000n, cents: true },
  INR: { min: 300n, max: 4_000n, cents: false },
};

export const BILL_PROVIDERS: BillProviderDef[] = [];
export const BILL_PLANS: BillPlanDef[] = [];
for (const country of SOURCES) {
  const decimals = currencyDecimals(country.currency);
  for (const source of country.providers) {
    BILL_PROVIDERS.push({
      id: source.id,
      name: source.name,
      logoUrl: logoDataUrl(source.logo[0], source.logo[1], source.logo[1] === "#ffd100" ? "#000000" : "#ffffff"),
      countryIso: country.iso,
      serviceTypeId: BILL_SERVICE_TYPES[source.slug].id,
      currencyIso: country.currency,
      referenceLabel: source.label,
      referenceExample: source.example,
      referencePattern: source.pattern,
      hasPlans: (source.plans?.length ?? 0) > 0,
      partialPayment: source.partial,
      commissionBps: source.commissionBps,
    });
    (source.plans ?? []).forEach(([name, description, amount], index) => {
      BILL_PLANS.push({
        id: source.id * 10 + index + 1,
        providerId: source.id,
        name,
        description,
        amount: amount === null ? null : toCurrencyAmount(amount, decimals),
        currencyIso: country.currency,
      });
    });
  }
}

export const BILL_COUNTRIES: string[] = SOURCES.map((country) => country.iso);

/** A country's services: the types its billers serve, in id order, named after the first biller's reference. */
export function billServicesOf(countryIso: string): BillServiceDef[] {
  const providers = BILL_PROVIDERS.filter((provider) => provider.countryIso === countryIso);
  return Object.entries(BILL_SERVICE_TYPES)
    .map(([slug, type]) => ({ slug: slug as BillServiceDef["slug"], type }))
    .filter(({ type }) => providers.some((provider) => provider.serviceTypeId === type.id))
    .map(({ slug, type }) => ({
      serviceTypeId: type.id,
      slug,
      name: type.name,
      idField: providers.find((provider) => provider.serviceTypeId === type.id)!.referenceLabel,
    }));
}
